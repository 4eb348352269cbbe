import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';
import type { CatalogueSnapshot, MatchKey, SlotTest, WordMatches } from './catalogue-index.ts';
import { IS_PUBLIC, type SearchFilters, type SearchOrder, toFts5Match, toTsQuery } from './vehicle-search-filters.ts';

/**
 * A keyword search works on its most recently added matches, at most this many (decision 091):
 * it counts, orders and pages them, and says when more vehicles match. Counting or ranking every
 * match of a very common word ("leather": 17,719 of 100,000) costs more than everything else a
 * search does, on both databases.
 */
export const TEXT_SEARCH_WINDOW = 500;

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
 * Every public vehicle holding all the words, newest added first, with its tier: read once per
 * set of words and catalogue snapshot (decision 102), so a search that adds a filter, a sort or a
 * page to words searched before costs no database read. SQLite reads rowids from its full-text
 * index and the tiers from its headline index (31,221 matches of "original" in 100,000 vehicles:
 * about 6 ms); PostgreSQL reads each match's id and tier from its GIN index and row.
 */
async function readWordMatches(
  db: Kysely<DB>,
  dialect: Dialect,
  snapshot: CatalogueSnapshot,
  terms: readonly string[],
): Promise<WordMatches> {
  let matches: { key: MatchKey; tier: Tier }[];
  if (dialect === 'sqlite') {
    const result = await sql<{ k: number }>`select rowid as k from vehicles_public_fts
      where vehicles_public_fts match ${toFts5Match(terms)} order by rowid desc`.execute(db);
    const all = await headlineRowids(db, terms, 'all');
    const some = terms.length > 1 ? await headlineRowids(db, terms, 'any') : all;
    matches = result.rows.map((r) => ({ key: r.k, tier: all.has(r.k) ? 0 : some.has(r.k) ? 1 : 2 }));
  } else {
    const result = await sql<{ k: string; all_words: boolean; any_word: boolean }>`select id as k,
        vehicles.headline_vector @@ (${toTsQuery(terms)}) as all_words,
        vehicles.headline_vector @@ (${anyWord(terms)}) as any_word
      from vehicles where ${IS_PUBLIC} and vehicles.search_vector @@ (${toTsQuery(terms)})
      order by vehicles.id desc`.execute(db);
    matches = result.rows.map((r) => ({ key: r.k, tier: r.all_words ? 0 : r.any_word ? 1 : 2 }));
  }
  const slots: number[] = [];
  const tiers: number[] = [];
  for (const { key, tier } of matches) {
    // A vehicle listed after the snapshot was read is not in it: the next version's snapshot has it.
    const slot = snapshot.slotOf(key);
    if (slot === undefined) continue;
    slots.push(slot);
    tiers.push(tier);
  }
  return { slots: Int32Array.from(slots), tiers: Uint8Array.from(tiers) };
}

/** The window: positions in the word matches of the newest that pass the other filters, and whether more do. */
function findWindow(words: WordMatches, test: SlotTest): { positions: number[]; more: boolean } {
  const positions: number[] = [];
  for (let i = 0; i < words.slots.length; i++) {
    if (!test(words.slots[i] as number)) continue;
    if (positions.length === TEXT_SEARCH_WINDOW) return { positions, more: true };
    positions.push(i);
  }
  return { positions, more: false };
}

/** One page of a keyword search, with the count of its window. */
export async function textSearchPage(
  db: Kysely<DB>,
  dialect: Dialect,
  snapshot: CatalogueSnapshot,
  filters: SearchFilters,
  options: { order: SearchOrder; offset: number; limit: number },
): Promise<TextSearchPage> {
  const test = snapshot.matcher(filters);
  if (!test) return { ids: [], total: 0, totalIsLowerBound: false };
  const { terms } = filters;
  const words = await snapshot.wordMatches(terms.join(' '), () => readWordMatches(db, dialect, snapshot, terms));
  const { positions, more } = findWindow(words, test);
  const count = { total: positions.length, totalIsLowerBound: more };
  if (options.offset >= count.total) return { ids: [], ...count };
  const ordered =
    options.order === 'relevance'
      ? positions
          .sort((a, b) => (words.tiers[a] as number) - (words.tiers[b] as number) || a - b)
          .map((i) => words.slots[i] as number)
      : positions.map((i) => words.slots[i] as number).sort(snapshot.comparator(options.order));
  const ids = ordered.slice(options.offset, options.offset + options.limit).map((slot) => snapshot.idOf(slot));
  return { ids, ...count };
}
