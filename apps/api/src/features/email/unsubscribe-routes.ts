import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { unsubscribeInfoSchema, unsubscribeQuerySchema, unsubscribeResultSchema } from '@vm/shared/email';
import { type UnsubscribeAccounts, unsubscribe, unsubscribeInfo } from './unsubscribe-service.ts';

const rateLimit = { rateLimit: { max: 30, timeWindow: '1 minute' } };

/**
 * One-click unsubscribe (RFC 8058), public: the link in an email's List-Unsubscribe header is
 * POSTed by the mail client with the form body "List-Unsubscribe=One-Click"; the link in the
 * email's footer opens the web page /unsubscribe, which reads GET and confirms with POST. The
 * accounts the links act on come in `accounts` (routes.ts passes the users feature's).
 */
export async function unsubscribeRoutes(appBase: FastifyInstance, { accounts }: { accounts: UnsubscribeAccounts }) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  // Mail clients send a form body; the token is in the address, so the body is only read as text.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
    done(null, body),
  );

  app.get(
    '/',
    {
      config: rateLimit,
      schema: { tags: ['email'], querystring: unsubscribeQuerySchema, response: { 200: unsubscribeInfoSchema } },
    },
    async (request) => unsubscribeInfo(accounts, app.db, app.config.jwtSecret, request.query.token),
  );

  app.post(
    '/',
    {
      config: rateLimit,
      schema: { tags: ['email'], querystring: unsubscribeQuerySchema, response: { 200: unsubscribeResultSchema } },
    },
    async (request) => unsubscribe(accounts, app.db, app.config.jwtSecret, request.query.token),
  );
}
