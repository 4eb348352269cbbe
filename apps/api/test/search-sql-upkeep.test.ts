import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { mergeFullTextIndexes } from '../src/db/full-text-maintenance.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { openSqlite } from '../src/db/database.ts';
import { withStatementCache } from '../src/db/statement-cache.ts';
import { CacheLookups } from '../src/features/catalogue/cache-lookups.ts';
import { VersionedCache } from '../src/features/catalogue/versioned-cache.ts';
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

describe('cache lookup counts', () => {
  it('counts hits and computed answers by kind, a new catalogue version computing again', async () => {
    const lookups = new CacheLookups();
    const cache = new VersionedCache(undefined, lookups);
    const compute = async () => 42;
    await cache.get(1, 'count {"a":1}', compute);
    await cache.get(1, 'count {"a":1}', compute);
    await cache.get(1, 'page newest 1 9 {"a":1}', compute);
    await cache.get(2, 'count {"a":1}', compute);
    expect(lookups.all()).toEqual({
      count: { hits: 1, misses: 2 },
      page: { hits: 0, misses: 1 },
    });
  });

  it('keeps at most its bound of answers, letting the least recently used go', async () => {
    const lookups = new CacheLookups();
    const cache = new VersionedCache(2, lookups);
    const compute = async () => 42;
    await cache.get(1, 'answer a', compute);
    await cache.get(1, 'answer b', compute);
    await cache.get(1, 'answer a', compute); // a is now the most recently used
    await cache.get(1, 'answer c', compute); // so b goes
    expect(lookups.all().answer).toEqual({ hits: 1, misses: 3 });
    await cache.get(1, 'answer a', compute);
    await cache.get(1, 'answer c', compute);
    expect(lookups.all().answer).toEqual({ hits: 3, misses: 3 });
    await cache.get(1, 'answer b', compute);
    expect(lookups.all().answer).toEqual({ hits: 3, misses: 4 });
  });
});
