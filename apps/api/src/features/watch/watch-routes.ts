import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamSchema } from '@vm/shared/common';
import { MSG } from '@vm/shared/messages';
import { watchBodySchema, watchResponseSchema } from '@vm/shared/vehicle';
import { notFound } from '../../lib/http-errors.ts';
import { currentUser } from '../../plugins/auth.ts';
import { findVehicleState } from '../vehicles/vehicle-repository.ts';
import { readWatchState, setWatching } from './watch-repository.ts';

/** GET/POST /vehicles/:id/watch: the signed-in user's watch state on one vehicle (id or slug). */
export async function watchRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/:id/watch',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['watch'],
        security: [{ bearer: [] }],
        params: idParamSchema,
        response: { 200: watchResponseSchema },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const vehicle = await findVehicleState(app.db, request.params.id);
      if (!vehicle) throw notFound(MSG.vehicleNotFound);
      return readWatchState(app.db, me.id, vehicle.id);
    },
  );

  app.post(
    '/:id/watch',
    {
      preHandler: app.authenticate,
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        tags: ['watch'],
        security: [{ bearer: [] }],
        params: idParamSchema,
        body: watchBodySchema,
        response: { 200: watchResponseSchema },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const { watching } = request.body;
      const vehicle = await findVehicleState(app.db, request.params.id);
      // An archived car is off the storefront: it cannot be newly watched, but can still be unwatched.
      if (!vehicle || (watching && vehicle.status === 'Archived')) throw notFound(MSG.vehicleNotFound);
      return app.db.transaction().execute((trx) => setWatching(trx, me.id, vehicle.id, watching));
    },
  );
}
