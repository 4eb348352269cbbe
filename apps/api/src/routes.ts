import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import { MSG } from '@vm/shared/messages';
import { authRoutes } from './features/auth/auth-routes.ts';

/** Every API route, by feature, under /api. */
export async function registerRoutes(app: FastifyInstance) {
  app.get(
    '/health',
    { schema: { tags: ['health'], response: { 200: z.object({ status: z.literal('ok') }), 503: z.object({ status: z.string(), message: z.string() }) } } },
    async (_request, reply) => {
      try {
        await sql`select 1`.execute(app.db);
        return { status: 'ok' as const };
      } catch {
        return reply.code(503).send({ status: 'unavailable', message: MSG.databaseUnavailable });
      }
    },
  );
  await app.register(authRoutes, { prefix: '/auth' });
}
