import type { Kysely } from 'kysely';
import { EMPTY_SETTINGS, mergeSettings, type Settings } from '@vm/shared/settings';
import type { DB } from '../../db/schema.ts';
import { nowIso } from '../../lib/time.ts';

const KEY = 'site';

/** The stored settings merged over the empty defaults. */
export async function readSettings(db: Kysely<DB>): Promise<Settings> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', KEY).executeTakeFirst();
  let stored: unknown = null;
  try {
    stored = row ? JSON.parse(row.value) : null;
  } catch {
    stored = null;
  }
  return mergeSettings(EMPTY_SETTINGS, stored);
}

export async function writeSettings(db: Kysely<DB>, settings: Settings): Promise<void> {
  const value = JSON.stringify(settings);
  const updated_at = nowIso();
  await db
    .insertInto('settings')
    .values({ key: KEY, value, updated_at })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at }))
    .execute();
}

export async function hasSettings(db: Kysely<DB>): Promise<boolean> {
  return !!(await db.selectFrom('settings').select('key').where('key', '=', KEY).executeTakeFirst());
}
