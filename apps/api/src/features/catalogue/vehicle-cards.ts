import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Kysely } from 'kysely';
import { LRUCache } from 'lru-cache';
import { vehicleSummarySchema } from '@vm/shared/vehicle';
import type { Dialect } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';
import { summariesByIds } from '../vehicles/vehicle-repository.ts';
import type { CacheLookups } from './cache-lookups.ts';

/** Cards kept by default: every public vehicle of a catalogue of this size (about 1 KB of JSON each). */
export const KEPT_CARDS = 150_000;

/** Cards read ahead in one read (summariesByIds); the event loop turns between two such reads. */
const READ_AHEAD_CHUNK = 100;

/**
 * The storefront's vehicle cards (VehicleSummary) of one catalogue version, kept in memory as
 * the JSON text of each card.
 *
 * A card shows only columns whose every change bumps the catalogue version (SUMMARY_COLUMNS),
 * its tags and its photo, so it stays right for as long as the version holds. A search that was
 * never sent before still has to count and page its matches, but the cards of its page are
 * usually cards some other search showed: reading and mapping them (a vehicle row, its tags and
 * its photos) was most of a search's cost (docs/decisions/110). Each card is checked against the card
 * schema and serialized once, when it is read: checking and serializing a page of cards again
 * on every computed search was a third of its cost (docs/decisions/110). When the version moves on,
 * every card goes; when full, the least recently shown goes first.
 *
 * The cards of a whole catalogue can be read ahead (readAhead, docs/decisions/134): in a large
 * catalogue most of the cards a new search shows were never shown before, and reading them was
 * what made its searches slower than a small catalogue's.
 */
export class VehicleCards {
  private version = -1;
  /** Each card's JSON by vehicle id; a lookup marks the card as the most recently shown. */
  private readonly cards: LRUCache<string, string>;

  constructor(
    readonly maxCards = KEPT_CARDS,
    private readonly lookups?: CacheLookups,
    /** Given, the cards are read with one statement for any number of ids (summariesByIds). */
    private readonly dialect?: Dialect,
  ) {
    this.cards = new LRUCache({ max: maxCards });
  }

  /**
   * The JSON of the cards of these vehicles, in the order of the ids, at catalogue version
   * `version` or newer (a vehicle that is gone is left out). A caller holding an older version
   * than the cards' (a request that read it before a change) gets fresh cards and keeps none.
   */
  async jsonOf(db: Kysely<DB>, version: number, ids: readonly string[]): Promise<string[]> {
    this.moveTo(version);
    const found = new Map<string, string>();
    const missing: string[] = [];
    for (const id of ids) {
      const card = version === this.version ? this.cards.get(id) : undefined;
      if (card) found.set(id, card);
      else missing.push(id);
    }
    // Counted as lookups of kind `cards` (hits: kept, misses: read), as the search benchmark reports them.
    if (this.lookups) for (const id of ids) this.lookups.count('cards', found.has(id));
    if (missing.length > 0) {
      const read = await this.read(db, missing);
      this.keep(version, read);
      for (const [id, json] of read) found.set(id, json);
    }
    return ids.flatMap((id) => found.get(id) ?? []);
  }

  /**
   * Reads and keeps, READ_AHEAD_CHUNK at a time with the event loop turning in between, the cards
   * of these vehicles not kept yet at catalogue version `version`. Stops when `stillCurrent`
   * says the version moved on (cards read for it would be dropped at once). Counts no lookups:
   * nobody asked for these cards yet. Returns how many were read.
   */
  async readAhead(
    db: Kysely<DB>,
    version: number,
    ids: readonly string[],
    stillCurrent: () => Promise<boolean>,
  ): Promise<number> {
    this.moveTo(version);
    const missing = ids.filter((id) => !this.cards.has(id));
    let read = 0;
    for (let i = 0; i < missing.length && version === this.version; i += READ_AHEAD_CHUNK) {
      if (!(await stillCurrent())) break;
      const cards = await this.read(db, missing.slice(i, i + READ_AHEAD_CHUNK));
      this.keep(version, cards);
      read += cards.length;
      await nextTurn();
    }
    return read;
  }

  /** A newer version drops every card kept for the older one. */
  private moveTo(version: number): void {
    if (version > this.version) {
      this.cards.clear();
      this.version = version;
    }
  }

  private async read(db: Kysely<DB>, ids: string[]): Promise<(readonly [string, string])[]> {
    return (await summariesByIds(db, ids, this.dialect)).map(
      (card) => [card.id, JSON.stringify(vehicleSummarySchema.parse(card))] as const,
    );
  }

  private keep(version: number, read: readonly (readonly [string, string])[]): void {
    // Cards read for an older version than the kept ones, or while a newer version came in, are not kept.
    if (version !== this.version) return;
    for (const [id, json] of read) this.cards.set(id, json);
  }
}

/**
 * The JSON of a list answer (`{"vehicles": [...], ...rest}`) from the JSON of its cards. `rest`
 * is checked against its part of the route's response schema; the cards were checked when kept.
 */
export function cardListJson<Rest extends object>(
  cards: readonly string[],
  rest: Rest,
  restSchema: { parse(value: unknown): Rest },
): string {
  const tail = JSON.stringify(restSchema.parse(rest));
  return `{"vehicles":[${cards.join(',')}]${tail === '{}' ? '}' : `,${tail.slice(1)}`}`;
}
