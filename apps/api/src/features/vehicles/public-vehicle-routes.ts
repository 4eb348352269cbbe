import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBodySchema, idParamSchema } from '@vm/shared/common';
import { MSG } from '@vm/shared/messages';
import { vehicleSchema, viewBodySchema, viewResponseSchema } from '@vm/shared/vehicle';
import { notFound } from '../../lib/http-errors.ts';
import { nowIso } from '../../lib/time.ts';
import { findVehicleState, getVehicle } from './vehicle-repository.ts';
import { recordVehicleView } from './vehicle-view-repository.ts';

const notFoundResponse = { 404: errorBodySchema };

/**
 * One vehicle of the storefront by id or slug, and view counting. No sign-in needed; Archived
 * vehicles stay hidden. The catalogue's lists live in features/catalogue/catalogue-routes.ts.
 */
export async function publicVehicleRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/:id',
    {
      schema: {
        tags: ['vehicles'],
        summary: 'One vehicle by id or slug',
        params: idParamSchema,
        response: { 200: vehicleSchema, ...notFoundResponse },
      },
    },
    async (request, reply) => {
      const vehicle = await getVehicle(app.db, request.params.id);
      // Archived vehicles are off the storefront; admins still open them from the back office.
      // Only then does the caller matter: reading the session costs every other page nothing.
      if (vehicle?.status === 'Archived') await app.optionalAuth(request, reply);
      if (!vehicle || (vehicle.status === 'Archived' && !request.auth?.isAdmin)) throw notFound(MSG.vehicleNotFound);
      return vehicle;
    },
  );

  app.post(
    '/:id/view',
    {
      preHandler: app.optionalAuth,
      // One call per vehicle page opened; this is far above what a person browsing can reach.
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags: ['vehicles'],
        summary: 'Record a view (once per browser fingerprint)',
        params: idParamSchema,
        body: viewBodySchema,
        response: { 200: viewResponseSchema, ...notFoundResponse },
      },
    },
    async (request) => {
      const row = await findVehicleState(app.db, request.params.id);
      if (!row || row.status === 'Archived') throw notFound(MSG.vehicleNotFound);
      const result = await recordVehicleView(app.db, {
        vehicleId: row.id,
        fingerprint: request.body.fingerprint,
        userId: request.auth?.id ?? null,
        at: nowIso(),
      });
      return { success: true, ...result };
    },
  );
}
