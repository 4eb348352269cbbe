import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { countedLimit, type Limit } from '../rate-limits/counted-limit.ts';

/** Sign-in attempts per email, from any address (docs/decisions/003-auth-tokens.md). */
export const LOGIN_PER_EMAIL_LIMIT = { max: 10, timeWindow: '15 minutes' } as const;

/** Password reset requests per email, from any address (docs/decisions/116-password-reset.md). */
export const RESET_PER_EMAIL_LIMIT = { max: 5, timeWindow: '1 hour' } as const;

type PreHandler = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/**
 * The per-email sign-in limit, as the login route's preHandler (the email is in the body, which
 * is read after the per-address limit of the route's config has run in onRequest). Every attempt
 * counts, a good password too: counting only failures would let parallel guesses all pass the
 * check before the first one fails.
 */
export function loginPerEmailLimit(app: FastifyInstance): PreHandler[] {
  return perKeyLimit(app, LOGIN_PER_EMAIL_LIMIT, (request) => `login-email:${bodyEmail(request)}`);
}

/**
 * The per-email limit of password reset requests, as the forgot-password route's preHandler.
 * Every request counts, for an email with an account or without, so the 429 tells nothing about
 * whether the email has one (docs/decisions/116-password-reset.md).
 */
export function resetPerEmailLimit(app: FastifyInstance): PreHandler[] {
  return perKeyLimit(app, RESET_PER_EMAIL_LIMIT, (request) => `reset-email:${bodyEmail(request)}`);
}

/**
 * Reset links staff send to one account (`/users/:id/password-reset`), from any admin and
 * address: as many as the person could ask for themselves, so nobody's inbox is flooded
 * (docs/decisions/122-people-rules.md).
 */
export function resetPerUserLimit(app: FastifyInstance): PreHandler[] {
  return perKeyLimit(app, RESET_PER_EMAIL_LIMIT, (request) => `reset-user:${(request.params as { id: string }).id}`);
}

const bodyEmail = (request: FastifyRequest) => (request.body as { email: string }).email.toLowerCase();

/**
 * A limit per key of the request (an email of the body, already validated and put in lower case,
 * or an id of the path), each key prefixed with the limit's own name, as a preHandler
 * (features/rate-limits/counted-limit.ts). None with RATE_LIMIT=off.
 */
function perKeyLimit(
  app: FastifyInstance,
  limit: Limit,
  keyGenerator: (request: FastifyRequest) => string,
): PreHandler[] {
  const counted = countedLimit(app, limit, keyGenerator);
  return counted ? [counted.hook] : [];
}
