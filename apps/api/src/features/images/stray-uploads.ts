import type { Dirent } from 'node:fs';
import { readdir, rm, rmdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
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
 * Removes what an interrupted upload or deletion leaves under the uploads folder (issue #21): an
 * upload writes its files before it commits the image rows, and a deletion removes the rows
 * before the files, so a crash in between leaves files nothing points at. Removed, when older
 * than `graceMs`:
 * - every `*.tmp` (a write that was never renamed into place), anywhere;
 * - every `vehicles/<vehicleId>/<imageId>-<width>.webp` whose vehicle image row does not exist
 *   (no vehicle row means no image rows, so the whole folder goes);
 * - the folder of a deleted vehicle once it is empty.
 * Other files (site media under media/, anything the server did not name) are left alone: media
 * files are referenced from the settings by URL, not by rows
 * (docs/decisions/112-framework-errors-and-start-up.md).
 */
export async function sweepStrayUploads(
  db: Kysely<DB>,
  uploadsDir: string,
  { graceMs = STRAY_GRACE_MS, now = Date.now() }: { graceMs?: number; now?: number } = {},
): Promise<SweepResult> {
  const result: SweepResult = { images: 0, temporary: 0, folders: 0 };
  const oldEnough = async (file: string) => {
    const info = await stat(file).catch(() => undefined);
    return info !== undefined && now - info.mtimeMs >= graceMs;
  };
  const remove = async (file: string, kind: 'images' | 'temporary') => {
    if (!(await oldEnough(file))) return;
    await rm(file, { force: true });
    result[kind] += 1;
  };

  const vehiclesDir = path.join(uploadsDir, 'vehicles');
  const top = await entries(uploadsDir);
  for (const entry of top) {
    if (entry.isFile() && isTemporary(entry.name)) await remove(path.join(uploadsDir, entry.name), 'temporary');
    if (entry.isDirectory() && entry.name !== 'vehicles') {
      for (const inner of await entries(path.join(uploadsDir, entry.name))) {
        if (inner.isFile() && isTemporary(inner.name))
          await remove(path.join(uploadsDir, entry.name, inner.name), 'temporary');
      }
    }
  }

  const vehicleEntries = await entries(vehiclesDir);
  for (const entry of vehicleEntries) {
    if (entry.isFile() && isTemporary(entry.name)) await remove(path.join(vehiclesDir, entry.name), 'temporary');
  }
  const folders = vehicleEntries.filter((e) => e.isDirectory()).map((e) => e.name);
  for (let start = 0; start < folders.length; start += BATCH) {
    const batch = folders.slice(start, start + BATCH);
    const known = await knownUploadsOf(db, batch);
    for (const vehicleId of batch) {
      const folder = path.join(vehiclesDir, vehicleId);
      // Read before anything is removed: removing files makes the folder's own time "now".
      const folderWasOld = await oldEnough(folder);
      const images = known.images.get(vehicleId);
      let left = 0;
      for (const file of await entries(folder)) {
        const full = path.join(folder, file.name);
        const imageId = IMAGE_FILE.exec(file.name)?.[1];
        if (file.isFile() && isTemporary(file.name)) await remove(full, 'temporary');
        else if (file.isFile() && imageId !== undefined && !images?.has(imageId)) await remove(full, 'images');
        else {
          left += 1;
          continue;
        }
        if ((await stat(full).catch(() => undefined)) !== undefined) left += 1;
      }
      // Only a deleted vehicle's folder (no upload can start for it); rmdir, not rm -r, so a
      // file that arrived meanwhile makes it fail and the folder stays.
      if (left === 0 && !known.vehicles.has(vehicleId) && folderWasOld) {
        const removed = await rmdir(folder).then(
          () => true,
          () => false,
        );
        if (removed) result.folders += 1;
      }
    }
  }
  return result;
}

async function entries(dir: string): Promise<Dirent[]> {
  return readdir(dir, { withFileTypes: true }).catch(() => []);
}
