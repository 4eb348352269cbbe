import { type Expression, expressionBuilder, type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { VehicleSummary } from '@vm/shared/vehicle';
import type { Dialect } from '../../db/database.ts';
import { idList } from '../../db/id-list.ts';
import type { DB, VehiclesTable } from '../../db/schema.ts';
import { reusableQuery } from '../../lib/reusable-query.ts';
import { type CardRow, cardColumns, toCard } from '../vehicles/vehicle-repository.ts';
import { filterConditions, IS_PUBLIC, type SearchFilters, SORT_KEYS, type SortOrder } from './search-filters.ts';

/*
 * Every SQL statement of the catalogue (docs/decisions/143-one-plain-read-path.md): each search
 * is a count and a page of cards read through the partial indexes of public vehicles (migrations
 * 002 and 017), or, with words, one statement over the window of the newest
 * matches of the full-text index.
 */

/** Counts stop here: a search matching more says "10,000+" (totalIsLowerBound). */
export const COUNT_CAP = 10_000;

/**
 * A keyword search works on its most recently added matches, at most this many
 * (docs/decisions/091-keyword-search-window.md): it counts, orders and pages them, and says when
 * more vehicles match.
 */
export const TEXT_SEARCH_WINDOW = 500;

const catalogueVersionQuery = reusableQuery((db: Kysely<DB>) =>
  db.selectFrom('catalogue_version').select('version').where('id', '=', 1),
);

/**
 * The current catalogue version, bumped by triggers (migration 002-public-search) on
 * every change a search or a card shows: the catalogue's answers carry it as their ETag.
 */
export async function readCatalogueVersion(db: Kysely<DB>): Promise<number> {
  return (await catalogueVersionQuery(db)).rows[0]?.version ?? 0;
}

/** Public vehicles passing every filter but the words, for a count or a page (filterConditions). */
const filtered = (f: SearchFilters, use: 'count' | 'page' = 'page'): Expression<SqlBool> => {
  const eb = expressionBuilder<DB, 'vehicles'>();
  return eb.and([IS_PUBLIC, ...filterConditions(eb, f, use)]);
};

/** How many public vehicles pass the filters (no words), up to one more than COUNT_CAP. */
export async function countMatches(db: Kysely<DB>, f: SearchFilters): Promise<number> {
  const capped = db
    .selectFrom('vehicles')
    .select(sql.lit(1).as('one'))
    .where(filtered(f, 'count'))
    .limit(COUNT_CAP + 1);
  const row = await db
    .selectFrom(capped.as('m'))
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * One page of the cards passing the filters (no words), in a sort order; ties break on id the same
 * way. The page's ids are found first, from the indexes alone, and only its cards are read: a
 * sort over the matches would otherwise make every match's card, tags and photo first.
 */
export async function readCardPage(
  db: Kysely<DB>,
  dialect: Dialect,
  f: SearchFilters,
  order: SortOrder,
  offset: number,
  limit: number,
): Promise<VehicleSummary[]> {
  const [column, direction] = SORT_KEYS[order];
  const page = db
    .selectFrom('vehicles')
    .select('vehicles.id')
    .where(filtered(f))
    .orderBy(`vehicles.${column}`, direction)
    .orderBy('vehicles.id', direction)
    .limit(limit)
    .offset(offset);
  const rows = await db
    .selectFrom('vehicles')
    .select(cardColumns(dialect))
    .where('vehicles.id', 'in', page)
    .orderBy(`vehicles.${column}`, direction)
    .orderBy('vehicles.id', direction)
    .execute();
  return rows.map((row) => toCard(row as CardRow));
}

/** The ids of public vehicles passing the filters, newest first, at most `limit`. */
export async function readMatchingIds(db: Kysely<DB>, f: SearchFilters, limit: number): Promise<string[]> {
  const [column, direction] = SORT_KEYS.newest;
  const rows = await db
    .selectFrom('vehicles')
    .select('vehicles.id')
    .where(filtered(f))
    .orderBy(`vehicles.${column}`, direction)
    .orderBy('vehicles.id', direction)
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/** FTS5 MATCH expression: every word as a quoted prefix term, all required (or any). */
const toFts5Match = (terms: readonly string[], join = ' ') => terms.map((t) => `"${t}"*`).join(join);

/**
 * PostgreSQL tsquery: every word as a prefix, matched either literally (title, make and model
 * are indexed with the 'simple' configuration) or stemmed (the description uses 'english').
 */
const toTsQuery = (terms: readonly string[], join = sql` && `): RawBuilder<unknown> =>
  sql.join(
    terms.map((t) => sql`(to_tsquery('simple', ${`${t}:*`}) || to_tsquery('english', ${`${t}:*`}))`),
    join,
  );

/** SQLite: the rowids of public vehicles whose title, make, model or description hold every word. */
const sqliteWordRowids = (terms: readonly string[]) =>
  sql`(select rowid from vehicles_public_fts where vehicles_public_fts match ${toFts5Match(terms)})`;

/** The public vehicles holding every word (the condition the saved-search alerts use). */
export const holdsWords = (dialect: Dialect, terms: readonly string[]): RawBuilder<SqlBool> =>
  dialect === 'sqlite'
    ? sql<SqlBool>`vehicles.rowid in ${sqliteWordRowids(terms)}`
    : sql<SqlBool>`vehicles.search_vector @@ (${toTsQuery(terms)})`;

/**
 * Relevance, best first: every word in the title, make or model (0); some of them there (1);
 * the words only in the description (2).
 */
function tier(dialect: Dialect, terms: readonly string[]): RawBuilder<number> {
  if (dialect === 'sqlite') {
    const headline = (match: string) =>
      sql`vehicles.rowid in (select rowid from vehicles_public_headline_fts where vehicles_public_headline_fts match ${match})`;
    return sql<number>`case when ${headline(toFts5Match(terms))} then 0
      when ${headline(toFts5Match(terms, ' OR '))} then 1 else 2 end`;
  }
  return sql<number>`case when vehicles.headline_vector @@ (${toTsQuery(terms)}) then 0
    when vehicles.headline_vector @@ (${toTsQuery(terms, sql` || `)}) then 1 else 2 end`;
}

/**
 * The window of a keyword search: the newest TEXT_SEARCH_WINDOW + 1 public vehicles holding
 * every word and passing the filters, each with the order it was added in (`added`), its sort
 * key and its relevance tier. SQLite reads the full-text matches newest first (the CROSS JOIN
 * keeps that order) and checks each against the filters; PostgreSQL reads them from its GIN
 * index and orders the ids (UUIDv7: the order they were added in).
 */
function wordWindow(dialect: Dialect, f: SearchFilters, sortKey: RawBuilder<unknown>): RawBuilder<unknown> {
  const size = sql.lit(TEXT_SEARCH_WINDOW + 1);
  if (dialect === 'sqlite') {
    return sql`select vehicles.id as id, f.rowid as added, ${sortKey} as sort_key, ${tier(dialect, f.terms)} as tier
      from (select rowid from vehicles_public_fts where vehicles_public_fts match ${toFts5Match(f.terms)}
        order by rowid desc) as f
      cross join vehicles on vehicles.rowid = f.rowid
      where ${filtered(f)} order by f.rowid desc limit ${size}`;
  }
  return sql`select vehicles.id as id, vehicles.id as added, ${sortKey} as sort_key, ${tier(dialect, f.terms)} as tier
    from vehicles where ${filtered(f)} and ${holdsWords(dialect, f.terms)}
    order by vehicles.id desc limit ${size}`;
}

/**
 * One page of a keyword search and how many match in its window (up to TEXT_SEARCH_WINDOW + 1),
 * in one statement: by relevance, the tiers in turn, the newest added first within each; or in
 * a sort order, ties broken on id the same way.
 */
export async function readWordPage(
  db: Kysely<DB>,
  dialect: Dialect,
  f: SearchFilters,
  order: 'relevance' | SortOrder,
  offset: number,
  limit: number,
): Promise<{ ids: string[]; matched: number }> {
  const [column, direction] = order === 'relevance' ? ['id', 'desc'] : SORT_KEYS[order];
  const dir = sql.raw(direction);
  const ordering = order === 'relevance' ? sql`tier, added desc` : sql`sort_key ${dir}, id ${dir}`;
  // The window is read one match past its size, to tell whether more match; its page is of the size.
  const result = await sql<{ id: string | null; matched: number | string }>`
    with w as (${wordWindow(dialect, f, sql.ref(`vehicles.${column}`))})
    select p.id, (select count(*) from w) as matched
    from (select 1 as one) as anchor
    left join (select id from (select * from w order by added desc limit ${sql.lit(TEXT_SEARCH_WINDOW)}) as kept
      order by ${ordering} limit ${limit} offset ${offset}) as p on true`.execute(db);
  const ids = result.rows.flatMap((r) => (r.id === null ? [] : [r.id]));
  return { ids, matched: Number(result.rows[0]?.matched ?? 0) };
}

/** Of the given ids, those of public vehicles passing the filters and holding every word. */
export async function readMatchingOf(
  db: Kysely<DB>,
  dialect: Dialect,
  f: SearchFilters,
  ids: readonly string[],
): Promise<Set<string>> {
  let query = db
    .selectFrom('vehicles')
    .select('vehicles.id')
    .where('vehicles.id', 'in', idList[dialect](JSON.stringify(ids)))
    .where(filtered(f));
  if (f.terms.length > 0) query = query.where(holdsWords(dialect, f.terms));
  return new Set((await query.execute()).map((r) => r.id));
}

/**
 * The distinct values of a column among public vehicles (of one make, for its models), read by
 * skipping from one value to the next through the make index: a few dozen index probes, where
 * DISTINCT read every public vehicle (PostgreSQL has no skip scan: 10-20 ms at 100,000 vehicles).
 */
async function readDistinct(db: Kysely<DB>, column: 'make' | 'model', make?: string): Promise<string[]> {
  const ofMake = make === undefined ? sql`` : sql`and vehicles.make = ${make}`;
  const first = sql`select ${sql.ref(`vehicles.${column}`)} from vehicles where ${IS_PUBLIC} ${ofMake}
    order by ${sql.ref(`vehicles.${column}`)} limit 1`;
  const next = sql`select ${sql.ref(`vehicles.${column}`)} from vehicles where ${IS_PUBLIC} ${ofMake}
    and ${sql.ref(`vehicles.${column}`)} > v.value order by ${sql.ref(`vehicles.${column}`)} limit 1`;
  const result = await sql<{ value: string }>`with recursive v(value) as (
      select * from (${first}) as f
      union all
      select (${next}) from v where v.value is not null
    )
    select value from v where value is not null`.execute(db);
  return result.rows.map((r) => r.value);
}

/** Makes of public vehicles (distinct, unsorted). */
export const readPublicMakes = (db: Kysely<DB>): Promise<string[]> => readDistinct(db, 'make');

/** Models of a make among public vehicles (distinct, unsorted). */
export const readPublicModels = (db: Kysely<DB>, make: string): Promise<string[]> => readDistinct(db, 'model', make);

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

/** What the similar-vehicles rule weighs of a public vehicle (similar-vehicles.ts). */
export type Candidate = Pick<VehiclesTable, 'id' | 'make' | 'model' | 'year' | 'price_cents' | 'created_at'>;

/** Public vehicles but the excluded one (by id), with what the similar-vehicles rule weighs. */
export function publicCandidates(db: Kysely<DB>, excludeId: string | undefined) {
  const query = db
    .selectFrom('vehicles')
    .select([
      'vehicles.id',
      'vehicles.make',
      'vehicles.model',
      'vehicles.year',
      'vehicles.price_cents',
      'vehicles.created_at',
    ])
    .where(IS_PUBLIC);
  return excludeId === undefined ? query : query.where('vehicles.id', '!=', excludeId);
}
