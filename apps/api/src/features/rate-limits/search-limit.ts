import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { type CountedLimit, countedLimit } from './counted-limit.ts';

/**
 * Searches a minute per address: generous (a person paging and filtering stays far below it), it
 * caps what one address can make the server compute and keep (issue #21, decision 112).
 */
export const SEARCH_LIMIT = { max: 600, timeWindow: '1 minute' };

/**
 * The visitor's search limit, one count for every search the server runs for them: through
 * GET /api/vehicles/search and through the results pages it makes for them
 * (docs/decisions/142-one-search-limit.md). Keyed by their address as the plugin keys a route's
 * limit (an IPv6 address by its /64), prefixed with the limit's name as the other counted limits
 * are (login-limits.ts): every limit counted apart from a route shares one key space in the
 * PostgreSQL and Redis stores. Undefined with RATE_LIMIT=off.
 */
export const searchLimit = (app: FastifyInstance): CountedLimit | undefined =>
  countedLimit(app, SEARCH_LIMIT, (request) => `search:${normalizeIP(request.ip)}`);
