import { randomBytes } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { selectOne } from './health-repository.ts';

/** Whether the database answers right now. */
export async function databaseIsUp(db: Kysely<DB>): Promise<boolean> {
  try {
    await selectOne(db);
    return true;
  } catch {
    return false;
  }
}

/**
 * What a store of uploads may offer to say whether it can be reached: resolves when it can, throws
 * (or rejects) when it cannot. THE HOOK FOR THE STORAGE IMPLEMENTATIONS (decision 127): a
 * FileStorage that has this method (an S3 bucket: a HeadBucket; the local disk: a write) is asked
 * by GET /api/ready; one without it is checked by writing a probe file into the local uploads folder.
 */
export interface StorageReachability {
  checkReachable(): Promise<void>;
}

/** A check that takes longer than this counts as failed: a load balancer's probe has its own timeout. */
export const READY_CHECK_TIMEOUT_MS = 2_000;

/** What GET /api/ready checks, and where. */
export interface ReadinessTargets {
  db: Kysely<DB>;
  storage: object;
  /** The local uploads folder: written to when the storage has no checkReachable(). */
  uploadsDir: string;
  /** The Redis rate limits count in, when REDIS_URL is set (features/rate-limits/rate-limit-store.ts). */
  redis?: (() => Promise<void>) | undefined;
}

export type ReadinessCheck = 'database' | 'storage' | 'redis';

/** Which of the instance's dependencies cannot be reached now (an empty list: ready). */
export async function unreachableDependencies(targets: ReadinessTargets): Promise<ReadinessCheck[]> {
  const checks: [ReadinessCheck, () => Promise<void>][] = [
    ['database', () => selectOne(targets.db)],
    ['storage', () => storageReachable(targets)],
  ];
  if (targets.redis) checks.push(['redis', targets.redis]);
  const results = await Promise.all(checks.map(async ([name, check]) => ((await passes(check)) ? [] : [name])));
  return results.flat();
}

function storageReachable({ storage, uploadsDir }: ReadinessTargets): Promise<void> {
  const own = (storage as Partial<StorageReachability>).checkReachable;
  if (typeof own === 'function') return own.call(storage);
  return uploadsFolderWritable(uploadsDir);
}

/** Writes and removes a small file in the uploads folder: a full disk, a read-only or missing folder fail. */
async function uploadsFolderWritable(uploadsDir: string): Promise<void> {
  const probe = path.join(uploadsDir, `.ready-${process.pid}-${randomBytes(4).toString('hex')}.tmp`);
  try {
    await writeFile(probe, 'ready');
  } finally {
    await rm(probe, { force: true });
  }
}

async function passes(check: () => Promise<void>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), READY_CHECK_TIMEOUT_MS);
  });
  try {
    return await Promise.race([check().then(() => true as const), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
