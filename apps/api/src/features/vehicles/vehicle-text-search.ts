import { expressionBuilder, type Kysely, sql } from 'kysely';
import type { Dialect } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';
import type { CatalogueSnapshot, MatchKey } from './catalogue-index.ts';
import {
  filterConditions,
  IS_PUBLIC,
  type SearchFilters,
  type SearchOrder,
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

/** Full-text matches read at first: a window and one more when no other filter drops any. */
const FIRST_READ = TEXT_SEARCH_WINDOW + 1;

/**
 * How many matches to read next: enough, at the share of matches the filters kept so far, for
 * the places the window still has (and one more), with a quarter to spare; four times the last
 * read when the filters have kept none yet. Reading is the cost, so a filter that keeps most
 * matches reads a few dozen more, not thousands.
 */
function nextRead(read: number, kept: number, places: number, last: number): number {
  if (kept === 0) return last * 4;
  return Math.ceil(((places + 1) * read * 1.25) / kept) + 32;
}

export interface TextSearchPage {
  ids: string[];
  /** Matches in the window: every match, or TEXT_SEARCH_WINDOW when more match. */
  total: number;
  totalIsLowerBound: boolean;
}

/**
 * Relevance, best first: every word in the title, make or model (0); some of them there (1);
 * the words only in the description (2). Within a tier the most recently added listing comes first.
 */
type Tier = 0 | 1 | 2;

/** A full-text match: its key and, on PostgreSQL, its relevance tier (read with it). */
interface Match {
  key: MatchKey;
  tier?: Tier;
}

const olderThan = (column: string, before: MatchKey | null) =>
  before === null ? sql`` : sql`and ${sql.raw(column)} < ${before}`;

/** PostgreSQL: any of the words (as prefixes). */
const anyWord = (terms: readonly string[]) =>
  sql.join(
    terms.map((t) => toTsQuery([t])),
    sql` || `,
  );

/**
 * Full-text matches of every word, newest added first, older than `before`, at most `limit`.
 * SQLite reads them from its full-text index alone (the filters are checked in memory);
 * PostgreSQL reads each row to check the words, so it applies the filters (filterConditions)
 * and tells the tier at the same time.
 */
async function readMatches(
  db: Kysely<DB>,
  dialect: Dialect,
  filters: SearchFilters,
  before: MatchKey | null,
  limit: number,
): Promise<Match[]> {
  const { terms } = filters;
  if (dialect === 'sqlite') {
    const result = await sql<{ k: number }>`select rowid as k from vehicles_public_fts
      where vehicles_public_fts match ${toFts5Match(terms)}
      ${olderThan('rowid', before)} order by rowid desc limit ${limit}`.execute(db);
    return result.rows.map((r) => ({ key: r.k }));
  }
  const result = await sql<{ k: string; all_words: boolean; any_word: boolean }>`select id as k,
      vehicles.headline_vector @@ (${toTsQuery(terms)}) as all_words,
      vehicles.headline_vector @@ (${anyWord(terms)}) as any_word
    from vehicles where ${expressionBuilder<DB, 'vehicles'>().and([IS_PUBLIC, ...filterConditions(filters)])}
      and vehicles.search_vector @@ (${toTsQuery(terms)})
      ${olderThan('vehicles.id', before)} order by vehicles.id desc limit ${limit}`.execute(db);
  return result.rows.map((r) => ({ key: r.k, tier: r.all_words ? 0 : r.any_word ? 1 : 2 }));
}

/** SQLite: the rowids from `oldest` on whose title, make or model hold all (or any) of the words. */
async function headlineRowids(
  db: Kysely<DB>,
  terms: readonly string[],
  which: 'all' | 'any',
  oldest: MatchKey,
): Promise<Set<MatchKey>> {
  const match = which === 'all' ? toFts5Match(terms) : terms.map((t) => `"${t}"*`).join(' OR ');
  const result = await sql<{ k: number }>`select rowid as k from vehicles_public_headline_fts
    where vehicles_public_headline_fts match ${match} and rowid >= ${oldest}`.execute(db);
  return new Set(result.rows.map((r) => r.k));
}

/** The window: the newest matches that pass the other filters, and whether more do. */
interface Window {
  slots: number[];
  matches: Match[];
  more: boolean;
}

/**
 * Reads the matches newest first, in batches (see nextRead), and checks the other filters of each on
 * the catalogue snapshot, until the window is full or the matches end. A filter that keeps few
 * vehicles reads more matches, never more than all of them (31,221 for "original" in 100,000
 * vehicles: about 5 ms on SQLite).
 */
async function findWindow(
  db: Kysely<DB>,
  dialect: Dialect,
  snapshot: CatalogueSnapshot,
  filters: SearchFilters,
): Promise<Window> {
  const window: Window = { slots: [], matches: [], more: false };
  const test = snapshot.matcher(filters);
  if (!test) return window;
  let before: MatchKey | null = null;
  let read = 0;
  for (
    let batch = FIRST_READ;
    ;
    batch = nextRead(read, window.slots.length, TEXT_SEARCH_WINDOW - window.slots.length, batch)
  ) {
    const matches = await readMatches(db, dialect, filters, before, batch);
    read += matches.length;
    for (const match of matches) {
      const slot = snapshot.slotOf(match.key);
      if (slot === undefined || !test(slot)) continue;
      if (window.slots.length === TEXT_SEARCH_WINDOW) {
        window.more = true;
        return window;
      }
      window.slots.push(slot);
      window.matches.push(match);
    }
    const last = matches.at(-1);
    if (matches.length < batch || last === undefined) return window;
    before = last.key;
  }
}

/** The window best first (see Tier); SQLite asks its headline index for the tiers. */
async function byRelevance(db: Kysely<DB>, terms: readonly string[], window: Window): Promise<number[]> {
  const oldest = window.matches.at(-1);
  if (oldest === undefined) return [];
  let tierOf = (match: Match): Tier => match.tier ?? 2;
  if (oldest.tier === undefined) {
    const all = await headlineRowids(db, terms, 'all', oldest.key);
    // "Some of the words" only matters for a match without all of them (a make and model search
    // usually names both in every title): the read of any word is skipped when none is left.
    const someAreLeft = terms.length > 1 && window.matches.some((m) => !all.has(m.key));
    const some = someAreLeft ? await headlineRowids(db, terms, 'any', oldest.key) : all;
    tierOf = (match) => (all.has(match.key) ? 0 : some.has(match.key) ? 1 : 2);
  }
  const places = window.slots.map((slot, i) => ({ slot, tier: tierOf(window.matches[i] as Match), i }));
  return places.sort((a, b) => a.tier - b.tier || a.i - b.i).map((p) => p.slot);
}

/** One page of a keyword search, with the count of its window. */
export async function textSearchPage(
  db: Kysely<DB>,
  dialect: Dialect,
  snapshot: CatalogueSnapshot,
  filters: SearchFilters,
  options: { order: SearchOrder; offset: number; limit: number },
): Promise<TextSearchPage> {
  const window = await findWindow(db, dialect, snapshot, filters);
  const count = { total: window.slots.length, totalIsLowerBound: window.more };
  if (options.offset >= count.total) return { ids: [], ...count };
  const ordered =
    options.order === 'relevance'
      ? await byRelevance(db, filters.terms, window)
      : [...window.slots].sort(snapshot.comparator(options.order));
  const ids = ordered.slice(options.offset, options.offset + options.limit).map((slot) => snapshot.idOf(slot));
  return { ids, ...count };
}
