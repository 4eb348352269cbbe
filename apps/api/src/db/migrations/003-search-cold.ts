import { type Kysely, sql } from 'kysely';

/**
 * What a search nobody ran before needs on a large catalogue (docs/decisions/091 and 092).
 *
 * 1. SQLite: two full-text indexes of public vehicles only, replacing `vehicles_fts`, so a
 *    keyword search never reads a catalogue row to drop an Archived match:
 *    - `vehicles_public_fts` (title, make, model, description) finds the matches;
 *    - `vehicles_public_headline_fts` (title, make, model) tells which of them are named after
 *      the words, which is how relevance orders them. A separate index, because a word that is
 *      common in descriptions ("leather") is rare in titles: its list there is short or empty,
 *      where filtering the main list by column would read every one of its matches.
 *    Both keep a list for every word prefix of up to twelve characters (`prefix=...`; longer
 *    words are few and their lists short): without it FTS5 merges the lists of every word
 *    starting with "leather" into one buffer before it returns the first row, so even
 *    `LIMIT 10` cost as much as reading all 17,719 matches.
 *    `detail=none`: no word positions or columns, which the search never asks for.
 *    PostgreSQL gets the same split as a generated `headline_vector` column with its GIN index.
 * 2. Both databases: a partial index led by make then the year and price ranges, covering the
 *    sort columns, for the storefront's main search (a make, a year range, a price range): the
 *    count reads only that make's rows in the year range, and the page sorts only the matches.
 */
const PUBLIC = sql<boolean>`status <> 'Archived'`;
const TOKENIZE = `tokenize='unicode61 remove_diacritics 2', detail=none, prefix='1 2 3 4 5 6 7 8 9 10 11 12'`;
const INDEXES = [
  { table: 'vehicles_public_fts', columns: ['title', 'make', 'model', 'description'] },
  { table: 'vehicles_public_headline_fts', columns: ['title', 'make', 'model'] },
];

// biome-ignore lint/suspicious/noExplicitAny: migrations are typed Kysely<any> by design
export async function up(db: Kysely<any>, dialect: 'sqlite' | 'postgres'): Promise<void> {
  await db.schema
    .createIndex('vehicles_public_make_year')
    .on('vehicles')
    .columns(['make', 'year', 'price_cents', 'created_at', 'id', 'status'])
    .where(PUBLIC)
    .execute();
  if (dialect === 'postgres') {
    // The title, make and model words apart from the description's, indexed: relevance asks
    // which matches are named after the words, and a common description word ("leather") has
    // few or none there, which the index answers without reading the matches.
    await sql`ALTER TABLE vehicles ADD COLUMN headline_vector tsvector GENERATED ALWAYS AS (
      to_tsvector('simple', coalesce(title, '') || ' ' || coalesce(make, '') || ' ' || coalesce(model, ''))) STORED`.execute(
      db,
    );
    await sql`CREATE INDEX vehicles_headline_search ON vehicles USING gin (headline_vector)`.execute(db);
    return;
  }

  for (const trigger of ['vehicles_fts_ai', 'vehicles_fts_ad', 'vehicles_fts_au']) {
    await sql`DROP TRIGGER IF EXISTS ${sql.raw(trigger)}`.execute(db);
  }
  await sql`DROP TABLE IF EXISTS vehicles_fts`.execute(db);

  for (const { table, columns } of INDEXES) {
    const list = sql.raw(columns.join(', '));
    const values = (row: 'new' | 'old') => sql.raw([`${row}.rowid`, ...columns.map((c) => `${row}.${c}`)].join(', '));
    await sql`CREATE VIRTUAL TABLE ${sql.raw(table)} USING fts5(${list},
      content='vehicles', content_rowid='rowid', ${sql.raw(TOKENIZE)})`.execute(db);
    await sql`INSERT INTO ${sql.raw(table)}(rowid, ${list}) SELECT rowid, ${list} FROM vehicles WHERE ${PUBLIC}`.execute(
      db,
    );
    // An external-content index is told what to forget with the values it indexed, so a row
    // leaves with its old values when it stops being public or its text changes.
    const add = (row: 'new' | 'old') =>
      sql`INSERT INTO ${sql.raw(table)}(rowid, ${list}) SELECT ${values(row)} WHERE ${sql.raw(row)}.status <> 'Archived';`;
    const remove = (row: 'new' | 'old') =>
      sql`INSERT INTO ${sql.raw(table)}(${sql.raw(table)}, rowid, ${list})
        SELECT 'delete', ${values(row)} WHERE ${sql.raw(row)}.status <> 'Archived';`;
    const name = (event: string) => sql.raw(`${table}_${event}`);
    await sql`CREATE TRIGGER ${name('insert')} AFTER INSERT ON vehicles BEGIN ${add('new')} END`.execute(db);
    await sql`CREATE TRIGGER ${name('delete')} AFTER DELETE ON vehicles BEGIN ${remove('old')} END`.execute(db);
    await sql`CREATE TRIGGER ${name('update')} AFTER UPDATE OF ${list}, status ON vehicles
      BEGIN ${remove('old')} ${add('new')} END`.execute(db);
  }
}
