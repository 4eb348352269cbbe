import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamSchema } from '@vm/shared/common';
import {
  adminOfferListQuerySchema,
  adminOfferListResponseSchema,
  offerDecisionBodySchema,
  offerReleaseBodySchema,
  offerSchema,
} from '@vm/shared/offer';
import { currentUser } from '../../plugins/auth.ts';
import { decideOffer, offerForReview, offerReviewPage, releaseOffer } from './admin-offer-service.ts';

/**
 * Offer review under /api/admin/offers: list with filters, one offer (a staff notice links to
 * it), accept or reject an open offer, release an accepted one whose deal fell through.
 * Registered in the admin subtree of routes.ts, whose hook has already checked the role.
 */
export async function adminOfferRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/',
    {
      schema: {
        tags: ['offers'],
        security: [{ bearer: [] }],
        querystring: adminOfferListQuerySchema,
        response: { 200: adminOfferListResponseSchema },
      },
    },
    async (request) => offerReviewPage(app.db, request.query),
  );

  app.get(
    '/:id',
    {
      schema: {
        tags: ['offers'],
        security: [{ bearer: [] }],
        params: idParamSchema,
        response: { 200: z.object({ offer: offerSchema }) },
      },
    },
    async (request) => ({ offer: await offerForReview(app.db, request.params.id) }),
  );

  app.put(
    '/:id/status',
    {
      schema: {
        tags: ['offers'],
        security: [{ bearer: [] }],
        params: idParamSchema,
        body: offerDecisionBodySchema,
        response: { 200: z.object({ offer: offerSchema }) },
      },
    },
    async (request) => ({
      offer: await decideOffer(
        app.db,
        app.dialect,
        request.params.id,
        {
          status: request.body.status,
          responseMessage: request.body.responseMessage,
          decidedBy: currentUser(request).id,
        },
        { publicUrl: app.config.publicUrl },
      ),
    }),
  );

  app.post(
    '/:id/release',
    {
      schema: {
        tags: ['offers'],
        security: [{ bearer: [] }],
        params: idParamSchema,
        body: offerReleaseBodySchema,
        response: { 200: z.object({ offer: offerSchema }) },
      },
    },
    async (request) => ({
      offer: await releaseOffer(
        app.db,
        app.dialect,
        request.params.id,
        { reason: request.body.reason, releasedBy: currentUser(request).id },
        { publicUrl: app.config.publicUrl },
      ),
    }),
  );
}
