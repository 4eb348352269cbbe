import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBodySchema, idParamSchema } from '@vm/shared/common';
import { vehicleSchema, viewBodySchema, viewResponseSchema } from '@vm/shared/vehicle';
import { alreadyHeld, entityTag, notModified } from '../../lib/http-caching.ts';
import { readVehicleStamp, vehicleValidator } from './vehicle-stamp.ts';
import { publicVehicle, recordView } from './vehicle-service.ts';

const notFoundResponse = { 404: errorBodySchema };

/**
 * One vehicle of the storefront by id or slug, and view counting. No sign-in needed; Archived
 * vehicles stay hidden (an admin still opens them). The catalogue's lists live in features/catalogue/catalogue-routes.ts.
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
      // A public vehicle's answer is validated by its stamp: a client holding it gets a 304
      // without the vehicle being read (docs/decisions/143-one-plain-read-path.md).
      const stamp = await readVehicleStamp(app.db, request.params.id);
      if (stamp && stamp.status !== 'Archived' && alreadyHeld(request, reply, entityTag('v', vehicleValidator(stamp))))
        return notModified(reply);
      // The session is read only when the service asks (an archived vehicle), so other pages skip it.
      return publicVehicle(app.db, request.params.id, async () => {
        await app.optionalAuth(request, reply);
        return request.auth?.isAdmin ?? false;
      });
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
      const result = await recordView(app.db, request.params.id, {
        fingerprint: request.body.fingerprint,
        userId: request.auth?.id ?? null,
      });
      return { success: true, ...result };
    },
  );
}
