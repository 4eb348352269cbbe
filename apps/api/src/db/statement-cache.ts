import type SQLite from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';
import { LRUCache } from 'lru-cache';

/** Distinct SQL texts kept prepared: the app has a few hundred query shapes. */
const MAX_STATEMENTS = 500;

/**
 * The SQLite handle Kysely uses, with its prepared statements kept for reuse (docs/decisions/093).
 * Kysely prepares every statement again each time it runs one; parsing and planning cost about
 * 0.02-0.05 ms a statement, a fifth of an uncached search. A statement is reused only when idle
 * (one being iterated by a stream stays its caller's), SQLite re-prepares it by itself after a
 * schema change, and the least recently used one goes when the cache is full.
 */
export function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  // A lookup marks the statement as the most recently used.
  const statements = new LRUCache<string, SQLite.Statement>({ max: MAX_STATEMENTS });
  return {
    prepare(sql: string) {
      const cached = statements.get(sql);
      if (cached && !cached.busy) return cached;
      const statement = sqlite.prepare(sql);
      statements.set(sql, statement);
      return statement;
    },
    close() {
      statements.clear();
      sqlite.close();
    },
  };
}
