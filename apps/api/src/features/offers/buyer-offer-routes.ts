import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamSchema } from '@vm/shared/common';
import { offerBodySchema, offerListSchema, offerSubmitResponseSchema } from '@vm/shared/offer';
import { currentUser } from '../../plugins/auth.ts';
import { buyerOffersOn, submitOffer } from './offer-service.ts';

/**
 * GET/POST /vehicles/:id/offers: a buyer's own offer on a vehicle. One offer per buyer and
 * vehicle; sending again amends it. A buyer never sees anyone else's offer here.
 * Registered in the signed-in subtree of routes.ts, whose hook has already authenticated the caller.
 */
export async function buyerOfferRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/:id/offers',
    {
      schema: {
        tags: ['offers'],
        security: [{ bearer: [] }],
        params: idParamSchema,
        response: { 200: offerListSchema },
      },
    },
    async (request) => ({ offers: await buyerOffersOn(app.db, currentUser(request), request.params.id) }),
  );

  app.post(
    '/:id/offers',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['offers'],
        security: [{ bearer: [] }],
        params: idParamSchema,
        body: offerBodySchema,
        response: { 200: offerSubmitResponseSchema, 201: offerSubmitResponseSchema },
      },
    },
    async (request, reply) => {
      const me = currentUser(request);
      const buyer = { id: me.id, firstName: me.row.first_name, lastName: me.row.last_name };
      const result = await submitOffer(app.db, app.dialect, buyer, request.params.id, request.body, {
        publicUrl: app.config.publicUrl,
      });
      return reply.code(result.isUpdate ? 200 : 201).send(result);
    },
  );
}
