import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.ts';

/*
 * The public vehicles a sitemap lists (every status but Archived), in id order, read in keyset
 * pages so a sitemap of any size holds one page of rows at a time. The condition is written as
 * the partial index vehicles_public_sitemap states it (migration 008-sitemap): both
 * databases use a partial index only for that very text, not for a bound parameter.
 */
const PUBLIC = sql<boolean>`status <> 'Archived'`;

export interface SitemapVehicleRow {
  id: string;
  slug: string;
  updated_at: string;
}

export async function countPublicVehicles(db: Kysely<DB>): Promise<number> {
  const row = await db
    .selectFrom('vehicles')
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('n'))
    .where(PUBLIC)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The id just before the public vehicle at `offset` (0-based), where a sitemap file starts. */
export async function publicVehicleIdBefore(db: Kysely<DB>, offset: number): Promise<string | undefined> {
  if (offset === 0) return undefined;
  const row = await db
    .selectFrom('vehicles')
    .select('id')
    .where(PUBLIC)
    .orderBy('id')
    .limit(1)
    .offset(offset - 1)
    .executeTakeFirst();
  return row?.id;
}

/** Up to `limit` public vehicles after `afterId` (from the first when undefined), in id order. */
export function publicVehiclesAfter(
  db: Kysely<DB>,
  afterId: string | undefined,
  limit: number,
): Promise<SitemapVehicleRow[]> {
  let query = db.selectFrom('vehicles').select(['id', 'slug', 'updated_at']).where(PUBLIC).orderBy('id').limit(limit);
  if (afterId !== undefined) query = query.where('id', '>', afterId);
  return query.execute();
}
