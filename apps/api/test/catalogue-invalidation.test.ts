import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DB } from '../src/db/schema.ts';
import { readCatalogueVersion } from '../src/features/catalogue/catalogue-repository.ts';
import { FILTER_COLUMNS, SORT_KEYS } from '../src/features/catalogue/search-filters.ts';
import { SUMMARY_COLUMNS } from '../src/features/vehicles/vehicle-mapper.ts';
import { vehicleSearchQuerySchema } from '@vm/shared/vehicle';
import { createVehicle } from './fixtures/vehicles.ts';
import { createTestContext, DIALECTS, type TestContext } from './test-app.ts';

/**
 * Every answer of the catalogue is validated by the catalogue version (its ETag,
 * docs/decisions/143-one-plain-read-path.md), which triggers move when a vehicle row changes in a
 * column they list, or a tag or photo row is added, removed or rewritten (migrations
 * 002-public-search, 016-tag-updates). That list is written in the migration,
 * apart from the columns the catalogue reads: this test fails when a card, filter, sort or
 * full-text column is missing from it, so a client can never be told it holds a stale answer.
 */
const FULL_TEXT_COLUMNS = ['title', 'make', 'model', 'description'];
const READ_COLUMNS = [
  ...new Set<string>([
    ...SUMMARY_COLUMNS,
    ...Object.values(FILTER_COLUMNS).flatMap((f) => ('column' in f ? [f.column] : [])),
    ...Object.values(SORT_KEYS).map(([column]) => column),
    ...FULL_TEXT_COLUMNS,
  ]),
].sort();

/** The columns whose update moves the catalogue version, as the database holds its trigger. */
async function triggerColumns(db: Kysely<DB>, dialect: string): Promise<string[]> {
  if (dialect === 'sqlite') {
    const row = (
      await sql<{ sql: string }>`select sql from sqlite_master
        where type = 'trigger' and name = 'catalogue_version_vehicle_update'`.execute(db)
    ).rows[0];
    const listed = /AFTER UPDATE OF (.+?) ON vehicles/i.exec(row?.sql ?? '')?.[1] ?? '';
    return listed.split(',').map((c) => c.trim());
  }
  const rows = await sql<{ column_name: string }>`select event_object_column as column_name
    from information_schema.triggered_update_columns
    where trigger_name = 'catalogue_version_vehicle_update' and trigger_schema = current_schema()`.execute(db);
  return rows.rows.map((r) => r.column_name);
}

describe.each(DIALECTS)('catalogue version upkeep on %s', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(dialect);
  });
  afterAll(async () => ctx?.close());

  it('moves on an update of every column a card, a filter, a sort or the full-text index reads', async () => {
    const listed = await triggerColumns(ctx.database.db, dialect);
    expect(listed.length).toBeGreaterThan(0);
    // The id never changes; every other column read must be listed.
    expect(READ_COLUMNS.filter((c) => c !== 'id' && !listed.includes(c))).toEqual([]);
  });

  it('moves when a listed column changes and stays when only a counter does', async () => {
    const db = ctx.database.db;
    const { id } = await createVehicle(db, { title: '1967 Ford Mustang' });
    const before = await readCatalogueVersion(db);
    await db.updateTable('vehicles').set({ view_count: 5 }).where('id', '=', id).execute();
    expect(await readCatalogueVersion(db)).toBe(before);
    await db.updateTable('vehicles').set({ description: 'Numbers-matching engine' }).where('id', '=', id).execute();
    expect(await readCatalogueVersion(db)).toBeGreaterThan(before);
  });

  it('ISSUE-18-TAG-UPDATES moves when a tag row is rewritten in place, and a search by tag then finds the new tag', async () => {
    const db = ctx.database.db;
    const { id } = await createVehicle(db, { title: '1972 Datsun 240Z', tags: ['hot'] });
    const byTag = async (tags: string) =>
      (await ctx.app.catalogue.search(vehicleSearchQuerySchema.parse({ tags }))).vehicles;
    expect((await byTag('hot')).map((v) => v.id)).toContain(id);
    const before = await readCatalogueVersion(db);
    await db.updateTable('vehicle_tags').set({ tag: 'limited' }).where('vehicle_id', '=', id).execute();
    expect(await readCatalogueVersion(db)).toBeGreaterThan(before);
    expect((await byTag('hot')).map((v) => v.id)).not.toContain(id);
    expect((await byTag('limited')).map((v) => v.id)).toContain(id);
  });
});
