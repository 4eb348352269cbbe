import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The site's policy for helmet, on every response (API, pages, files, errors, 404s): scripts,
 * styles and connections from its own origin only; images from anywhere on https.
 */
export const SECURITY_HEADER_OPTIONS: HelmetOptions = {
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

/**
 * Helmet's headers and Permissions-Policy on every answer, set when the request arrives. Helmet's
 * middleware is built once, here: @fastify/helmet builds it again on every request (it calls
 * `helmet(options)` in its onRequest hook), which cost about 50 µs a request, half again the
 * cost of the API's cheapest route (docs/decisions/107-one-compression-path.md). The headers are
 * the ones @fastify/helmet sets with the same options: security-headers.test.ts compares them.
 */
export const securityHeadersPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', (request, reply, done) => {
    setSecurityHeaders(request.raw, reply.raw, done);
  });
});

const applyHelmet = helmet(SECURITY_HEADER_OPTIONS);

/**
 * Sets the headers of every answer on a Node response. Also called by the answers no hook
 * reaches: the framework errors of plugins/errors.ts (decision 112).
 */
export function setSecurityHeaders(req: IncomingMessage, res: ServerResponse, done: (err?: Error) => void): void {
  res.setHeader('Permissions-Policy', PERMISSIONS_POLICY);
  applyHelmet(req, res, (err?: unknown) => done(err as Error | undefined));
}
