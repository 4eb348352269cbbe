import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamSchema } from '@vm/shared/common';
import { watchBodySchema, watchResponseSchema } from '@vm/shared/vehicle';
import { currentUser } from '../../plugins/auth.ts';
import { setWatch, watchStateOf } from './watch-service.ts';

/**
 * GET/POST /vehicles/:id/watch: the signed-in user's watch state on one vehicle (id or slug).
 * Registered in the signed-in subtree of routes.ts, whose hook has already authenticated the caller.
 */
export async function watchRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/:id/watch',
    {
      schema: {
        tags: ['watch'],
        security: [{ bearer: [] }],
        params: idParamSchema,
        response: { 200: watchResponseSchema },
      },
    },
    async (request) => watchStateOf(app.db, currentUser(request), request.params.id),
  );

  app.post(
    '/:id/watch',
    {
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        tags: ['watch'],
        security: [{ bearer: [] }],
        params: idParamSchema,
        body: watchBodySchema,
        response: { 200: watchResponseSchema },
      },
    },
    async (request) => setWatch(app.db, currentUser(request), request.params.id, request.body.watching),
  );
}
