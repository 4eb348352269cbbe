import { DEFAULT_MIGRATION_TABLE } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../src/db/migrate.ts';
import { createTestContext, DIALECTS, type TestContext } from './test-app.ts';

/*
 * Migrations are numbered (001-initial ... ), so a new one always sorts last. A database migrated
 * while they had dated names (2026-11-21-initial ...) has those renamed once at the next start,
 * and migrates on.
 */
describe.each(DIALECTS)('migration names on %s', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(dialect);
  });
  afterAll(async () => ctx?.close());

  // biome-ignore lint/suspicious/noExplicitAny: Kysely's own table is not in the app's schema type
  const migrations = () => (ctx.database.db as any).selectFrom(DEFAULT_MIGRATION_TABLE).select('name').orderBy('name');

  it('runs every migration under a number, in order', async () => {
    const names = ((await migrations().execute()) as { name: string }[]).map((r) => r.name);
    expect(names[0]).toBe('001-initial');
    expect(names.every((name, i) => name.startsWith(String(i + 1).padStart(3, '0')))).toBe(true);
  });

  it('renames the dated names of a database migrated before, and migrates it on without running anything twice', async () => {
    const db = ctx.database.db;
    // biome-ignore lint/suspicious/noExplicitAny: as above
    const table = (db as any).updateTable(DEFAULT_MIGRATION_TABLE);
    await table.set({ name: '2026-11-21-initial' }).where('name', '=', '001-initial').execute();
    await table.set({ name: '2026-12-06-tag-updates' }).where('name', '=', '016-tag-updates').execute();
    const before = ((await migrations().execute()) as { name: string }[]).length;
    await migrateToLatest(db, dialect);
    const after = ((await migrations().execute()) as { name: string }[]).map((r) => r.name);
    expect(after).toHaveLength(before);
    expect(after).toContain('001-initial');
    expect(after).toContain('016-tag-updates');
    expect(after.some((name) => name.startsWith('2026-'))).toBe(false);
  });
});
