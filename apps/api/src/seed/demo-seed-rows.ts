import type { Insertable, Kysely } from 'kysely';
import type { ActivityType } from '@vm/shared/constants';
import type { DB } from '../db/schema.ts';
import { newId } from '../lib/ids.ts';

/** Small helpers the demo seed modules share: time arithmetic, activity rows, batched inserts. */

export const DAY_MS = 86_400_000;
export const HOUR_MS = 3_600_000;

export const iso = (ms: number): string => new Date(ms).toISOString();

export type ActivityRow = Insertable<DB['activity_events']>;

/**
 * A dashboard event at a chosen time. The seed writes events directly (rather than through
 * recordActivity, which stamps "now") so the Recent Activity list reads like a real history.
 */
export function activityAt(type: ActivityType, subjectId: string, summary: string, atMs: number): ActivityRow {
  return { id: newId(), type, subject_id: subjectId, summary, created_at: iso(atMs) };
}

// Well under SQLite's and PostgreSQL's bound-parameter limits for the widest demo row.
const CHUNK = 200;

export async function insertInChunks<T extends 'activity_events' | 'vehicle_views' | 'watches' | 'vehicle_images'>(
  db: Kysely<DB>,
  table: T,
  rows: readonly Insertable<DB[T]>[],
): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) {
    await db
      .insertInto(table)
      .values(rows.slice(i, i + CHUNK) as Insertable<DB[T]>[])
      .execute();
  }
}
