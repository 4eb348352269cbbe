import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  auctionListQuerySchema,
  auctionListSchema,
  auctionSummarySchema,
  bidBodySchema,
  bidHistorySchema,
  myBidsSchema,
  placeBidResponseSchema,
  publicAuctionSchema,
} from '@vm/shared/auction';
import { errorBodySchema, idParamSchema } from '@vm/shared/common';
import { forbidden } from '../../lib/http-errors.ts';
import { currentUser } from '../../plugins/auth.ts';
import {
  auctionOfVehicle,
  listAuctions,
  liveSummaries,
  myBids,
  placeBid,
  publicBidHistory,
} from './auction-service.ts';

const notFoundResponse = { 404: errorBodySchema };
export const STAFF_CANNOT_BID = 'Staff accounts cannot bid';

/** GET /vehicles/:id/auction and /vehicles/:id/bids: public; a signed-in bidder also sees their own maximum. */
export async function vehicleAuctionRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/:id/auction',
    {
      preHandler: app.optionalAuth,
      schema: {
        tags: ['auctions'],
        summary: "A vehicle's auction (its latest)",
        params: idParamSchema,
        response: { 200: publicAuctionSchema, ...notFoundResponse },
      },
    },
    async (request) => auctionOfVehicle(app.auctions, request.params.id, request.auth ?? null),
  );
  app.get(
    '/:id/bids',
    {
      schema: {
        tags: ['auctions'],
        summary: "A vehicle's auction bid history: visible prices, newest first",
        params: idParamSchema,
        response: { 200: bidHistorySchema, ...notFoundResponse },
      },
    },
    async (request) => ({ bids: await publicBidHistory(app.auctions, request.params.id) }),
  );
}

/** GET /auctions (live or results) and GET /auctions/live (summaries for vehicle cards). */
export async function auctionListRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/',
    {
      schema: {
        tags: ['auctions'],
        summary: 'Live auctions ending soonest first, or results',
        querystring: auctionListQuerySchema,
        response: { 200: auctionListSchema },
      },
    },
    async (request) => listAuctions(app.auctions, request.query),
  );
  app.get(
    '/live',
    {
      schema: {
        tags: ['auctions'],
        summary: 'Every live auction, by vehicle (for vehicle cards)',
        response: { 200: z.object({ auctions: z.array(auctionSummarySchema.extend({ vehicleId: z.string() })) }) },
      },
    },
    async () => ({ auctions: await liveSummaries(app.auctions) }),
  );
}

/** POST /vehicles/:id/bids: signed-in buyers only (the signed-in subtree of routes.ts); staff get 403. */
export async function bidRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/:id/bids',
    {
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags: ['auctions'],
        summary: 'Bid: the amount is your maximum (proxy bidding)',
        security: [{ bearer: [] }],
        params: idParamSchema,
        body: bidBodySchema,
        response: { 201: placeBidResponseSchema },
      },
    },
    async (request, reply) => {
      const me = currentUser(request);
      if (me.isAdmin) throw forbidden(STAFF_CANNOT_BID);
      return reply.code(201).send(await placeBid(app.auctions, me, request.params.id, request.body.amount));
    },
  );
}

/** GET /users/me/bids: the buyer's auctions with their maximum and standing. */
export async function myBidsRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/me/bids',
    { schema: { tags: ['auctions'], security: [{ bearer: [] }], response: { 200: myBidsSchema } } },
    async (request) => myBids(app.auctions, currentUser(request).id),
  );
}
