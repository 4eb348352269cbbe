import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Dialect } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';
import type { CatalogueSnapshot, MatchKey } from './catalogue-index.ts';
import { IS_PUBLIC, type SearchFilters, type SearchOrder, toFts5Match, toTsQuery } from './vehicle-search-filters.ts';

/**
 * A keyword search works on its most recently added matches, at most this many (decision 091):
 * it counts, orders and pages them, and says when more vehicles match. Counting or ranking every
 * match of a very common word ("leather": 17,719 of 100,000) costs more than everything else a
 * search does, on both databases.
 */
export const TEXT_SEARCH_WINDOW = 500;

/** Full-text matches read at first; each further read takes four times as many. */
const FIRST_READ = 1000;

export interface TextSearchPage {
  ids: string[];
  /** Matches in the window: every match, or TEXT_SEARCH_WINDOW when more match. */
  total: number;
  totalIsLowerBound: boolean;
}

const olderThan = (column: string, before: MatchKey | null) =>
  before === null ? sql`` : sql`and ${sql.raw(column)} < ${before}`;

/** Full-text matches of every word, newest added first, older than `before`, at most `limit`. */
async function readMatches(
  db: Kysely<DB>,
  dialect: Dialect,
  terms: readonly string[],
  before: MatchKey | null,
  limit: number,
): Promise<MatchKey[]> {
  const query: RawBuilder<{ k: MatchKey }> =
    dialect === 'sqlite'
      ? sql`select rowid as k from vehicles_public_fts where vehicles_public_fts match ${toFts5Match(terms)}
          ${olderThan('rowid', before)} order by rowid desc limit ${limit}`
      : sql`select id as k from vehicles where ${IS_PUBLIC} and vehicles.search_vector @@ (${toTsQuery(terms)})
          ${olderThan('vehicles.id', before)} order by vehicles.id desc limit ${limit}`;
  return (await query.execute(db)).rows.map((r) => r.k);
}

/** Among matches from `oldest` on, those whose title, make or model hold all (or any) of the words. */
async function headlineMatches(
  db: Kysely<DB>,
  dialect: Dialect,
  terms: readonly string[],
  which: 'all' | 'any',
  oldest: MatchKey,
): Promise<Set<MatchKey>> {
  let query: RawBuilder<{ k: MatchKey }>;
  if (dialect === 'sqlite') {
    const match = which === 'all' ? toFts5Match(terms) : terms.map((t) => `"${t}"*`).join(' OR ');
    query = sql`select rowid as k from vehicles_public_headline_fts
      where vehicles_public_headline_fts match ${match} and rowid >= ${oldest}`;
  } else {
    const tsquery =
      which === 'all'
        ? toTsQuery(terms)
        : sql.join(
            terms.map((t) => toTsQuery([t])),
            sql` || `,
          );
    query = sql`select id as k from vehicles
      where ${IS_PUBLIC} and vehicles.headline_vector @@ (${tsquery}) and vehicles.id >= ${oldest}`;
  }
  return new Set((await query.execute(db)).rows.map((r) => r.k));
}

/** The window: the newest matches that pass the other filters, and whether more do. */
interface Window {
  slots: number[];
  keys: MatchKey[];
  more: boolean;
}

/**
 * Reads the matches newest first, in growing batches, and checks the other filters of each on
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
  const window: Window = { slots: [], keys: [], more: false };
  const test = snapshot.matcher(filters);
  if (!test) return window;
  let before: MatchKey | null = null;
  for (let batch = FIRST_READ; ; batch *= 4) {
    const keys = await readMatches(db, dialect, filters.terms, before, batch);
    for (const key of keys) {
      const slot = snapshot.slotOf(key);
      if (slot === undefined || !test(slot)) continue;
      if (window.slots.length === TEXT_SEARCH_WINDOW) {
        window.more = true;
        return window;
      }
      window.slots.push(slot);
      window.keys.push(key);
    }
    const last = keys.at(-1);
    if (keys.length < batch || last === undefined) return window;
    before = last;
  }
}

/**
 * Relevance, best first: every word in the title, make or model; some of them there; the words
 * only in the description. Within a tier the most recently added listing comes first.
 */
async function byRelevance(
  db: Kysely<DB>,
  dialect: Dialect,
  terms: readonly string[],
  window: Window,
): Promise<number[]> {
  const oldest = window.keys.at(-1);
  if (oldest === undefined) return [];
  const all = await headlineMatches(db, dialect, terms, 'all', oldest);
  const some = terms.length > 1 ? await headlineMatches(db, dialect, terms, 'any', oldest) : all;
  const tier = (key: MatchKey) => (all.has(key) ? 0 : some.has(key) ? 1 : 2);
  const places = window.slots.map((slot, i) => ({ slot, tier: tier(window.keys[i] as MatchKey), i }));
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
      ? await byRelevance(db, dialect, filters.terms, window)
      : [...window.slots].sort(snapshot.comparator(options.order));
  const ids = ordered.slice(options.offset, options.offset + options.limit).map((slot) => snapshot.idOf(slot));
  return { ids, ...count };
}
