import type { Kysely } from 'kysely';
import type { Dialect } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';
import { readWordMatches } from './catalogue-repository.ts';
import type { CatalogueSnapshot, SlotTest, WordMatches } from './catalogue-snapshot.ts';
import type { SearchFilters, SearchOrder } from './search-filters.ts';

/**
 * A keyword search works on its most recently added matches, at most this many
 * (docs/decisions/110): it counts, orders and pages them, and says when more vehicles match.
 * Counting or ranking every match of a very common word ("leather": 17,719 of 100,000) costs
 * more than everything else a search does, on both databases.
 */
export const TEXT_SEARCH_WINDOW = 500;

export interface TextSearchPage {
  ids: string[];
  /** Matches in the window: every match, or TEXT_SEARCH_WINDOW when more match. */
  total: number;
  totalIsLowerBound: boolean;
}

/**
 * Every public vehicle of the snapshot holding all the words, newest added first, with its tier:
 * read once per set of words and catalogue snapshot, so a search that adds a filter, a sort or a
 * page to words searched before costs no database read.
 */
export async function snapshotWordMatches(
  db: Kysely<DB>,
  dialect: Dialect,
  snapshot: CatalogueSnapshot,
  terms: readonly string[],
): Promise<WordMatches> {
  const slots: number[] = [];
  const tiers: number[] = [];
  for (const { key, tier } of await readWordMatches(db, dialect, terms)) {
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
  const words = await snapshot.wordMatches(terms.join(' '), () => snapshotWordMatches(db, dialect, snapshot, terms));
  const { positions, more } = findWindow(words, test);
  const count = { total: positions.length, totalIsLowerBound: more };
  if (options.offset >= count.total) return { ids: [], ...count };
  // Within a tier the most recently added listing comes first.
  const ordered =
    options.order === 'relevance'
      ? positions
          .sort((a, b) => (words.tiers[a] as number) - (words.tiers[b] as number) || a - b)
          .map((i) => words.slots[i] as number)
      : snapshot.firstInOrder(
          Int32Array.from(positions, (i) => words.slots[i] as number),
          options.order,
          options.offset + options.limit,
        );
  const ids = Array.from(ordered.slice(options.offset, options.offset + options.limit), (slot) => snapshot.idOf(slot));
  return { ids, ...count };
}
