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
  type VehicleSearchResponse,
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
import { VehicleCards } from './vehicle-cards.ts';
import { VersionedCache } from './versioned-cache.ts';

const notFoundResponse = { 404: errorBodySchema };

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
   * Sends the answer kept under `key` for this catalogue version, computing it on a miss. It is
   * kept as the UTF-8 bytes of the JSON first sent, checked against the route's response schema
   * and serialized that once: a repeated search sends those bytes again (decision 104). `T` is
   * the route's response type, so the compiler still checks each answer's shape.
   */
  const sendKept = async <T>(reply: FastifyReply, version: number, key: string, compute: () => Promise<T>) => {
    const json = await cache.get(version, key, async () => {
      const serialized = reply.serialize(await compute());
      if (typeof serialized === 'string') return Buffer.from(serialized);
      return Buffer.isBuffer(serialized) ? serialized : Buffer.from(serialized);
    });
    return reply.type('application/json; charset=utf-8').send(json);
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
        return { vehicles: await cards.of(app.db, version, ids), total, pages: Math.ceil(total / q.limit), page: 1 };
      }
      const order = q.sort ?? 'relevance';
      return sendKept<VehicleSearchResponse>(
        reply,
        version,
        `search ${order} ${q.page} ${q.limit} ${JSON.stringify(filters)}`,
        async () => {
          const { ids, total, totalIsLowerBound } = await searchVehicles(
            app.db,
            app.dialect,
            filters,
            { order, page: q.page, limit: q.limit, catalogueVersion: version },
            { index, cache },
          );
          const vehicles = await cards.of(app.db, version, ids);
          const pages = Math.ceil(total / q.limit);
          return { vehicles, total, pages, page: q.page, ...(totalIsLowerBound ? { totalIsLowerBound } : {}) };
        },
      );
    },
  );

  app.get(
    '/makes',
    { schema: { tags: ['vehicles'], summary: 'Makes for the search filters', response: { 200: makesResponseSchema } } },
    async (_request, reply) =>
      sendKept<z.input<typeof makesResponseSchema>>(reply, await catalogueVersion(app.db), 'makes', async () => ({
        makes: await publicMakes(app.db),
      })),
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
      return sendKept<z.input<typeof modelsResponseSchema>>(reply, version, `models ${make}`, async () => ({
        models: await publicModels(app.db, make),
      }));
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
      return sendKept<z.input<typeof vehicleListSchema>>(reply, version, `tagged ${tag} ${limit}`, async () => {
        // The newest tagged vehicles are the first page of a search by that tag.
        const filters = { ...NO_FILTERS, tags: [tag] };
        const { ids } = await searchVehicles(
          app.db,
          app.dialect,
          filters,
          { order: 'newest', page: 1, limit, catalogueVersion: version },
          { index },
        );
        return { vehicles: await cards.of(app.db, version, ids) };
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
