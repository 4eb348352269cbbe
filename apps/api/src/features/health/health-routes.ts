import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MSG } from '@vm/shared/messages';
import { databaseIsUp, unreachableDependencies } from './health-service.ts';

/**
 * GET /api/health (the server and its database answer), GET /api/ready (the instance can serve:
 * its database, its storage of uploads and, when REDIS_URL is set, Redis are reachable) and GET /api/ping (the server answers).
 * Load balancers probe /api/ready (decision 127).
 */
const LIST = new Intl.ListFormat('en', { type: 'conjunction' });

export async function healthRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        response: {
          200: z.object({ status: z.literal('ok') }),
          503: z.object({ status: z.string(), message: z.string() }),
        },
      },
    },
    async (_request, reply) => {
      if (await databaseIsUp(app.db)) return { status: 'ok' as const };
      return reply.code(503).send({ status: 'unavailable', message: MSG.databaseUnavailable });
    },
  );

  // For load balancers: 503 naming what cannot be reached, so the instance is taken out of the pool
  // until it is back. Each check gives up after READY_CHECK_TIMEOUT_MS. Never kept by a cache.
  app.get(
    '/ready',
    {
      schema: {
        tags: ['health'],
        response: {
          200: z.object({ status: z.literal('ready') }),
          503: z.object({ status: z.literal('unavailable'), message: z.string(), failed: z.array(z.string()) }),
        },
      },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const failed = await unreachableDependencies({
        db: app.db,
        storage: app.storage,
        uploadsDir: app.config.uploadsDir,
        redis: app.rateLimitCounters.checkReachable,
      });
      if (failed.length === 0) return { status: 'ready' as const };
      return reply
        .code(503)
        .send({ status: 'unavailable' as const, message: `Not ready: ${LIST.format(failed)} unreachable`, failed });
    },
  );

  // Fixed JSON with no database call: the ceiling the search benchmark compares against (issue #3).
  app.get(
    '/ping',
    { schema: { tags: ['health'], response: { 200: z.object({ ok: z.literal(true) }) } } },
    async () => ({ ok: true as const }),
  );
}
