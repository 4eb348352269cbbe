import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageVisitBodySchema } from '@vm/shared/tracking';
import { recordPageVisit } from './tracking-service.ts';

/** POST /tracking/page-visit: anonymous or signed-in (the user is attached when a valid token comes). */
export async function trackingRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/page-visit',
    {
      preHandler: app.optionalAuth,
      // A page load sends one call; the limit only stops a script from filling the table.
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags: ['tracking'],
        summary: 'Record a storefront page visit',
        body: pageVisitBodySchema,
        response: { 201: z.object({ success: z.literal(true) }) },
      },
    },
    async (request, reply) => {
      await recordPageVisit(app.db, {
        page: request.body.page,
        referrer: request.body.referrer,
        userId: request.auth?.id ?? null,
      });
      return reply.code(201).send({ success: true as const });
    },
  );
}
