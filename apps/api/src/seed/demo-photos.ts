import { copyFile, link, mkdir, readdir, readFile, rm, stat } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { IMAGE_WIDTHS } from '@vm/shared/constants';
import { type FileStorage, LocalFileStorage } from '../features/images/local-storage.ts';
import { keyOf, storeVehicleImage } from '../features/images/vehicle-image-files.ts';
import { carDefs, type Paint, type Silhouette, silhouetteSvg } from './demo-photo-cars.ts';
import { DETAIL_SHOTS, type DetailShot, detailSvg } from './demo-photo-details.ts';
import { SCENES, type Scene, sceneSvg, waterOverlay } from './demo-photo-scenes.ts';

/**
 * Demo photos. Encoding WebP is what costs time, so each distinct picture (a hero shot per
 * silhouette and paint, plus paint-neutral detail shots) is drawn and encoded once per seed run,
 * and every vehicle image is a hard link (or copy) of those files under the vehicle's own name.
 */
export type Picture = { kind: 'hero'; silhouette: Silhouette; paint: Paint } | { kind: 'detail'; shot: DetailShot };

/**
 * Drawn in a 1600×1000 frame, rasterised at 1024×640: the gallery shows photos at most about
 * 900 px wide, and WebP encoding time grows with the pixel count (see decision 050).
 */
const FRAME = { width: 1600, height: 1000 };
const OUTPUT = { width: 1024, height: 640 };

/** Detail shots that make sense for each silhouette; cars get all of them. */
const DETAILS_FOR: Partial<Record<Silhouette, readonly DetailShot[]>> = {
  motorcycle: ['wheel', 'gauges', 'engine', 'headlight'],
  trailer: ['seats', 'wheel', 'tail'],
  boat: ['steering', 'gauges', 'seats', 'engine'],
};

export const pictureId = (p: Picture): string =>
  p.kind === 'hero' ? `hero-${p.silhouette}-${p.paint}` : `detail-${p.shot}`;

/** A small stable hash, so a picture's scene and facing never change between runs. */
function hash(text: string): number {
  let h = 2166136261;
  for (const ch of text) h = Math.imul(h ^ (ch.codePointAt(0) ?? 0), 16777619);
  return h >>> 0;
}

const LAND_SCENES = SCENES.filter((s): s is Exclude<Scene, 'lake'> => s !== 'lake');

const watermark = `<text x="1560" y="968" font-family="DejaVu Sans, Arial, sans-serif" font-size="26" letter-spacing="4" fill="#ffffff" fill-opacity="0.35" text-anchor="end">DEMO PHOTO</text>`;

export function pictureSvg(p: Picture): string {
  let content: string;
  if (p.kind === 'detail') {
    content = detailSvg(p.shot);
  } else {
    const h = hash(pictureId(p));
    const scene: Scene = p.silhouette === 'boat' ? 'lake' : (LAND_SCENES[h % LAND_SCENES.length] ?? 'studio');
    const facing = (h >> 4) % 2 === 0 ? '' : ` transform="translate(${FRAME.width},0) scale(-1,1)"`;
    content = `${sceneSvg(scene)}<defs>${carDefs(p.paint)}</defs><g${facing}>${silhouetteSvg(p.silhouette)}</g>${
      p.silhouette === 'boat' ? waterOverlay() : ''
    }`;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${OUTPUT.width}" height="${OUTPUT.height}" viewBox="0 0 ${FRAME.width} ${FRAME.height}">${content}${watermark}</svg>`;
}

/**
 * The gallery of one vehicle: its hero shot first, then `count - 1` detail shots in an order
 * that depends on `seed`, so neighbouring vehicles do not show the same sequence.
 */
export function photoPlan(silhouette: Silhouette, paint: Paint, count: number, seed: number): Picture[] {
  const details = DETAILS_FOR[silhouette] ?? DETAIL_SHOTS;
  const start = seed % details.length;
  const rotated = [...details.slice(start), ...details.slice(0, start)];
  const shots = rotated.slice(0, Math.max(0, count - 1));
  return [{ kind: 'hero', silhouette, paint }, ...shots.map((shot): Picture => ({ kind: 'detail', shot }))];
}

/** Most photos a silhouette can have (hero plus every detail that suits it). */
export const maxPhotos = (silhouette: Silhouette): number => 1 + (DETAILS_FOR[silhouette] ?? DETAIL_SHOTS).length;

const POOL_VEHICLE = 'pool';
const POOL_PREFIX = '.demo-photo-pool-';

/** A fresh folder name for one run's pool, inside the data directory (same disk, so links work). */
export const photoPoolDir = (dataDir: string, runId: string): string => path.join(dataDir, `${POOL_PREFIX}${runId}`);

/** Removes pools left behind by a start that crashed mid-seed; a running seed's pool is younger. */
export async function removeStalePhotoPools(dataDir: string, olderThanMs = 15 * 60_000): Promise<void> {
  const names = (await readdir(dataDir).catch(() => [])).filter((n) => n.startsWith(POOL_PREFIX));
  await Promise.all(
    names.map(async (name) => {
      const dir = path.join(dataDir, name);
      const info = await stat(dir).catch(() => undefined);
      if (info && Date.now() - info.mtimeMs > olderThanMs) await rm(dir, { recursive: true, force: true });
    }),
  );
}

export interface PhotoPool {
  /** Stored size of a pool picture (the largest width). */
  size(p: Picture): { width: number; height: number };
  /** Gives a vehicle image the files of a pool picture, in the media storage. */
  install(storage: FileStorage, vehicleId: string, imageId: string, p: Picture): Promise<void>;
  dispose(): Promise<void>;
}

/** Demo photos written to a bucket at the same time (the SDK keeps 50 sockets). */
const BUCKET_UPLOADS = 16;

/** Runs tasks with at most `limit` running at a time, in the order they are given. */
function limiter(limit: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      // A finished task hands its slot straight to the next waiting one.
      if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
      else running += 1;
      try {
        return await task();
      } finally {
        const next = waiting.shift();
        if (next) next();
        else running -= 1;
      }
    },
  };
}

/** Draws and encodes each distinct picture once, a few at a time, into `dir`. */
export async function renderPhotoPool(dir: string, pictures: readonly Picture[]): Promise<PhotoPool> {
  const unique = new Map(pictures.map((p) => [pictureId(p), p]));
  const storage = new LocalFileStorage(dir);
  const sizes = new Map<string, { width: number; height: number }>();
  const queue = [...unique.entries()];
  const lanes = Math.max(1, Math.min(4, availableParallelism()));
  await Promise.all(
    Array.from({ length: lanes }, async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        const [id, p] = next;
        sizes.set(id, await storeVehicleImage(storage, POOL_VEHICLE, id, Buffer.from(pictureSvg(p))));
      }
    }),
  );
  const uploads = limiter(BUCKET_UPLOADS);
  return {
    size(p) {
      const size = sizes.get(pictureId(p));
      if (!size) throw new Error(`Picture ${pictureId(p)} is not in the pool`);
      return size;
    },
    async install(target, vehicleId, imageId, p) {
      const id = pictureId(p);
      if (!sizes.has(id)) throw new Error(`Picture ${id} is not in the pool`);
      if (!(target instanceof LocalFileStorage)) {
        // A bucket: each width written as an object (decision 126), a few uploads at a time
        // rather than every photo of every vehicle at once.
        for (const width of IMAGE_WIDTHS)
          await uploads.run(async () =>
            target.write(
              keyOf(vehicleId, imageId, width),
              await readFile(path.join(dir, keyOf(POOL_VEHICLE, id, width))),
            ),
          );
        return;
      }
      const uploadsDir = target.root;
      await mkdir(path.join(uploadsDir, 'vehicles', vehicleId), { recursive: true });
      await Promise.all(
        IMAGE_WIDTHS.map(async (width) => {
          const from = path.join(dir, keyOf(POOL_VEHICLE, id, width));
          const to = path.join(uploadsDir, keyOf(vehicleId, imageId, width));
          // Stored images are never rewritten in place (storage writes a new file and renames),
          // so sharing one inode between vehicles is safe and saves disk and time.
          await link(from, to).catch(() => copyFile(from, to));
        }),
      );
    },
    dispose: () => rm(dir, { recursive: true, force: true }),
  };
}
