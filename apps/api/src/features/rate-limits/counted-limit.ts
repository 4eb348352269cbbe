import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MSG } from '@vm/shared/messages';
import { HttpError } from '../../lib/http-errors.ts';

export interface Limit {
  max: number;
  timeWindow: string;
}

/**
 * A limit counted apart from any one route, in the store every limit of this instance counts in
 * (rate-limit-store.ts). It serves a limit the route config cannot express: one keyed by what
 * the body holds (the per-email sign-in limits), or one several paths spend together (the
 * visitor's search limit, docs/decisions/142-one-search-limit.md).
 */
export interface CountedLimit {
  /** Counts one request against the limit; whether it is within it. */
  allows(request: FastifyRequest): Promise<boolean>;
  /** As a route's hook: counts the request, and past the limit refuses it as the plugin's own limits do. */
  hook(request: FastifyRequest, reply: FastifyReply): Promise<void>;
}

/**
 * Made with `app.createRateLimit`, which counts and reports without answering. A limiter from
 * `app.rateLimit()` shares @fastify/rate-limit's per-request "already ran" flag with the route's
 * own limiter, so it skipped every request the per-address limit had seen and never counted one
 * (issue #21, docs/decisions/111-token-version-and-login-limits.md). The PostgreSQL and Redis
 * stores give every such limit the same key prefix (no route to name), so each limit's keys carry
 * its own name. Undefined with RATE_LIMIT=off, like the route limits app.ts turns off.
 */
export function countedLimit(
  app: FastifyInstance,
  limit: Limit,
  keyGenerator: (request: FastifyRequest) => string,
): CountedLimit | undefined {
  if (!app.config.rateLimit) return undefined;
  const count = app.createRateLimit({ ...limit, keyGenerator });
  return {
    allows: async (request) => {
      const state = await count(request);
      return state.isAllowed || !state.isExceeded;
    },
    hook: async (request, reply) => {
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
  };
}
