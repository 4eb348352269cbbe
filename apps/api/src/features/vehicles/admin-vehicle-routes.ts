import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamSchema, successSchema } from '@vm/shared/common';
import { MAX_IMAGES_PER_REQUEST } from '@vm/shared/constants';
import { MSG } from '@vm/shared/messages';
import {
  adminVehicleListQuerySchema,
  defaultImageBodySchema,
  defaultImageResponseSchema,
  imageOrderBodySchema,
  makesModelsResponseSchema,
  vehicleImagesResponseSchema,
  vehicleInputSchema,
  vehicleListResponseSchema,
  vehicleOfferCountsSchema,
  vehicleSchema,
} from '@vm/shared/vehicle';
import { payloadTooLarge } from '../images/image-upload.ts';
import { readUploadedFiles } from '../images/uploaded-files.ts';
import {
  addVehicleImages,
  adminVehiclePage,
  chooseDefaultImage,
  createVehicle,
  deleteVehicle,
  deleteVehicleImage,
  editVehicle,
  makesAndModels,
  reorderImages,
  vehicleForEdit,
  type VehicleOffers,
  vehicleOfferCounts,
} from './admin-vehicle-service.ts';

const imageParamsSchema = z.strictObject({ id: z.string().min(1).max(200), imageId: z.string().min(1).max(200) });
const admin = { tags: ['vehicles (admin)'], security: [{ bearer: [] }] };

/**
 * The admin side of /api/vehicles: the list of every status, create/update/delete and the images.
 * Registered in the admin subtree of routes.ts, whose onRequest hook checks the role before a
 * body is parsed or an upload read (ROLE-15, docs/decisions/030-admin-vehicle-api.md). What a
 * sale or a deletion does to the vehicle's offers comes in `offers`, from the offers feature.
 */
export async function adminVehicleRoutes(appBase: FastifyInstance, { offers }: { offers: VehicleOffers }) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/',
    { schema: { ...admin, querystring: adminVehicleListQuerySchema, response: { 200: vehicleListResponseSchema } } },
    async (request) => adminVehiclePage(app.db, request.query),
  );

  app.get('/makes-models', { schema: { ...admin, response: { 200: makesModelsResponseSchema } } }, async () => ({
    makes: await makesAndModels(app.db),
  }));

  /** The full vehicle whatever its status, for the edit form (the public read hides archived ones). */
  app.get(
    '/:id/edit',
    { schema: { ...admin, params: idParamSchema, response: { 200: vehicleSchema } } },
    async (request) => vehicleForEdit(app.db, request.params.id),
  );

  /** How many open and accepted offers the vehicle has: the delete confirmation names them. */
  app.get(
    '/:id/offer-counts',
    { schema: { ...admin, params: idParamSchema, response: { 200: vehicleOfferCountsSchema } } },
    async (request) => vehicleOfferCounts(app.db, request.params.id, offers),
  );

  app.post(
    '/',
    { schema: { ...admin, body: vehicleInputSchema, response: { 201: vehicleSchema } } },
    async (request, reply) => reply.code(201).send(await createVehicle(app.db, request.body)),
  );

  app.put(
    '/:id',
    { schema: { ...admin, params: idParamSchema, body: vehicleInputSchema, response: { 200: vehicleSchema } } },
    async (request) =>
      editVehicle(app.db, app.dialect, request.params.id, request.body, { publicUrl: app.config.publicUrl }, offers),
  );

  app.delete(
    '/:id',
    { schema: { ...admin, params: idParamSchema, response: { 200: successSchema } } },
    async (request) => {
      await deleteVehicle(
        app.db,
        app.dialect,
        app.storage,
        request.params.id,
        { publicUrl: app.config.publicUrl },
        offers,
      );
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
    async (request) =>
      addVehicleImages(app.db, app.storage, request.params.id, () =>
        readUploadedFiles(request, 'images', MAX_IMAGES_PER_REQUEST, payloadTooLarge(MSG.tooManyImages)),
      ),
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
    async (request) => chooseDefaultImage(app.db, request.params.id, request.body.defaultImage),
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
    async (request) => reorderImages(app.db, request.params.id, request.body.imageIds),
  );

  app.delete(
    '/:id/images/:imageId',
    { schema: { ...admin, params: imageParamsSchema, response: { 200: vehicleImagesResponseSchema } } },
    async (request) => deleteVehicleImage(app.db, app.storage, request.params.id, request.params.imageId),
  );
}
