import sharp from 'sharp';
import { IMAGE_WIDTHS, MAX_IMAGE_PIXELS } from '@vm/shared/constants';
import { vehicleImageFile } from '@vm/shared/image-path';
import type { FileStorage } from './local-storage.ts';

/** Storage key (path under the uploads root) of one stored width of a vehicle image. */
export const keyOf = (vehicleId: string, imageId: string, width: number) =>
  vehicleImageFile(vehicleId, imageId, width).replace(/^\/uploads\//, '');

/**
 * Re-encodes an image to WebP at each stored width (never upscaled), auto-rotated by its EXIF
 * orientation and stripped of all metadata (sharp drops EXIF, GPS and ICC unless asked to keep them).
 * Returns the stored size. Throws when sharp cannot decode the bytes.
 */
export async function storeVehicleImage(
  storage: FileStorage,
  vehicleId: string,
  imageId: string,
  input: Buffer,
): Promise<{ width: number; height: number }> {
  return storeWebpWidths(storage, input, (width) => keyOf(vehicleId, imageId, width));
}

/**
 * Writes an image as WebP at each of IMAGE_WIDTHS under `keyFor(width)`, as vehicle photos are
 * stored (the settings' hero image too). On a failure the widths already written are removed.
 */
export async function storeWebpWidths(
  storage: FileStorage,
  input: Buffer,
  keyFor: (width: number) => string,
): Promise<{ width: number; height: number }> {
  const base = sharp(input, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' }).rotate();
  const meta = await base.metadata();
  const rotated = (meta.orientation ?? 1) >= 5;
  const fullWidth = (rotated ? meta.height : meta.width) ?? 0;
  const fullHeight = (rotated ? meta.width : meta.height) ?? 0;
  if (!fullWidth || !fullHeight) throw new Error('Image has no dimensions');
  const written: string[] = [];
  try {
    for (const width of IMAGE_WIDTHS) {
      const target = Math.min(width, fullWidth);
      const data = await base
        .clone()
        .resize({ width: target, withoutEnlargement: true })
        .webp({ quality: 78, effort: 2 })
        .toBuffer();
      const key = keyFor(width);
      await storage.write(key, data);
      written.push(key);
    }
  } catch (err) {
    await Promise.all(written.map((k) => storage.remove(k)));
    throw err;
  }
  const largest = Math.min(IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1] as number, fullWidth);
  return { width: largest, height: Math.round((fullHeight * largest) / fullWidth) };
}

export async function removeVehicleImage(storage: FileStorage, vehicleId: string, imageId: string): Promise<void> {
  await Promise.all(IMAGE_WIDTHS.map((w) => storage.remove(keyOf(vehicleId, imageId, w))));
}

/** Removes every file of a vehicle (its folder). */
export async function removeVehicleFolder(storage: FileStorage, vehicleId: string): Promise<void> {
  await storage.removeFolder(`vehicles/${vehicleId}`);
}
