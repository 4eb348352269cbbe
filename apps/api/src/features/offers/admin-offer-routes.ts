import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamSchema } from '@vm/shared/common';
import { MSG } from '@vm/shared/messages';
import {
  adminOfferListQuerySchema,
  adminOfferListResponseSchema,
  offerDecisionBodySchema,
  offerSchema,
} from '@vm/shared/offer';
import { totalPages } from '@vm/shared/pagination';
import { conflict, notFound } from '../../lib/http-errors.ts';
import { currentUser } from '../../plugins/auth.ts';
import { decideOpenOffer, findAdminOffer, listAdminOffers } from './admin-offer-repository.ts';
import { toOffer } from './offer-mapper.ts';

const OFFER_NOT_FOUND = 'Offer not found';

/** Offer review under /api/admin/offers: list with filters, accept or reject an open offer. */
export async function adminOfferRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  app.addHook('preHandler', app.requireAdmin);

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
    async (request) => {
      const q = request.query;
      const { rows, total } = await listAdminOffers(app.db, q);
      return { offers: rows.map(toOffer), totalOffers: total, totalPages: totalPages(total, q.limit), page: q.page };
    },
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
    async (request) => {
      const me = currentUser(request);
      const { id } = request.params;
      const decided = await decideOpenOffer(app.db, id, {
        status: request.body.status,
        responseMessage: request.body.responseMessage,
        decidedBy: me.id,
      });
      const row = await findAdminOffer(app.db, id);
      if (!row) throw notFound(OFFER_NOT_FOUND);
      if (!decided) throw conflict(MSG.offerFinal);
      return { offer: toOffer(row) };
    },
  );
}
