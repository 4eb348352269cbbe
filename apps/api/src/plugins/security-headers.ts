import type { FastifyHelmetOptions } from '@fastify/helmet';

/**
 * The site's policy for @fastify/helmet, registered in app.ts on every response (API, pages,
 * files, errors, 404s): scripts, styles and connections from its own origin only; images from
 * anywhere on https. The plugin builds helmet's middleware per request; decision 099 once
 * computed the headers once to save that, decision 107 registers the plugin instead
 * (docs/decisions/107-one-compression-path.md).
 */
export const SECURITY_HEADER_OPTIONS: FastifyHelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
      connectSrc: ["'self'"],
      fontSrc: ["'self'", 'data:'],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      upgradeInsecureRequests: null,
    },
  },
  crossOriginResourcePolicy: { policy: 'same-site' },
};
