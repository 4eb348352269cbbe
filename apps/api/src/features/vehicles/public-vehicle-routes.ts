import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema, idParamSchema, optionalQueryText } from '@vm/shared/common';
import { MSG } from '@vm/shared/messages';
import { dollarsToCents } from '@vm/shared/money';
import {
  makesResponseSchema,
  modelsResponseSchema,
  similarQuerySchema,
  taggedQuerySchema,
  vehicleListSchema,
  vehicleSchema,
  vehicleSearchQuerySchema,
  vehicleSearchResponseSchema,
  viewBodySchema,
  viewResponseSchema,
} from '@vm/shared/vehicle';
import { notFound } from '../../lib/http-errors.ts';
import { nowIso } from '../../lib/time.ts';
import { findVehicleState, getVehicle, toSummaries } from './vehicle-repository.ts';
import {
  catalogueIndex,
  catalogueVersion,
  NO_FILTERS,
  publicMakes,
  publicModels,
  randomVehicles,
  recordVehicleView,
  searchVehicles,
  similarVehicles,
  toSearchFilters,
} from './vehicle-search-repository.ts';
import { cardListJson, VehicleCards } from './vehicle-cards.ts';
import { VersionedCache } from './versioned-cache.ts';

const notFoundResponse = { 404: errorBodySchema };
/** What a search or list answer holds besides its cards (see cardListJson). */
const searchRest = vehicleSearchResponseSchema.omit({ vehicles: true });
const listRest = vehicleListSchema.omit({ vehicles: true });

/** Sends JSON text as it is: Fastify skips its serializer for a body whose type is set. */
const sendJson = (reply: FastifyReply, json: string | Buffer) =>
  reply.type('application/json; charset=utf-8').send(json);

/**
 * The storefront's read side: search, makes and models, tagged and similar lists, one vehicle
 * by id or slug, and view counting. No sign-in needed; Archived vehicles stay hidden.
 * find-my-way ranks the static paths (search, makes, ...) above /:id, whatever the order here.
 */
export async function publicVehicleRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  // Search answers, keyword pages, tagged lists, makes and models per catalogue version
  // (docs/decisions/011). View counting and the detail page are never cached.
  const cache = new VersionedCache();
  // Searches without words run on an in-memory index of the public catalogue (decision 100).
  const index = catalogueIndex(app.db, app.dialect);
  // The cards of the listed vehicles, per catalogue version (decision 101).
  const cards = new VehicleCards();
  /**
   * Sends the answer kept under `key` for this catalogue version, computing its JSON on a miss.
   * It is kept as UTF-8 bytes: a repeated search sends those bytes again (decision 104).
   */
  const sendKept = async (reply: FastifyReply, version: number, key: string, computeJson: () => Promise<string>) =>
    sendJson(reply, await cache.get(version, key, async () => Buffer.from(await computeJson())));
  /** JSON of an answer through the route's own serializer, which checks it against the response schema. */
  const serialized = <T>(reply: FastifyReply, answer: T): string => {
    const json = reply.serialize(answer);
    return typeof json === 'string' ? json : new TextDecoder().decode(json);
  };
  app.addHook('onReady', async () => {
    // A database that is down at start must not stop the server: the first search reads it then.
    await index.warm().catch((err: unknown) => app.log.warn({ err }, 'catalogue index not read at start'));
  });

  app.get(
    '/search',
    {
      schema: {
        tags: ['vehicles'],
        summary: 'Search public vehicles',
        querystring: vehicleSearchQuerySchema,
        response: { 200: vehicleSearchResponseSchema },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const filters = toSearchFilters(q);
      const version = await catalogueVersion(app.db);
      if (q.random) {
        const { ids, total } = await randomVehicles(filters, q.limit, { index, catalogueVersion: version });
        const vehicles = await cards.jsonOf(app.db, version, ids);
        return sendJson(
          reply,
          cardListJson(vehicles, { total, pages: Math.ceil(total / q.limit), page: 1 }, searchRest),
        );
      }
      const order = q.sort ?? 'relevance';
      return sendKept(reply, version, `search ${order} ${q.page} ${q.limit} ${JSON.stringify(filters)}`, async () => {
        const { ids, total, totalIsLowerBound } = await searchVehicles(
          app.db,
          app.dialect,
          filters,
          { order, page: q.page, limit: q.limit, catalogueVersion: version },
          { index, cache },
        );
        const vehicles = await cards.jsonOf(app.db, version, ids);
        const pages = Math.ceil(total / q.limit);
        const rest = { total, pages, page: q.page, ...(totalIsLowerBound ? { totalIsLowerBound } : {}) };
        return cardListJson(vehicles, rest, searchRest);
      });
    },
  );

  app.get(
    '/makes',
    { schema: { tags: ['vehicles'], summary: 'Makes for the search filters', response: { 200: makesResponseSchema } } },
    async (_request, reply) =>
      sendKept(reply, await catalogueVersion(app.db), 'makes', async () =>
        serialized<z.input<typeof makesResponseSchema>>(reply, { makes: await publicMakes(app.db) }),
      ),
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
      const version = await catalogueVersion(app.db);
      return sendKept(reply, version, `models ${make}`, async () =>
        serialized<z.input<typeof modelsResponseSchema>>(reply, { models: await publicModels(app.db, make) }),
      );
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
    async (request, reply) => {
      const { tag, limit } = request.query;
      const version = await catalogueVersion(app.db);
      return sendKept(reply, version, `tagged ${tag} ${limit}`, async () => {
        // The newest tagged vehicles are the first page of a search by that tag.
        const filters = { ...NO_FILTERS, tags: [tag] };
        const { ids } = await searchVehicles(
          app.db,
          app.dialect,
          filters,
          { order: 'newest', page: 1, limit, catalogueVersion: version },
          { index },
        );
        return cardListJson(await cards.jsonOf(app.db, version, ids), {}, listRest);
      });
    },
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
    async (request) => {
      const q = request.query;
      const rows = await similarVehicles(app.db, {
        make: q.make,
        model: q.model,
        year: q.year,
        priceCents: q.price === undefined ? undefined : dollarsToCents(q.price),
        exclude: q.exclude,
        limit: q.limit,
      });
      return { vehicles: await toSummaries(app.db, rows) };
    },
  );

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
      const vehicle = await getVehicle(app.db, request.params.id);
      // Archived vehicles are off the storefront; admins still open them from the back office.
      // Only then does the caller matter: reading the session costs every other page nothing.
      if (vehicle?.status === 'Archived') await app.optionalAuth(request, reply);
      if (!vehicle || (vehicle.status === 'Archived' && !request.auth?.isAdmin)) throw notFound(MSG.vehicleNotFound);
      return vehicle;
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
      const row = await findVehicleState(app.db, request.params.id);
      if (!row || row.status === 'Archived') throw notFound(MSG.vehicleNotFound);
      const result = await recordVehicleView(app.db, {
        vehicleId: row.id,
        fingerprint: request.body.fingerprint,
        userId: request.auth?.id ?? null,
        at: nowIso(),
      });
      return { success: true, ...result };
    },
  );
}
