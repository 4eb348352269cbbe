import { type Expression, expressionBuilder, type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Dialect } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';
import {
  filterConditions,
  IS_PUBLIC,
  type SearchFilters,
  type SearchOrder,
  SORT_KEYS,
  toFts5Match,
  toTsQuery,
} from './vehicle-search-filters.ts';

/**
 * A keyword search works on its most recently added matches, at most this many (decision 091):
 * it counts, orders and pages them, and says when more vehicles match. Counting or ranking every
 * match of a very common word ("leather": 17,719 of 100,000) costs more than everything else a
 * search does, on both databases.
 */
export const TEXT_SEARCH_WINDOW = 500;

/**
 * SQLite reads the full-text matches newest first and checks the other filters on each. When
 * the filters keep so few of them that this many matches give less than a window, the filters
 * lead instead (an index on make, say, then a lookup in the set of matches).
 */
const READ_AHEAD = 4 * (TEXT_SEARCH_WINDOW + 1);

export interface TextSearchCount {
  /** Matches in the window: every match, or TEXT_SEARCH_WINDOW when more match. */
  total: number;
  totalIsLowerBound: boolean;
}

export interface TextSearchPage extends TextSearchCount {
  ids: string[];
}

/**
 * The window of a keyword search: how many match (up to one more than the window) and, when
 * more match than the window holds, the newest match left out (rowid on SQLite, id on
 * PostgreSQL): the window is every match added after it.
 */
interface Window {
  matched: number;
  after: number | string | null;
  /** SQLite only: the filters lead (see READ_AHEAD). */
  filtersFirst: boolean;
}

/**
 * Relevance, best first: every word in the title, make or model; some of them there; the words
 * only in the description. Within a tier the most recently added listing comes first.
 */
type Tier = 'all' | 'some' | 'none';

const others = (filters: SearchFilters): Expression<SqlBool> =>
  expressionBuilder<DB, 'vehicles'>().and([IS_PUBLIC, ...filterConditions(filters)]);

const hasOtherFilters = (filters: SearchFilters) => filterConditions(filters).length > 0;

/** FTS5: any of the words (as prefixes), for the headline index. */
const toFts5Any = (terms: readonly string[]) => terms.map((t) => `"${t}"*`).join(' OR ');

/** PostgreSQL: any of the words (as prefixes). */
const toTsQueryAny = (terms: readonly string[]) =>
  sql.join(
    terms.map((t) => toTsQuery([t])),
    sql` || `,
  );

/** Which matches to read: those after `after` (the window), of one relevance tier, at most `limit`. */
interface MatchOptions {
  after: number | string | null;
  filtersFirst: boolean;
  tier?: Tier;
  limit?: number;
}

const newerThan = (column: string, after: number | string | null) =>
  after === null ? sql`` : sql`and ${sql.raw(column)} > ${after}`;

// ——— SQLite ———

/** Rowids of the public vehicles whose title, make or model hold all (or any) of the words. */
function headlineRowids(filters: SearchFilters, which: 'all' | 'any', after: number | string | null) {
  const match = which === 'all' ? toFts5Match(filters.terms) : toFts5Any(filters.terms);
  return sql`(select rowid from vehicles_public_headline_fts
    where vehicles_public_headline_fts match ${match} ${newerThan('rowid', after)})`;
}

/**
 * Matches newest first with the other filters applied; `select` picks the columns. Matches lead
 * (the full-text list read newest first, each match checked against the filters) unless
 * `filtersFirst`. When the filters lead, or the page is a tier, the window bounds the reading.
 */
function sqliteMatches(
  filters: SearchFilters,
  select: RawBuilder<unknown>,
  options: MatchOptions,
): RawBuilder<unknown> {
  const { after, tier } = options;
  const fts = tier === 'all' ? 'vehicles_public_headline_fts' : 'vehicles_public_fts';
  const source = sql`${sql.raw(fts)} where ${sql.raw(fts)} match ${toFts5Match(filters.terms)}`;
  const conditions: RawBuilder<unknown>[] = [sql`${others(filters)}`];
  if (tier === 'some') {
    conditions.push(sql`vehicles.rowid in ${headlineRowids(filters, 'any', after)}`);
    conditions.push(sql`vehicles.rowid not in ${headlineRowids(filters, 'all', after)}`);
  }
  if (tier === 'none') conditions.push(sql`vehicles.rowid not in ${headlineRowids(filters, 'any', after)}`);
  const where = sql.join(conditions, sql` and `);
  const limit = options.limit === undefined ? sql`` : sql`limit ${options.limit}`;
  if (options.filtersFirst) {
    // `+` keeps the planner from reading the match list row by row: it starts from the filters'
    // index and looks each row up in the list, built once.
    return sql`select ${select} from vehicles
      where ${where} ${newerThan('vehicles.rowid', after)} and +vehicles.rowid in (select rowid from ${source})
      order by vehicles.rowid desc ${limit}`;
  }
  // The outer ORDER BY keeps the newest-first reading: SQLite flattens the subquery into the join
  // and would drop an ORDER BY stated only inside it. Without a window yet (counting it), read no
  // more than READ_AHEAD matches when filters apply.
  const readAhead = after === null && tier === undefined && hasOtherFilters(filters) ? sql`limit ${READ_AHEAD}` : sql``;
  return sql`select ${select}
    from (select rowid from ${source} ${newerThan('rowid', after)} order by rowid desc ${readAhead}) as f
    cross join vehicles on vehicles.rowid = f.rowid
    where ${where} order by f.rowid desc ${limit}`;
}

async function sqliteWindow(db: Kysely<DB>, filters: SearchFilters): Promise<Window> {
  const count = async (filtersFirst: boolean): Promise<Window> => {
    // The index holds public vehicles only: with no other filter, no catalogue row is read.
    const matches = hasOtherFilters(filters)
      ? sqliteMatches(filters, sql`vehicles.rowid as rid`, { after: null, filtersFirst, limit: TEXT_SEARCH_WINDOW + 1 })
      : sql`select rowid as rid from vehicles_public_fts where vehicles_public_fts match ${toFts5Match(filters.terms)}
          order by rowid desc limit ${TEXT_SEARCH_WINDOW + 1}`;
    const result = await sql<{ matched: number; after: number | null }>`
      select count(*) as matched, min(rid) as after from (${matches}) as m`.execute(db);
    const row = result.rows[0];
    const matched = Number(row?.matched ?? 0);
    return { matched, after: matched > TEXT_SEARCH_WINDOW ? (row?.after ?? null) : null, filtersFirst };
  };
  const window = await count(false);
  if (window.matched > TEXT_SEARCH_WINDOW || !hasOtherFilters(filters)) return window;
  // Fewer than a window passed the filters: were they all the matches, or only the first READ_AHEAD?
  const read = await sql<{ n: number }>`select count(*) as n from (select rowid from vehicles_public_fts
    where vehicles_public_fts match ${toFts5Match(filters.terms)} limit ${READ_AHEAD}) as f`.execute(db);
  return Number(read.rows[0]?.n ?? 0) < READ_AHEAD ? window : count(true);
}

// ——— PostgreSQL ———

function postgresTierCondition(filters: SearchFilters, tier: Tier | undefined): RawBuilder<unknown> {
  const headline = (query: RawBuilder<unknown>) => sql`vehicles.headline_vector @@ (${query})`;
  if (tier === 'all') return sql`and ${headline(toTsQuery(filters.terms))}`;
  if (tier === 'some') {
    return sql`and ${headline(toTsQueryAny(filters.terms))} and not ${headline(toTsQuery(filters.terms))}`;
  }
  if (tier === 'none') return sql`and not ${headline(toTsQueryAny(filters.terms))}`;
  return sql``;
}

/** Matches newest added first (ids are UUIDv7, so id order is creation order). */
function postgresMatches(
  filters: SearchFilters,
  select: RawBuilder<unknown>,
  options: MatchOptions,
): RawBuilder<unknown> {
  return sql`select ${select} from vehicles
    where ${others(filters)} and vehicles.search_vector @@ (${toTsQuery(filters.terms)})
      ${newerThan('vehicles.id', options.after)} ${postgresTierCondition(filters, options.tier)}
    order by vehicles.id desc ${options.limit === undefined ? sql`` : sql`limit ${options.limit}`}`;
}

async function postgresWindow(db: Kysely<DB>, filters: SearchFilters): Promise<Window> {
  const matches = postgresMatches(filters, sql`vehicles.id as id`, {
    after: null,
    filtersFirst: false,
    limit: TEXT_SEARCH_WINDOW + 1,
  });
  const result = await sql<{ matched: number | string; after: string | null }>`
    select count(*) as matched, min(id) as after from (${matches}) as m`.execute(db);
  const row = result.rows[0];
  const matched = Number(row?.matched ?? 0);
  return { matched, after: matched > TEXT_SEARCH_WINDOW ? (row?.after ?? null) : null, filtersFirst: false };
}

// ——— both ———

const matchesOf = (dialect: Dialect) => (dialect === 'sqlite' ? sqliteMatches : postgresMatches);

const findWindow = (db: Kysely<DB>, dialect: Dialect, filters: SearchFilters) =>
  dialect === 'sqlite' ? sqliteWindow(db, filters) : postgresWindow(db, filters);

const countOf = (window: Window): TextSearchCount => ({
  total: Math.min(window.matched, TEXT_SEARCH_WINDOW),
  totalIsLowerBound: window.matched > TEXT_SEARCH_WINDOW,
});

/** How many public vehicles match a keyword search, up to the window. */
export async function countTextMatches(
  db: Kysely<DB>,
  dialect: Dialect,
  filters: SearchFilters,
): Promise<TextSearchCount> {
  return countOf(await findWindow(db, dialect, filters));
}

/**
 * Best first: each relevance tier in turn, newest first within it, reading no more of a tier
 * than the page needs. A tier's rows are read only when the earlier tiers end before the page.
 */
async function relevancePage(
  db: Kysely<DB>,
  dialect: Dialect,
  filters: SearchFilters,
  window: Window,
  offset: number,
  limit: number,
): Promise<string[]> {
  const tiers: Tier[] = filters.terms.length > 1 ? ['all', 'some', 'none'] : ['all', 'none'];
  const ids: string[] = [];
  let skip = offset;
  for (const tier of tiers) {
    const need = limit - ids.length;
    if (need <= 0) break;
    const matches = matchesOf(dialect)(filters, sql`vehicles.id as id`, { ...window, tier, limit: skip + need });
    const rows = (await sql<{ id: string }>`${matches}`.execute(db)).rows;
    if (rows.length <= skip) {
      skip -= rows.length;
      continue;
    }
    ids.push(...rows.slice(skip, skip + need).map((r) => r.id));
    skip = 0;
  }
  return ids;
}

/** The window in a chosen sort order: every match in it is read, then sorted. */
async function sortedPage(
  db: Kysely<DB>,
  dialect: Dialect,
  filters: SearchFilters,
  window: Window,
  order: Exclude<SearchOrder, 'relevance'>,
  offset: number,
  limit: number,
): Promise<string[]> {
  const [column, direction] = SORT_KEYS[order];
  const matches = matchesOf(dialect)(filters, sql.raw(`vehicles.id as id, vehicles.${column} as sort_key`), window);
  const dir = sql.raw(direction);
  const result = await sql<{ id: string }>`select id from (${matches}) as m
    order by sort_key ${dir}, id ${dir} limit ${limit} offset ${offset}`.execute(db);
  return result.rows.map((r) => r.id);
}

/** One page of a keyword search, with the count of its window. */
export async function textSearchPage(
  db: Kysely<DB>,
  dialect: Dialect,
  filters: SearchFilters,
  options: { order: SearchOrder; offset: number; limit: number },
): Promise<TextSearchPage> {
  const window = await findWindow(db, dialect, filters);
  const count = countOf(window);
  const limit = Math.min(options.limit, count.total - options.offset);
  if (limit <= 0) return { ids: [], ...count };
  const ids =
    options.order === 'relevance'
      ? await relevancePage(db, dialect, filters, window, options.offset, limit)
      : await sortedPage(db, dialect, filters, window, options.order, options.offset, limit);
  return { ids, ...count };
}
