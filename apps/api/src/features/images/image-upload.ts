import { availableParallelism } from 'node:os';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { IMAGE_WIDTHS, MAX_IMAGE_PIXELS } from '@vm/shared/constants';
import { MSG } from '@vm/shared/messages';
import { HttpError } from '../../lib/http-errors.ts';
import { newId } from '../../lib/ids.ts';
import type { FileStorage } from './local-storage.ts';
import { removeVehicleImage, storeVehicleImage } from './vehicle-image-files.ts';

export const payloadTooLarge = (message: string) => new HttpError(413, message);
export const unsupportedMedia = (message: string) => new HttpError(415, message);

/** Image formats a vehicle photo may be, told by the file's bytes. */
export const VEHICLE_IMAGE_MIMES: ReadonlySet<string> = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif']);

export interface CheckedImage {
  data: Buffer;
  mime: string;
  ext: string;
  width: number;
  height: number;
}

/**
 * Checks one file by its bytes: the detected type must be allowed, and the pixel count, read from
 * the header before anything is decoded, must stay under the limit (a decompression bomb costs
 * nothing until it is decoded).
 */
export async function checkImage(
  data: Buffer,
  allowed: ReadonlySet<string>,
  notAllowedMessage: string,
): Promise<CheckedImage> {
  const type = data.length > 0 ? await fileTypeFromBuffer(data) : undefined;
  if (!type || !allowed.has(type.mime)) throw unsupportedMedia(notAllowedMessage);
  let width = 0;
  let height = 0;
  try {
    const meta = await sharp(data, { limitInputPixels: false, animated: true }).metadata();
    width = meta.width ?? 0;
    height = meta.pageHeight ?? meta.height ?? 0;
  } catch {
    // ICO is not something sharp reads; its header holds at most 256×256 per entry.
    if (type.mime !== 'image/x-icon') throw unsupportedMedia(MSG.imageUnreadable);
    return { data, mime: type.mime, ext: type.ext, width: 256, height: 256 };
  }
  if (!width || !height) throw unsupportedMedia(MSG.imageUnreadable);
  if (width * height > MAX_IMAGE_PIXELS) throw payloadTooLarge(MSG.imageTooManyPixels);
  return { data, mime: type.mime, ext: type.ext, width, height };
}

/**
 * Runs `task` over `items` with at most `limit` at a time, keeping the order of the results.
 * After a failure no new task starts, and it rejects only once every running task has settled,
 * so a cleanup that follows never races a task still writing files.
 */
async function mapLimited<T, R>(items: readonly T[], limit: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  let failure: { error: unknown } | null = null;
  const worker = async () => {
    while (next < items.length && !failure) {
      const i = next++;
      try {
        results[i] = await task(items[i] as T);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  if (failure) throw (failure as { error: unknown }).error;
  return results;
}

const LARGEST_WIDTH = IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1] as number;

/**
 * Decodes a photo once, upright and no wider than the largest stored width, into a lossless PNG.
 * Encoding the three widths from this instead of from the original saves decoding a 12-megapixel
 * JPEG three times (bench/image-processing.ts: about a quarter of the time). A truncated or
 * corrupt file fails here.
 */
async function toLargestWidth(data: Buffer): Promise<Buffer> {
  return sharp(data, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' })
    .rotate()
    .resize({ width: LARGEST_WIDTH, withoutEnlargement: true })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

export interface StoredImage {
  id: string;
  width: number;
  height: number;
}

/**
 * Encodes checked images into the vehicle's folder (WebP at every width, metadata stripped).
 * One image per core at a time (sharp adds its own threads inside each). When any
 * image fails to decode (a truncated file passes the header check), every file written by this
 * call is removed and the upload is refused as unreadable.
 */
export async function storeVehicleImages(
  storage: FileStorage,
  vehicleId: string,
  images: readonly CheckedImage[],
): Promise<StoredImage[]> {
  const written: string[] = [];
  try {
    return await mapLimited(images, Math.max(1, availableParallelism()), async (image) => {
      const id = newId();
      // Remembered before encoding: a failure half-way may leave some widths on disk.
      written.push(id);
      try {
        return { id, ...(await storeVehicleImage(storage, vehicleId, id, await toLargestWidth(image.data))) };
      } catch {
        throw unsupportedMedia(MSG.imageUnreadable);
      }
    });
  } catch (err) {
    await removeStoredImages(storage, vehicleId, written);
    throw err;
  }
}

export async function removeStoredImages(storage: FileStorage, vehicleId: string, imageIds: readonly string[]) {
  await Promise.all(imageIds.map((id) => removeVehicleImage(storage, vehicleId, id)));
}
