import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MSG } from '@vm/shared/messages';
import { databaseIsUp } from './health-service.ts';

/** GET /api/health (the database answers) and GET /api/ping (the server answers). */
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

  // Fixed JSON with no database call: the ceiling the search benchmark compares against (issue #3).
  app.get(
    '/ping',
    { schema: { tags: ['health'], response: { 200: z.object({ ok: z.literal(true) }) } } },
    async () => ({ ok: true as const }),
  );
}
