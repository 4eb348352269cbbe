/*
 * Zod compiles object parsers with `new Function` when it can, and probes for that the moment a
 * schema is created. Under the server's Content-Security-Policy (script-src 'self', no
 * 'unsafe-eval') the probe fails, as intended, but the browser still reports a
 * securitypolicyviolation on every page that builds a schema. Jitless mode skips the probe and the
 * compiled path; parsing gives the same results, a little slower, which forms never notice.
 *
 * Zod keeps its settings on `globalThis.__zod_globalConfig` (shared by every copy of zod, see
 * zod/v4/core/core.js) and only creates the object when it is missing. Setting it here, first thing
 * in main.tsx, configures zod without importing it, so the first page load still carries no zod
 * (the storefront loads schemas lazily). e2e/security-csp.test.ts fails if this stops working.
 */
const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
holder.__zod_globalConfig = { ...holder.__zod_globalConfig, jitless: true };

export {};
