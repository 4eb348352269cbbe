import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminAuctionSchema,
  editAuctionBodySchema,
  reasonBodySchema,
  scheduleAuctionBodySchema,
} from '@vm/shared/auction';
import { errorBodySchema, idParamSchema } from '@vm/shared/common';
import { currentUser } from '../../plugins/auth.ts';
import {
  adminAuction,
  cancelAuction,
  editAuction,
  scheduleAuction,
  sellToHighBidder,
  voidBid,
} from './auction-service.ts';

const answers = { 200: adminAuctionSchema, 404: errorBodySchema };
const tags = ['auctions'];
const security = [{ bearer: [] }];

/** The back office's auction routes (the admin subtree of routes.ts, under /admin). */
export async function adminAuctionRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/auctions',
    { schema: { tags, security, body: scheduleAuctionBodySchema, response: { 201: adminAuctionSchema } } },
    async (request, reply) =>
      reply.code(201).send(await scheduleAuction(app.auctions, currentUser(request), request.body)),
  );
  app.get('/auctions/:id', { schema: { tags, security, params: idParamSchema, response: answers } }, async (request) =>
    adminAuction(app.auctions, request.params.id),
  );
  app.patch(
    '/auctions/:id',
    { schema: { tags, security, params: idParamSchema, body: editAuctionBodySchema, response: answers } },
    async (request) => editAuction(app.auctions, request.params.id, request.body),
  );
  app.post(
    '/auctions/:id/cancel',
    { schema: { tags, security, params: idParamSchema, body: reasonBodySchema, response: answers } },
    async (request) => cancelAuction(app.auctions, request.params.id, request.body.reason),
  );
  app.post(
    '/auctions/:id/sell',
    { schema: { tags, security, params: idParamSchema, response: answers } },
    async (request) => sellToHighBidder(app.auctions, request.params.id),
  );
  app.post(
    '/bids/:id/void',
    { schema: { tags, security, params: idParamSchema, body: reasonBodySchema, response: answers } },
    async (request) => voidBid(app.auctions, currentUser(request), request.params.id, request.body.reason),
  );
}
