import sharp, { type Sharp } from 'sharp';
import { IMAGE_WIDTHS, MAX_IMAGE_PIXELS, MEDIA_KINDS, type MediaKind } from '@vm/shared/constants';
import { MSG } from '@vm/shared/messages';
import { MEDIA_UPLOAD_REQUIRED, OWN_MEDIA_PATH, type Settings } from '@vm/shared/settings';
import { badRequest } from '../../lib/http-errors.ts';
import { newId } from '../../lib/ids.ts';
import { sanitiseIco } from '../images/ico.ts';
import { type CheckedImage, checkImage, unsupportedMedia } from '../images/image-upload.ts';
import type { FileStorage } from '../images/local-storage.ts';
import { storeWebpWidths } from '../images/vehicle-image-files.ts';

/** A favicon is shown at 16 to 64 px (256 on some home screens): anything larger is scaled down. */
export const FAVICON_MAX_SIZE = 256;

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
 * A favicon is re-encoded as a PNG that fits in 256 × 256, padded to a square with transparency
 * (a 4000 × 3000 photo is not a favicon); an ICO keeps its checked entries, at most 256 px each.
 */
async function toFavicon(image: CheckedImage): Promise<{ data: Buffer; ext: string }> {
  if (image.mime === 'image/x-icon') return { data: await reencode(image), ext: 'ico' };
  try {
    const data = await sharp(image.data, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' })
      .rotate()
      .resize({
        width: FAVICON_MAX_SIZE,
        height: FAVICON_MAX_SIZE,
        fit: 'contain',
        background: { r: 0, g: 0, b: 0, alpha: 0 },
        withoutEnlargement: true,
      })
      .png({ compressionLevel: 9 })
      .toBuffer();
    return { data, ext: 'png' };
  } catch {
    throw unsupportedMedia(MSG.imageUnreadable);
  }
}

const LARGEST_WIDTH = IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1] as number;

/**
 * Checks and re-encodes one uploaded site image (docs/decisions/034-site-media-uploads.md,
 * docs/decisions/123-settings-and-uploads.md), stores it under media/ and returns its url. The
 * logo keeps its format; the hero image is stored as WebP at the photo widths (the url is the
 * largest); the favicon is scaled to fit 256 × 256. The settings are not changed: the form saves
 * the url.
 */
export async function storeSiteMedia(storage: FileStorage, kind: MediaKind, file: Buffer): Promise<{ url: string }> {
  const image = await checkImage(file, MEDIA_MIMES, MSG.notAMediaImage);
  const id = newId();
  if (kind === 'heroImage') {
    try {
      await storeWebpWidths(storage, image.data, (width) => `media/heroImage-${id}-${width}.webp`);
    } catch {
      throw unsupportedMedia(MSG.imageUnreadable);
    }
    return { url: `/uploads/media/heroImage-${id}-${LARGEST_WIDTH}.webp` };
  }
  const { data, ext } = kind === 'favicon' ? await toFavicon(image) : { data: await reencode(image), ext: image.ext };
  const key = `media/${kind}-${id}.${ext}`;
  await storage.write(key, data);
  return { url: `/uploads/${key}` };
}

/** The storage keys of an own media url: one file, or every width of a hero image. */
export function mediaKeysOf(url: string): string[] {
  const hero = /^\/uploads\/(media\/heroImage-[A-Za-z0-9-]+)-\d+\.webp$/.exec(url);
  if (hero) return IMAGE_WIDTHS.map((w) => `${hero[1]}-${w}.webp`);
  return MEDIA_KINDS.some((k) => OWN_MEDIA_PATH[k].test(url)) ? [url.replace(/^\/uploads\//, '')] : [];
}

/**
 * A media url that a save changes must be a file uploaded here and still stored: a made-up path
 * under /uploads/media is refused like an external URL. An unchanged value is kept as it is.
 */
export async function checkNewMedia(storage: FileStorage, before: Settings, after: Settings): Promise<void> {
  for (const kind of MEDIA_KINDS) {
    const url = after.media[kind];
    if (url === '' || url === before.media[kind]) continue;
    const keys = mediaKeysOf(url);
    const stored = keys.length > 0 && (await Promise.all(keys.map((k) => storage.exists(k)))).every(Boolean);
    if (!stored) throw badRequest(MEDIA_UPLOAD_REQUIRED, `media.${kind}`);
  }
}

/** Removes the files of media a save replaced or cleared (never a file the new settings still use). */
export async function removeReplacedMedia(storage: FileStorage, before: Settings, after: Settings): Promise<void> {
  const kept = new Set(MEDIA_KINDS.map((k) => after.media[k]));
  const gone = MEDIA_KINDS.map((k) => before.media[k]).filter((url) => url !== '' && !kept.has(url));
  await Promise.all(gone.flatMap(mediaKeysOf).map((key) => storage.remove(key)));
}
