import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { myOffersQuerySchema, myOffersResponseSchema } from '@vm/shared/offer';
import { currentUser } from '../../plugins/auth.ts';
import { buyerOffers } from './offer-service.ts';

/**
 * GET /users/me/offers: the "My offers" tab of the account page, the caller's own offers on
 * every vehicle (docs/decisions/124-buyers-and-finding.md). Registered in the signed-in subtree
 * of routes.ts, whose hook has already authenticated the caller; an admin sees only their own here.
 */
export async function myOffersRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/me/offers',
    {
      schema: {
        tags: ['offers'],
        security: [{ bearer: [] }],
        querystring: myOffersQuerySchema,
        response: { 200: myOffersResponseSchema },
      },
    },
    async (request) => buyerOffers(app.db, currentUser(request).id, request.query),
  );
}
