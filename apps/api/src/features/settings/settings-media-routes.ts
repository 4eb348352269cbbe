import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MEDIA_KINDS } from '@vm/shared/constants';
import { MSG } from '@vm/shared/messages';
import { mediaUploadResponseSchema } from '@vm/shared/settings';
import { badRequest } from '../../lib/http-errors.ts';
import { readUploadedFiles } from '../images/uploaded-files.ts';
import { storeSiteMedia } from './settings-media-service.ts';

/**
 * POST /api/settings/media/:kind (logo, heroImage, favicon): stores the file and answers its url.
 * It does not change the settings: the settings form saves the url with PUT /api/settings.
 * Registered in the admin subtree of routes.ts, whose onRequest hook checks the role before an
 * upload is read.
 */
export async function settingsMediaRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/:kind',
    {
      schema: {
        tags: ['settings'],
        security: [{ bearer: [] }],
        consumes: ['multipart/form-data'],
        params: z.strictObject({ kind: z.enum(MEDIA_KINDS, { error: 'Unknown media kind' }) }),
        response: { 200: mediaUploadResponseSchema },
      },
    },
    async (request) => {
      const [file] = await readUploadedFiles(request, 'file', 1, badRequest('Upload one file at a time', 'file'));
      if (!file) throw badRequest(MSG.noFile, 'file');
      return storeSiteMedia(app.storage, request.params.kind, file);
    },
  );
}
