import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import sharp, { type Sharp } from 'sharp';
import { z } from 'zod';
import { MAX_IMAGE_PIXELS, MEDIA_KINDS } from '@vm/shared/constants';
import { MSG } from '@vm/shared/messages';
import { mediaUploadResponseSchema } from '@vm/shared/settings';
import { badRequest } from '../../lib/http-errors.ts';
import { newId } from '../../lib/ids.ts';
import { sanitiseIco } from '../images/ico.ts';
import { type CheckedImage, checkImage, readUploadedFiles, unsupportedMedia } from '../images/image-upload.ts';

/** Site media may be any common raster format, told by its bytes; SVG (a script carrier) never. */
const MEDIA_MIMES: ReadonlySet<string> = new Set([
  'image/png',
  'image/jpeg',
  'image/webp',
  'image/avif',
  'image/gif',
  'image/x-icon',
]);

const ENCODERS: Record<string, (image: Sharp) => Sharp> = {
  'image/png': (i) => i.png({ compressionLevel: 9 }),
  'image/jpeg': (i) => i.jpeg({ quality: 88, mozjpeg: true }),
  'image/webp': (i) => i.webp({ quality: 88 }),
  'image/avif': (i) => i.avif({ quality: 60 }),
  'image/gif': (i) => i.gif(),
};

/**
 * Re-encodes a raster image in its own format: metadata (EXIF, GPS, comments) is dropped and
 * anything hidden after the image data goes with it. sharp cannot write ICO, so an icon is
 * rebuilt from its checked entries instead.
 */
async function reencode(image: CheckedImage): Promise<Buffer> {
  const encode = ENCODERS[image.mime];
  try {
    if (!encode) return await sanitiseIco(image.data);
    const animated = image.mime === 'image/gif' || image.mime === 'image/webp';
    return await encode(
      sharp(image.data, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error', animated }).rotate(),
    ).toBuffer();
  } catch {
    throw unsupportedMedia(MSG.imageUnreadable);
  }
}

/**
 * POST /api/settings/media/:kind (logo, heroImage, favicon): stores the file and answers its url.
 * It does not change the settings: the settings form saves the url with PUT /api/settings.
 */
export async function settingsMediaRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', app.requireAdmin);

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
      const image = await checkImage(file, MEDIA_MIMES, MSG.notAMediaImage);
      const data = await reencode(image);
      const key = `media/${request.params.kind}-${newId()}.${image.ext}`;
      await app.storage.write(key, data);
      return { url: `/uploads/${key}` };
    },
  );
}
