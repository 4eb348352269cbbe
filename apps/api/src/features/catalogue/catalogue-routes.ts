import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { optionalQueryText } from '@vm/shared/common';
import { dollarsToCents } from '@vm/shared/money';
import {
  checkedVehicleSearchQuerySchema,
  makesResponseSchema,
  modelsResponseSchema,
  similarQuerySchema,
  taggedQuerySchema,
  vehicleListSchema,
  vehicleSearchResponseSchema,
} from '@vm/shared/vehicle';
import {
  alreadyHeld,
  entityTag,
  holds,
  notModified,
  markPublic,
  PRIVATE_CACHE_CONTROL,
} from '../../lib/http-caching.ts';

/**
 * The storefront's catalogue under /vehicles: search, makes and models, tagged and similar
 * lists. No sign-in needed; Archived vehicles are never in them. Every answer comes from the
 * app's one Catalogue (catalogue.ts) and carries the catalogue version as its ETag: a request
 * that holds it gets a 304 without a query run (docs/decisions/143-one-plain-read-path.md).
 * find-my-way ranks these static paths above the vehicle routes' /:id, whatever the order of
 * registration.
 */
export async function catalogueRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const { catalogue } = app;

  const tagNow = async () => entityTag('c', await catalogue.version());
  // A client that holds this catalogue version's answer gets its 304 before its query is even
  // parsed and checked: a revalidation costs one one-row read. (An answer this route refused was
  // never given a tag, so no query this route would refuse is answered 304 by a client's own.)
  app.addHook('onRequest', async (request, reply) => {
    if (request.headers['if-none-match'] === undefined) return;
    const tag = await tagNow();
    if (holds(request, tag)) return notModified(markPublic(reply, tag));
  });

  /** Sends `read()`'s answer with the catalogue version as its ETag. */
  async function answer<T>(request: FastifyRequest, reply: FastifyReply, read: () => Promise<T>) {
    if (alreadyHeld(request, reply, await tagNow())) return notModified(reply);
    return read();
  }

  app.get(
    '/search',
    {
      // The visitor's search limit, counted before the query is read, as a route's limit is; the
      // results pages made for them spend the same one (decision 142).
      ...(app.searchLimit ? { onRequest: app.searchLimit.hook } : {}),
      schema: {
        tags: ['vehicles'],
        summary: 'Search public vehicles',
        querystring: checkedVehicleSearchQuerySchema,
        response: { 200: vehicleSearchResponseSchema },
      },
    },
    async (request, reply) => {
      // Random picks differ on every request: nothing to validate or keep.
      if (request.query.random) {
        reply.header('Cache-Control', PRIVATE_CACHE_CONTROL);
        return catalogue.random(request.query);
      }
      return answer(request, reply, () => catalogue.search(request.query));
    },
  );

  app.get(
    '/makes',
    { schema: { tags: ['vehicles'], summary: 'Makes for the search filters', response: { 200: makesResponseSchema } } },
    async (request, reply) => answer(request, reply, () => catalogue.makes()),
  );

  app.get(
    '/models',
    {
      schema: {
        tags: ['vehicles'],
        summary: 'Models of one make',
        querystring: z.object({ make: optionalQueryText }),
        response: { 200: modelsResponseSchema },
      },
    },
    async (request, reply) => {
      const { make } = request.query;
      return answer(request, reply, async () => (make ? catalogue.models(make) : { models: [] }));
    },
  );

  app.get(
    '/tagged',
    {
      schema: {
        tags: ['vehicles'],
        summary: 'Public vehicles carrying a tag, newest first',
        querystring: taggedQuerySchema,
        response: { 200: vehicleListSchema },
      },
    },
    async (request, reply) => answer(request, reply, () => catalogue.tagged(request.query.tag, request.query.limit)),
  );

  app.get(
    '/similar',
    {
      schema: {
        tags: ['vehicles'],
        summary: 'Vehicles similar to a given one',
        querystring: similarQuerySchema,
        response: { 200: vehicleListSchema },
      },
    },
    async (request, reply) => {
      const { make, model, year, price, exclude, limit } = request.query;
      const priceCents = price === undefined ? undefined : dollarsToCents(price);
      return answer(request, reply, () => catalogue.similar({ make, model, year, priceCents, exclude, limit }));
    },
  );
}
