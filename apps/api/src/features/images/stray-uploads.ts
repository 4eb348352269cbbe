import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { FileStorage, StoredEntry } from './local-storage.ts';
import { knownUploadsOf } from './stray-uploads-repository.ts';

/**
 * Files younger than this are left alone: another instance sharing the uploads volume
 * (docs/operations.md, Scaling out) may be writing them for an upload whose rows are not
 * committed yet. An upload request is cut off after 30 s (requestTimeout in app.ts), so ten
 * minutes is far past any upload still in progress.
 */
export const STRAY_GRACE_MS = 10 * 60_000;

/** Vehicles whose folders are checked per query. */
const BATCH = 500;

/** A stored vehicle image file: `<imageId>-<width>.webp` (vehicle-image-files.ts). */
const IMAGE_FILE = /^(.+)-\d+\.webp$/;

/** A file in a vehicle's folder: `vehicles/<vehicleId>/<name>`. */
const VEHICLE_FILE = /^vehicles\/([^/]+)\/[^/]+$/;

/** LocalFileStorage.write's temporary file, renamed into place once written. */
const isTemporary = (name: string) => name.endsWith('.tmp');

export interface SweepResult {
  /** Image files whose vehicle or image has no row. */
  images: number;
  /** Temporary files of writes that never finished. */
  temporary: number;
  /** Vehicle folders left empty (the vehicle's row is gone). */
  folders: number;
}

/**
 * Removes what an interrupted upload or deletion leaves in the media storage (issue #21), on disk
 * or in a bucket alike (everything through FileStorage's list and remove): an
 * upload writes its files before it commits the image rows, and a deletion removes the rows
 * before the files, so a crash in between leaves files nothing points at. Removed, when older
 * than `graceMs`:
 * - every `*.tmp` (a write that was never renamed into place), anywhere;
 * - every `vehicles/<vehicleId>/<imageId>-<width>.webp` whose vehicle image row does not exist
 *   (no vehicle row means no image rows, so the whole folder goes);
 * - the folder of a deleted vehicle once it is empty (a bucket has no folders).
 * Other files (site media under media/, anything the server did not name) are left alone: media
 * files are referenced from the settings by URL, not by rows
 * (docs/decisions/112-framework-errors-and-start-up.md).
 */
export async function sweepStrayUploads(
  db: Kysely<DB>,
  storage: FileStorage,
  { graceMs = STRAY_GRACE_MS, now = Date.now() }: { graceMs?: number; now?: number } = {},
): Promise<SweepResult> {
  const result: SweepResult = { images: 0, temporary: 0, folders: 0 };
  const oldEnough = (entry: StoredEntry) => now - entry.lastModified.getTime() >= graceMs;
  const remove = async (entry: StoredEntry, kind: 'images' | 'temporary') => {
    if (!oldEnough(entry)) return;
    await storage.remove(entry.key);
    result[kind] += 1;
  };

  // Every stored file once: temporary ones anywhere, image files grouped by their vehicle folder.
  const byVehicle = new Map<string, { images: StoredEntry[]; others: number }>();
  for await (const entry of storage.list('')) {
    const name = entry.key.slice(entry.key.lastIndexOf('/') + 1);
    if (isTemporary(name)) {
      await remove(entry, 'temporary');
      continue;
    }
    const vehicleId = VEHICLE_FILE.exec(entry.key)?.[1];
    if (vehicleId === undefined) continue;
    const folder = byVehicle.get(vehicleId) ?? { images: [], others: 0 };
    if (IMAGE_FILE.test(name)) folder.images.push(entry);
    else folder.others += 1;
    byVehicle.set(vehicleId, folder);
  }

  const vehicleIds = [...byVehicle.keys()];
  for (let start = 0; start < vehicleIds.length; start += BATCH) {
    const batch = vehicleIds.slice(start, start + BATCH);
    const known = await knownUploadsOf(db, batch);
    for (const vehicleId of batch) {
      const folder = byVehicle.get(vehicleId) as { images: StoredEntry[]; others: number };
      const images = known.images.get(vehicleId);
      let left = folder.others;
      for (const entry of folder.images) {
        const imageId = IMAGE_FILE.exec(entry.key.slice(entry.key.lastIndexOf('/') + 1))?.[1] as string;
        if (images?.has(imageId) || !oldEnough(entry)) left += 1;
        else await remove(entry, 'images');
      }
      // Only a deleted vehicle's folder (no upload can start for it), on stores that have folders;
      // removing it fails if a file arrived meanwhile.
      if (left === 0 && !known.vehicles.has(vehicleId) && (await storage.removeEmptyFolder(`vehicles/${vehicleId}`)))
        result.folders += 1;
    }
  }
  return result;
}
