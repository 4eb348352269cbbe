import type { FastifyHelmetOptions } from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

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

/**
 * Browser features no page of the site uses, turned off for the page and anything it embeds
 * (issue #21). Helmet 8 sets no Permissions-Policy, so this is added beside it. Only features
 * every Chromium knows: an unknown one (interest-cohort) is logged as a console error.
 */
export const PERMISSIONS_POLICY =
  'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()';

/** Sets Permissions-Policy on every answer, as helmet sets its headers: when the request arrives. */
export const permissionsPolicyPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('Permissions-Policy', PERMISSIONS_POLICY);
  });
});
