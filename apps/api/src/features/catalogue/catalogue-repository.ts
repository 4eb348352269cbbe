import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Dialect } from '../../db/database.ts';
import { idList } from '../../db/id-list.ts';
import type { DB } from '../../db/schema.ts';
import { reusableQuery } from '../../lib/reusable-query.ts';
import { IS_PUBLIC, SNAPSHOT_COLUMNS } from './search-filters.ts';

/*
 * Every SQL statement of the catalogue module: the catalogue version, the rows of a snapshot,
 * the full-text matches of a set of words, makes and models, a slug's id, and where a former slug leads. The module keeps what these return per catalogue version (catalogue.ts).
 */

const catalogueVersionQuery = reusableQuery((db: Kysely<DB>) =>
  db.selectFrom('catalogue_version').select('version').where('id', '=', 1),
);

/**
 * The current catalogue version, bumped by triggers (migration 2026-11-22-public-search) on
 * every change a search or a card shows: what the module keeps is valid while it holds.
 */
export async function readCatalogueVersion(db: Kysely<DB>): Promise<number> {
  return (await catalogueVersionQuery(db)).rows[0]?.version ?? 0;
}

/** The columns of one public vehicle a snapshot keeps, as read from the database. */
export type SnapshotRow = { [C in (typeof SNAPSHOT_COLUMNS)[number]]: string | number } & {
  id: string;
  created_at: string;
  /** The stamp of the vehicle's card (docs/decisions/138-card-stamps.md). */
  card_version: number;
  /** SQLite only: the key of the full-text tables. */
  rowid?: number;
};
export interface SnapshotTag {
  vehicle_id: string;
  tag: string;
}

/** What a snapshot is made of: the public vehicles' rows and their tags. */
export interface SnapshotRows {
  rows: SnapshotRow[];
  tags: SnapshotTag[];
  /**
   * SQLite: the highest card stamp of any vehicle when the rows were read, or before: a vehicle
   * changed since has a higher one (readSnapshotChanges). 0 on PostgreSQL.
   */
  highestStamp: number;
}

/** A snapshot's columns of vehicles: the snapshot columns, the card stamp and, on SQLite, the rowid. */
const snapshotColumns = (db: Kysely<DB>, dialect: Dialect) => {
  const columns = db.selectFrom('vehicles').select([...SNAPSHOT_COLUMNS, 'card_version']);
  return dialect === 'sqlite' ? columns.select(sql<number>`vehicles.rowid`.as('rowid')) : columns;
};

/**
 * Runs reads in one transaction, so that they see one state of the database: on PostgreSQL at
 * REPEATABLE READ, where its default gives each statement a view of its own. A snapshot's rows
 * and tags read in two views could pair a row with tags older than its stamp, and comparing
 * stamps would never tell (docs/decisions/139-patched-snapshots.md). SQLite's transactions see
 * one state of the database already.
 */
export function inOneView<T>(db: Kysely<DB>, dialect: Dialect, read: (trx: Kysely<DB>) => Promise<T>): Promise<T> {
  const transaction = db.transaction();
  return (dialect === 'postgres' ? transaction.setIsolationLevel('repeatable read') : transaction).execute(read);
}

/** Every public vehicle's snapshot columns and card stamp (and, on SQLite, its rowid), and every tag, in one view. */
export async function readSnapshotRows(db: Kysely<DB>, dialect: Dialect): Promise<SnapshotRows> {
  return inOneView(db, dialect, async (trx) => {
    const highestStamp = dialect === 'sqlite' ? await readHighestStamp(trx) : 0;
    const rows = (await snapshotColumns(trx, dialect).where(IS_PUBLIC).execute()) as SnapshotRow[];
    const tags = await trx.selectFrom('vehicle_tags').select(['vehicle_id', 'tag']).execute();
    return { rows, tags, highestStamp };
  });
}

/** The vehicles changed since a snapshot was read. */
export interface SnapshotChanges {
  /** Each changed vehicle that is public. */
  rows: SnapshotRow[];
  /** The ids of the changed vehicles that are not (archived; on PostgreSQL, deleted too). */
  gone: string[];
  /** The tags of the changed public vehicles. */
  tags: SnapshotTag[];
  /**
   * How many vehicles are public, read in the same view: the snapshot's rows patched with these
   * must number as many (on SQLite fewer means a deletion, which the changes do not show:
   * CatalogueSnapshots then reads which vehicles left).
   */
  publicCount: number;
  /** SQLite: the highest card stamp when these were read (readSnapshotRows). 0 on PostgreSQL. */
  highestStamp: number;
}

/** The public-status rule of IS_PUBLIC, on a row read with its status. */
const isPublic = (row: { status: string }) => row.status !== 'Archived';

/**
 * The snapshot columns of the vehicles with the given ids, and the tags of the public ones:
 * public rows apart, and the ids of the others (archived, or no longer there).
 */
async function readChangedRows(
  db: Kysely<DB>,
  dialect: Dialect,
  ids: readonly string[],
): Promise<Pick<SnapshotChanges, 'rows' | 'gone' | 'tags'>> {
  if (ids.length === 0) return { rows: [], gone: [], tags: [] };
  const json = JSON.stringify(ids);
  const read = (await snapshotColumns(db, dialect)
    .select('status')
    .where('id', 'in', idList[dialect](json))
    .execute()) as (SnapshotRow & { status: string })[];
  const rows = read.filter(isPublic).map(({ status: _, ...row }) => row as SnapshotRow);
  const shown = new Set(rows.map((r) => r.id));
  const tags = await db
    .selectFrom('vehicle_tags')
    .select(['vehicle_id', 'tag'])
    .where('vehicle_id', 'in', idList[dialect](json))
    .execute();
  return { rows, gone: ids.filter((id) => !shown.has(id)), tags: tags.filter((t) => shown.has(t.vehicle_id)) };
}

/**
 * SQLite only: every vehicle whose card stamp is above `since`, with its tags, and the number of
 * public vehicles. SQLite commits one writer at a time and every stamp comes from one sequence
 * (migration 2026-12-04), so these are all the vehicles changed, added, archived or published
 * again since the read that saw `since` (docs/decisions/138-card-stamps.md). A deleted vehicle is
 * not among them: only the count tells, and the caller then reads which ones in the same view
 * (`trx`, from inOneView; docs/decisions/140-deletions-patched.md).
 */
export async function readSnapshotChanges(trx: Kysely<DB>, since: number): Promise<SnapshotChanges> {
  const highestStamp = await readHighestStamp(trx);
  const changed = await trx.selectFrom('vehicles').select('id').where('card_version', '>', since).execute();
  const { rows, gone, tags } = await readChangedRows(
    trx,
    'sqlite',
    changed.map((r) => r.id),
  );
  const counted = await trx
    .selectFrom('vehicles')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(IS_PUBLIC)
    .executeTakeFirstOrThrow();
  return { rows, gone, tags, publicCount: Number(counted.n), highestStamp };
}

/**
 * PostgreSQL: every public vehicle's id and card stamp (a few small columns: a fraction of
 * reading the rows whole). Its stamps are one counter per vehicle, which commits can make
 * visible out of order, so the vehicles changed since a snapshot are those whose stamp differs
 * from the one it kept (docs/decisions/139-patched-snapshots.md). Read in the same view as the
 * changed rows (inOneView).
 */
export async function readPublicCardStamps(db: Kysely<DB>): Promise<{ id: string; card_version: number }[]> {
  return db.selectFrom('vehicles').select(['id', 'card_version']).where(IS_PUBLIC).execute();
}

/**
 * SQLite: every public vehicle's id, which tells which vehicles a deletion took
 * (docs/decisions/140-deletions-patched.md). The ids alone come from a covering partial index
 * (100 ms at 100,000 vehicles, against 250 ms with the stamps from the table). Read in the same
 * view as the changes (inOneView).
 */
export async function readPublicIds(trx: Kysely<DB>): Promise<string[]> {
  return (await trx.selectFrom('vehicles').select('id').where(IS_PUBLIC).execute()).map((r) => r.id);
}

/** PostgreSQL: the changes given by the ids whose stamps differ and those no longer public (readPublicCardStamps). */
export async function readChangesOf(
  db: Kysely<DB>,
  changed: readonly string[],
  left: readonly string[],
  publicCount: number,
): Promise<SnapshotChanges> {
  const { rows, gone, tags } = await readChangedRows(db, 'postgres', changed);
  return { rows, gone: [...gone, ...left], tags, publicCount, highestStamp: 0 };
}

async function readHighestStamp(db: Kysely<DB>): Promise<number> {
  const row = await db
    .selectFrom('vehicles')
    .select((eb) => eb.fn.max('card_version').as('highest'))
    .executeTakeFirst();
  return Number(row?.highest ?? 0);
}

/**
 * The columns the full-text indexes hold (migration 2026-11-22-search-cold: SQLite's
 * vehicles_public_fts, PostgreSQL's search_vector and headline_vector): a snapshot keeps the
 * matches of words read from them, so a change to any of them must move the catalogue version.
 */
export const FULL_TEXT_COLUMNS = ['title', 'make', 'model', 'description'] as const;

/** FTS5 MATCH expression: every word as a quoted prefix term, all required. */
const toFts5Match = (terms: readonly string[]) => terms.map((t) => `"${t}"*`).join(' ');

/**
 * PostgreSQL tsquery: every word as a prefix, matched either literally (title, make and model
 * are indexed with the 'simple' configuration) or stemmed (the description uses 'english').
 */
function toTsQuery(terms: readonly string[]): RawBuilder<unknown> {
  return sql.join(
    terms.map((t) => sql`(to_tsquery('simple', ${`${t}:*`}) || to_tsquery('english', ${`${t}:*`}))`),
    sql` && `,
  );
}

/** PostgreSQL: any of the words (as prefixes). */
const anyWord = (terms: readonly string[]) =>
  sql.join(
    terms.map((t) => toTsQuery([t])),
    sql` || `,
  );

/** SQLite: the rowids whose title, make or model hold all (or any) of the words. */
async function headlineRowids(db: Kysely<DB>, terms: readonly string[], which: 'all' | 'any'): Promise<Set<number>> {
  const match = which === 'all' ? toFts5Match(terms) : terms.map((t) => `"${t}"*`).join(' OR ');
  const result = await sql<{ k: number }>`select rowid as k from vehicles_public_headline_fts
    where vehicles_public_headline_fts match ${match}`.execute(db);
  return new Set(result.rows.map((r) => r.k));
}

/**
 * Relevance, best first: every word in the title, make or model (0); some of them there (1);
 * the words only in the description (2).
 */
export type Tier = 0 | 1 | 2;

/**
 * Every public vehicle holding all the words, newest added first, with its relevance tier. SQLite
 * reads rowids from its full-text index and the tiers from its headline index (31,221 matches of
 * "original" in 100,000 vehicles: about 6 ms); PostgreSQL reads each match's id and tier from
 * its GIN index and row.
 */
export async function readWordMatches(
  db: Kysely<DB>,
  dialect: Dialect,
  terms: readonly string[],
): Promise<{ key: number | string; tier: Tier }[]> {
  if (dialect === 'sqlite') {
    const result = await sql<{ k: number }>`select rowid as k from vehicles_public_fts
      where vehicles_public_fts match ${toFts5Match(terms)} order by rowid desc`.execute(db);
    const all = await headlineRowids(db, terms, 'all');
    const some = terms.length > 1 ? await headlineRowids(db, terms, 'any') : all;
    return result.rows.map((r) => ({ key: r.k, tier: all.has(r.k) ? 0 : some.has(r.k) ? 1 : 2 }));
  }
  const result = await sql<{ k: string; all_words: boolean; any_word: boolean }>`select id as k,
      vehicles.headline_vector @@ (${toTsQuery(terms)}) as all_words,
      vehicles.headline_vector @@ (${anyWord(terms)}) as any_word
    from vehicles where ${IS_PUBLIC} and vehicles.search_vector @@ (${toTsQuery(terms)})
    order by vehicles.id desc`.execute(db);
  return result.rows.map((r) => ({ key: r.k, tier: r.all_words ? 0 : r.any_word ? 1 : 2 }));
}

/** Makes of public vehicles (unsorted, distinct). */
export async function readPublicMakes(db: Kysely<DB>): Promise<string[]> {
  const rows = await db.selectFrom('vehicles').select('make').distinct().where(IS_PUBLIC).execute();
  return rows.map((r) => r.make);
}

/** Models of a make among public vehicles (unsorted, distinct). */
export async function readPublicModels(db: Kysely<DB>, make: string): Promise<string[]> {
  const rows = await db
    .selectFrom('vehicles')
    .select('model')
    .distinct()
    .where('make', '=', make)
    .where(IS_PUBLIC)
    .execute();
  return rows.map((r) => r.model);
}

/** The id of the public vehicle with this slug (the similar list's `exclude` may be a slug). */
export async function readIdOfSlug(db: Kysely<DB>, slug: string): Promise<string | undefined> {
  const row = await db.selectFrom('vehicles').select('id').where('slug', '=', slug).where(IS_PUBLIC).executeTakeFirst();
  return row?.id;
}

/**
 * The slug now of the public vehicle that had `formerSlug` before its title changed
 * (docs/decisions/135-former-slugs.md), or undefined.
 */
export async function readSlugNow(db: Kysely<DB>, formerSlug: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('vehicle_former_slugs')
    .innerJoin('vehicles', 'vehicles.id', 'vehicle_former_slugs.vehicle_id')
    .select('vehicles.slug')
    .where('vehicle_former_slugs.slug', '=', formerSlug)
    .where(IS_PUBLIC)
    .executeTakeFirst();
  return row?.slug;
}

/** What a vehicle's kept answer and page are checked against (vehicle-details.ts). */
export interface VersionedVehicleStamp {
  id: string;
  status: string;
  updated_at: string;
  view_count: number;
  watch_count: number;
  /** The catalogue version, read in the same statement. */
  catalogue_version: number;
}

const versionedStampQuery = reusableQuery((db: Kysely<DB>, idOrSlug: string) => {
  const columns = (key: 'id' | 'slug') =>
    db
      .selectFrom('vehicles')
      .select((eb) => [
        'id',
        'status',
        'updated_at',
        'view_count',
        'watch_count',
        eb.selectFrom('catalogue_version').select('version').where('id', '=', 1).as('catalogue_version'),
      ])
      .where(key, '=', idOrSlug);
  // By id, else by slug, as the vehicle routes look a vehicle up (vehicle-repository.ts, lookUpVehicle):
  // two index lookups, and a literal limit (a bound one is planned again at every run on SQLite).
  return columns('id').unionAll(columns('slug')).limit(sql.lit(1));
});

/**
 * A vehicle's stamp (status, update time, view and watch count) by id or slug, with the
 * catalogue version, in one statement: one read where a version read and a stamp read were two.
 */
export async function readVersionedStamp(db: Kysely<DB>, idOrSlug: string): Promise<VersionedVehicleStamp | undefined> {
  const row = (await versionedStampQuery(db, idOrSlug)).rows[0];
  return row ? { ...row, catalogue_version: Number(row.catalogue_version ?? 0) } : undefined;
}
