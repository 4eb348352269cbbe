import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { idParamSchema, successSchema } from '@vm/shared/common';
import { MAX_IMAGES_PER_REQUEST, MAX_IMAGES_PER_VEHICLE } from '@vm/shared/constants';
import { MSG } from '@vm/shared/messages';
import { totalPages } from '@vm/shared/pagination';
import {
  adminVehicleListQuerySchema,
  defaultImageBodySchema,
  defaultImageResponseSchema,
  imageOrderBodySchema,
  makesModelsResponseSchema,
  type VehicleImagesResponse,
  type VehicleInput,
  vehicleImagesResponseSchema,
  vehicleInputSchema,
  vehicleListResponseSchema,
  vehicleSchema,
} from '@vm/shared/vehicle';
import type { DB } from '../../db/schema.ts';
import { badRequest, notFound } from '../../lib/http-errors.ts';
import { recordActivity } from '../activity/activity-repository.ts';
import {
  checkImage,
  payloadTooLarge,
  readUploadedFiles,
  removeStoredImages,
  storeVehicleImages,
  VEHICLE_IMAGE_MIMES,
} from '../images/image-upload.ts';
import { removeVehicleFolder, removeVehicleImage } from '../images/vehicle-image-files.ts';
import {
  countVehicleImages,
  deleteVehicleImageRow,
  deleteVehicleRows,
  findImage,
  insertVehicleImages,
  listAdminVehicles,
  listMakesModels,
  reorderVehicleImages,
  setDefaultImage,
} from './admin-vehicle-repository.ts';
import { toVehicleImage, type VehicleRow } from './vehicle-mapper.ts';
import {
  findVehicleRow,
  getVehicle,
  insertVehicle,
  listVehicleImages,
  toSummaries,
  updateVehicle,
} from './vehicle-repository.ts';

const imageParamsSchema = z.strictObject({ id: z.string().min(1).max(200), imageId: z.string().min(1).max(200) });
const admin = { tags: ['vehicles (admin)'], security: [{ bearer: [] }] };
const IMAGE_NOT_FOUND = 'Image not found';

/** Dashboard events of a create or an update, recorded in the same transaction (decisions.md). */
async function recordVehicleEvents(db: Kysely<DB>, id: string, before: VehicleRow | null, after: VehicleInput) {
  const label = `${after.year} ${after.make} ${after.model}`.trim();
  if (!before) await recordActivity(db, 'vehicle_listed', id, `New vehicle listed: ${after.title}`);
  const wasAuction = before?.listing_type === 'auction';
  if (after.listingType === 'auction' && !wasAuction)
    await recordActivity(db, 'auction_started', id, `Auction started: ${after.title}`);
  const statusChanged = before?.status !== after.status;
  if (statusChanged && after.status === 'Sold') await recordActivity(db, 'vehicle_sold', id, `Vehicle sold: ${label}`);
  const wasOpenAuction = wasAuction && before?.status !== 'Sold' && before?.status !== 'Archived';
  if (wasOpenAuction && (after.status === 'Sold' || after.status === 'Archived'))
    await recordActivity(db, 'auction_ended', id, `Auction ended (${after.status.toLowerCase()}): ${after.title}`);
}

async function imagesOf(db: Kysely<DB>, vehicleId: string): Promise<VehicleImagesResponse> {
  const vehicle = await getVehicle(db, vehicleId);
  if (!vehicle) throw notFound(MSG.vehicleNotFound);
  return { images: vehicle.images, defaultImage: vehicle.defaultImage, defaultImageIndex: vehicle.defaultImageIndex };
}

/**
 * The admin side of /api/vehicles: the list of every status, create/update/delete and the images.
 * Every route requires an admin (ROLE-15).
 */
export async function adminVehicleRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  // onRequest: the role is checked before a body is parsed or an upload read.
  app.addHook('onRequest', app.requireAdmin);

  const requireVehicle = async (idOrSlug: string) => {
    const row = await findVehicleRow(app.db, idOrSlug);
    if (!row) throw notFound(MSG.vehicleNotFound);
    return row;
  };

  app.get(
    '/',
    { schema: { ...admin, querystring: adminVehicleListQuerySchema, response: { 200: vehicleListResponseSchema } } },
    async (request) => {
      const query = request.query;
      const { rows, total } = await listAdminVehicles(app.db, query);
      return {
        vehicles: await toSummaries(app.db, rows),
        totalVehicles: total,
        totalPages: totalPages(total, query.limit),
        page: query.page,
      };
    },
  );

  app.get('/makes-models', { schema: { ...admin, response: { 200: makesModelsResponseSchema } } }, async () => ({
    makes: await listMakesModels(app.db),
  }));

  /** The full vehicle whatever its status, for the edit form (the public read hides archived ones). */
  app.get(
    '/:id/edit',
    { schema: { ...admin, params: idParamSchema, response: { 200: vehicleSchema } } },
    async (request) => {
      const vehicle = await getVehicle(app.db, request.params.id);
      if (!vehicle) throw notFound(MSG.vehicleNotFound);
      return vehicle;
    },
  );

  app.post(
    '/',
    { schema: { ...admin, body: vehicleInputSchema, response: { 201: vehicleSchema } } },
    async (request, reply) => {
      const input = request.body;
      const id = await app.db.transaction().execute(async (trx) => {
        const newId = await insertVehicle(trx, input);
        await recordVehicleEvents(trx, newId, null, input);
        return newId;
      });
      const vehicle = await getVehicle(app.db, id);
      if (!vehicle) throw notFound(MSG.vehicleNotFound);
      return reply.code(201).send(vehicle);
    },
  );

  app.put(
    '/:id',
    { schema: { ...admin, params: idParamSchema, body: vehicleInputSchema, response: { 200: vehicleSchema } } },
    async (request) => {
      const input = request.body;
      const id = await app.db.transaction().execute(async (trx) => {
        const before = await findVehicleRow(trx, request.params.id);
        if (!before) throw notFound(MSG.vehicleNotFound);
        await updateVehicle(trx, before.id, input);
        await recordVehicleEvents(trx, before.id, before, input);
        return before.id;
      });
      const vehicle = await getVehicle(app.db, id);
      if (!vehicle) throw notFound(MSG.vehicleNotFound);
      return vehicle;
    },
  );

  app.delete(
    '/:id',
    { schema: { ...admin, params: idParamSchema, response: { 200: successSchema } } },
    async (request) => {
      const row = await requireVehicle(request.params.id);
      await app.db.transaction().execute((trx) => deleteVehicleRows(trx, row.id));
      // Files go only after the rows are gone: a failed delete never leaves rows without files.
      await removeVehicleFolder(app.storage, row.id);
      return { success: true as const, message: 'Vehicle deleted' };
    },
  );

  app.post(
    '/:id/images',
    {
      schema: {
        ...admin,
        params: idParamSchema,
        consumes: ['multipart/form-data'],
        response: { 200: vehicleImagesResponseSchema },
      },
    },
    async (request) => {
      const vehicle = await requireVehicle(request.params.id);
      const files = await readUploadedFiles(
        request,
        'images',
        MAX_IMAGES_PER_REQUEST,
        payloadTooLarge(MSG.tooManyImages),
      );
      if ((await countVehicleImages(app.db, vehicle.id)) + files.length > MAX_IMAGES_PER_VEHICLE)
        throw badRequest(MSG.tooManyImages, 'images');
      // Every file is checked before any is encoded: one bad file refuses the whole upload.
      const checked = [];
      for (const file of files) checked.push(await checkImage(file, VEHICLE_IMAGE_MIMES, MSG.notAnImage));
      const stored = await storeVehicleImages(app.storage, vehicle.id, checked);
      try {
        await app.db.transaction().execute(async (trx) => {
          if ((await countVehicleImages(trx, vehicle.id)) + stored.length > MAX_IMAGES_PER_VEHICLE)
            throw badRequest(MSG.tooManyImages, 'images');
          await insertVehicleImages(trx, vehicle.id, stored);
          const current = await findVehicleRow(trx, vehicle.id);
          if (!current) throw notFound(MSG.vehicleNotFound);
          const first = stored[0];
          if (!current.default_image_id && first) await setDefaultImage(trx, vehicle.id, first.id);
        });
      } catch (err) {
        await removeStoredImages(
          app.storage,
          vehicle.id,
          stored.map((s) => s.id),
        );
        throw err;
      }
      return imagesOf(app.db, vehicle.id);
    },
  );

  app.put(
    '/:id/default-image',
    {
      schema: {
        ...admin,
        params: idParamSchema,
        body: defaultImageBodySchema,
        response: { 200: defaultImageResponseSchema },
      },
    },
    async (request) => {
      const vehicle = await requireVehicle(request.params.id);
      const images = await listVehicleImages(app.db, vehicle.id);
      const chosen = findImage(images, request.body.defaultImage, (row) => toVehicleImage(row).url);
      if (!chosen) throw badRequest(IMAGE_NOT_FOUND, 'defaultImage');
      await setDefaultImage(app.db, vehicle.id, chosen.id);
      return { defaultImage: toVehicleImage(chosen).url, defaultImageIndex: images.indexOf(chosen) };
    },
  );

  app.put(
    '/:id/images/order',
    {
      schema: {
        ...admin,
        params: idParamSchema,
        body: imageOrderBodySchema,
        response: { 200: vehicleImagesResponseSchema },
      },
    },
    async (request) => {
      const vehicle = await requireVehicle(request.params.id);
      const { imageIds } = request.body;
      await app.db.transaction().execute(async (trx) => {
        const current = (await listVehicleImages(trx, vehicle.id)).map((i) => i.id);
        const sameSet =
          imageIds.length === current.length &&
          new Set(imageIds).size === imageIds.length &&
          imageIds.every((id) => current.includes(id));
        if (!sameSet) throw badRequest('List every image of the vehicle exactly once', 'imageIds');
        await reorderVehicleImages(trx, vehicle.id, imageIds);
      });
      return imagesOf(app.db, vehicle.id);
    },
  );

  app.delete(
    '/:id/images/:imageId',
    { schema: { ...admin, params: imageParamsSchema, response: { 200: vehicleImagesResponseSchema } } },
    async (request) => {
      const vehicle = await requireVehicle(request.params.id);
      const { imageId } = request.params;
      await app.db.transaction().execute(async (trx) => {
        const images = await listVehicleImages(trx, vehicle.id);
        if (!images.some((i) => i.id === imageId)) throw notFound(IMAGE_NOT_FOUND);
        await deleteVehicleImageRow(trx, vehicle.id, imageId);
        const current = await findVehicleRow(trx, vehicle.id);
        // The default falls back to the first remaining image (ADMIN-VEH-51).
        if (current && (current.default_image_id === imageId || !current.default_image_id)) {
          const firstRemaining = images.find((i) => i.id !== imageId);
          await setDefaultImage(trx, vehicle.id, firstRemaining?.id ?? null);
        }
      });
      await removeVehicleImage(app.storage, vehicle.id, imageId);
      return imagesOf(app.db, vehicle.id);
    },
  );
}
