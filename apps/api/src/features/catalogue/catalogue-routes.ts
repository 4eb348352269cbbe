import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { optionalQueryText } from '@vm/shared/common';
import { dollarsToCents } from '@vm/shared/money';
import {
  makesResponseSchema,
  modelsResponseSchema,
  similarQuerySchema,
  taggedQuerySchema,
  vehicleListSchema,
  checkedVehicleSearchQuerySchema,
  vehicleSearchResponseSchema,
} from '@vm/shared/vehicle';
import { sendPrecompressed } from '../../plugins/precompressed.ts';

/** JSON text sent as it is: Fastify skips its serializer for a body whose type is set (the catalogue checked it). */
const sendJsonText = (reply: FastifyReply, json: string) => reply.type('application/json; charset=utf-8').send(json);

/**
 * The storefront's catalogue under /vehicles: search, makes and models, tagged and similar
 * lists. No sign-in needed; Archived vehicles are never in them. Every answer comes from the
 * app's one Catalogue, made by app.ts at start-up (docs/decisions/110). find-my-way ranks these static paths
 * above the vehicle routes' /:id, whatever the order of registration.
 */
export async function catalogueRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const { catalogue } = app;
  app.addHook('onReady', async () => {
    // A database that is down at start must not stop the server: the first search reads it then.
    await catalogue.warm().catch((err: unknown) => app.log.warn({ err }, 'catalogue snapshot not read at start'));
  });

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
      // Random picks are made per request (never kept), so they are compressed like any answer.
      if (request.query.random) return sendJsonText(reply, await catalogue.random(request.query));
      return sendPrecompressed(request, reply, await catalogue.search(request.query));
    },
  );

  app.get(
    '/makes',
    { schema: { tags: ['vehicles'], summary: 'Makes for the search filters', response: { 200: makesResponseSchema } } },
    async (request, reply) => sendPrecompressed(request, reply, await catalogue.makes()),
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
      if (!make) return { models: [] };
      return sendPrecompressed(request, reply, await catalogue.models(make));
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
    async (request, reply) =>
      sendPrecompressed(request, reply, await catalogue.tagged(request.query.tag, request.query.limit)),
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
      const q = request.query;
      const vehicles = await catalogue.similar({
        make: q.make,
        model: q.model,
        year: q.year,
        priceCents: q.price === undefined ? undefined : dollarsToCents(q.price),
        exclude: q.exclude,
        limit: q.limit,
      });
      return sendPrecompressed(request, reply, vehicles);
    },
  );
}
