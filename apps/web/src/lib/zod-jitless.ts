import { z } from 'zod';

/*
 * Zod compiles object parsers with `new Function` when it can, and probes for that the moment a
 * schema is created. Under the server's Content-Security-Policy (script-src 'self', no
 * 'unsafe-eval') the probe fails, as intended, but the browser still reports a
 * securitypolicyviolation on every page load. Jitless mode skips the probe and the compiled path;
 * parsing is the same, a little slower, which forms never notice. Imported first by main.tsx,
 * before any schema module runs.
 */
z.config({ jitless: true });
