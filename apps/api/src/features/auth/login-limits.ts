import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MSG } from '@vm/shared/messages';
import { HttpError } from '../../lib/http-errors.ts';

/** Sign-in attempts per email, from any address (docs/decisions/003-auth-tokens.md). */
export const LOGIN_PER_EMAIL_LIMIT = { max: 10, timeWindow: '15 minutes' } as const;

type PreHandler = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/**
 * The per-email sign-in limit, as the login route's preHandler (the email is in the body, which
 * is read after the per-address limit of the route's config has run in onRequest). Every attempt
 * counts, a good password too: counting only failures would let parallel guesses all pass the
 * check before the first one fails.
 *
 * Made with `app.createRateLimit`, which counts and reports without answering. A limiter from
 * `app.rateLimit()` shares @fastify/rate-limit's per-request "already ran" flag with the
 * route's own limiter, so it skipped every request the per-address limit had seen and never
 * counted one (issue #21, docs/decisions/111-token-version-and-login-limits.md). None with
 * RATE_LIMIT=off, like the route limits app.ts turns off.
 */
export function loginPerEmailLimit(app: FastifyInstance): PreHandler[] {
  if (!app.config.rateLimit) return [];
  const count = app.createRateLimit({
    ...LOGIN_PER_EMAIL_LIMIT,
    keyGenerator: (request) => `login-email:${(request.body as { email: string }).email.toLowerCase()}`,
  });
  return [
    async (request, reply) => {
      const state = await count(request);
      if (state.isAllowed || !state.isExceeded) return;
      // The headers @fastify/rate-limit sends with its own 429 (enableDraftSpec off, app.ts).
      reply
        .header('x-ratelimit-limit', state.max)
        .header('x-ratelimit-remaining', 0)
        .header('x-ratelimit-reset', state.ttlInSeconds)
        .header('retry-after', state.ttlInSeconds);
      throw new HttpError(429, MSG.rateLimited);
    },
  ];
}
