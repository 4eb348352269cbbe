import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { vinDecodeResponseSchema, vinParamsSchema } from '@vm/shared/vin-lookup';
import { decodeVinForStaff } from './vin-service.ts';

/**
 * GET /api/vin/:vin: a VIN's check digit, model year, maker and country, for the vehicle form's
 * Decode button. Registered in the admin subtree of routes.ts, whose hook has already checked the
 * role. Not 1 to 17 letters and digits: 400; fewer than 17: 200 with nothing decoded
 * (docs/decisions/118-vin-decoder.md).
 */
export async function vinRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/:vin',
    {
      schema: {
        tags: ['vin'],
        security: [{ bearer: [] }],
        params: vinParamsSchema,
        response: { 200: vinDecodeResponseSchema },
      },
    },
    async (request) => decodeVinForStaff(request.params.vin),
  );
}
