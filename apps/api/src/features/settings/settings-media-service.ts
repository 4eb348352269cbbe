import sharp, { type Sharp } from 'sharp';
import { MAX_IMAGE_PIXELS, type MEDIA_KINDS } from '@vm/shared/constants';
import { MSG } from '@vm/shared/messages';
import { newId } from '../../lib/ids.ts';
import { sanitiseIco } from '../images/ico.ts';
import { type CheckedImage, checkImage, unsupportedMedia } from '../images/image-upload.ts';
import type { FileStorage } from '../images/local-storage.ts';

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
 * Checks and re-encodes one uploaded site image (docs/decisions/034-site-media-uploads.md), stores
 * it under media/ and returns its url. The settings are not changed: the form saves the url.
 */
export async function storeSiteMedia(
  storage: FileStorage,
  kind: (typeof MEDIA_KINDS)[number],
  file: Buffer,
): Promise<{ url: string }> {
  const image = await checkImage(file, MEDIA_MIMES, MSG.notAMediaImage);
  const data = await reencode(image);
  const key = `media/${kind}-${newId()}.${image.ext}`;
  await storage.write(key, data);
  return { url: `/uploads/${key}` };
}
