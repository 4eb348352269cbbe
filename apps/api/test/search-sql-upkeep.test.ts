import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { mergeFullTextIndexes } from '../src/db/full-text-maintenance.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { openSqlite } from '../src/db/database.ts';
import { withStatementCache } from '../src/db/statement-cache.ts';
import { createVehicle } from './fixtures/vehicles.ts';

const tempFile = (name: string) => path.join(mkdtempSync(path.join(tmpdir(), 'vm-upkeep-')), name);

describe('SQLite statement cache', () => {
  it('hands out the prepared statement again, never one that is still being read', () => {
    const sqlite = new SQLite(':memory:');
    const cached = withStatementCache(sqlite);
    const first = cached.prepare('select 1 as n union all select 2');
    expect(cached.prepare('select 1 as n union all select 2')).toBe(first);
    const reading = (first as unknown as SQLite.Statement).iterate();
    reading.next();
    const meanwhile = cached.prepare('select 1 as n union all select 2');
    expect(meanwhile).not.toBe(first);
    expect(meanwhile.all([])).toEqual([{ n: 1 }, { n: 2 }]);
    reading.return?.();
    cached.close();
    expect(sqlite.open).toBe(false);
  });

  it('keeps at most 500 statements, dropping the least recently used', () => {
    const cached = withStatementCache(new SQLite(':memory:'));
    const first = cached.prepare('select 0');
    for (let i = 1; i <= 499; i++) cached.prepare(`select ${i}`);
    expect(cached.prepare('select 0')).toBe(first);
    for (let i = 500; i <= 1000; i++) cached.prepare(`select ${i}`);
    expect(cached.prepare('select 0')).not.toBe(first);
    cached.close();
  });
});

describe('full-text index upkeep', () => {
  it('merges the search indexes into one segment without changing an answer', async () => {
    const file = tempFile('fts.db');
    const database = openSqlite(file);
    await migrateToLatest(database.db, database.dialect);
    // One transaction per vehicle: FTS5 writes a segment for each.
    for (let i = 0; i < 12; i++) await createVehicle(database.db, { title: `Merge test ${i}`, description: 'patina' });
    await database.close();
    const sqlite = new SQLite(file);
    // FTS5 keeps segment pages in %_data under ids whose bits above 37 name the segment.
    const segments = () =>
      sqlite
        .prepare('SELECT count(DISTINCT id >> 37) FROM vehicles_public_fts_data WHERE id >= (1 << 37)')
        .pluck()
        .get() as number;
    const matches = () =>
      sqlite
        .prepare("SELECT rowid FROM vehicles_public_fts WHERE vehicles_public_fts MATCH 'patina' ORDER BY rowid")
        .pluck()
        .all();
    const before = matches();
    expect(before).toHaveLength(12);
    expect(segments()).toBeGreaterThan(1);
    mergeFullTextIndexes(sqlite);
    expect(segments()).toBe(1);
    expect(matches()).toEqual(before);
    mergeFullTextIndexes(sqlite);
    expect(segments()).toBe(1);
    sqlite.close();
  });
});
