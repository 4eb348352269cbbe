import type SQLite from 'better-sqlite3';

/**
 * Merges every FTS5 index of the database into a single segment (docs/decisions/092). FTS5 adds
 * a segment with every write transaction and merges them only a few at a time, so a catalogue
 * built or edited over time has 10-30 of them, and every keyword query looks its words up in
 * each one: on 100,000 vehicles a query that reads a handful of rows cost 0.2-0.5 ms instead of
 * 0.02-0.15 ms. Merging an index already in one segment does nothing; a full merge of the
 * 100,000-vehicle indexes takes about a second.
 */
export function mergeFullTextIndexes(sqlite: SQLite.Database): void {
  const tables = sqlite
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND sql LIKE 'CREATE VIRTUAL TABLE % USING fts5(%'")
    .pluck()
    .all() as string[];
  for (const table of tables) {
    const name = `"${table.replaceAll('"', '""')}"`;
    sqlite.prepare(`INSERT INTO ${name}(${name}) VALUES ('optimize')`).run();
  }
}
