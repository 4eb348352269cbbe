import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Kysely } from 'kysely';
import { LRUCache } from 'lru-cache';
import { vehicleSummarySchema } from '@vm/shared/vehicle';
import type { Dialect } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';
import { stampedSummariesByIds } from '../vehicles/vehicle-repository.ts';
import type { CacheLookups } from './cache-lookups.ts';

/** Cards kept by default: every public vehicle of a catalogue of this size (about 1 KB of JSON each). */
export const KEPT_CARDS = 150_000;

/** Cards read ahead in one read (stampedSummariesByIds); the event loop turns between two such reads. */
const READ_AHEAD_CHUNK = 100;
/**
 * Cards looked up at a time while reading ahead: looking up all 98,000 of a large catalogue to
 * find the one a change made stale took about 90 ms in one go (docs/decisions/139-patched-snapshots.md).
 */
const LOOKUP_CHUNK = 5_000;

/** Each card's stamp as the catalogue's snapshot read it (CatalogueSnapshot.cardStampOf). */
export interface CardStamps {
  cardStampOf(id: string): number;
}

/**
 * The storefront's vehicle cards (VehicleSummary), kept in memory as the JSON text of each card.
 *
 * A search that was never sent before still has to count and page its matches, but the cards of
 * its page are usually cards some other search showed: reading and mapping them (a vehicle row,
 * its tags and its photos) was most of a search's cost (docs/decisions/110). Each card is checked
 * against the card schema and serialized once, when it is read: checking and serializing a page
 * of cards again on every computed search was a third of its cost (docs/decisions/110).
 *
 * Each card is kept under its stamp (vehicles.card_version, which triggers bump with every
 * change the card shows) and shown while the stamp the catalogue's snapshot holds for it is no
 * newer (docs/decisions/138-card-stamps.md): a change to one vehicle makes only its card be read
 * again. When full, the least recently shown card goes first.
 *
 * The cards of a whole catalogue can be read ahead (readAhead, docs/decisions/134): in a large
 * catalogue most of the cards a new search shows were never shown before, and reading them was
 * what made its searches slower than a small catalogue's.
 */
export class VehicleCards {
  /** Each card's JSON and stamp by vehicle id; a lookup marks the card as the most recently shown. */
  private readonly cards: LRUCache<string, { stamp: number; json: string }>;

  constructor(
    readonly maxCards = KEPT_CARDS,
    private readonly lookups?: CacheLookups,
    /** Given, the cards are read with one statement for any number of ids (stampedSummariesByIds). */
    private readonly dialect?: Dialect,
  ) {
    this.cards = new LRUCache({ max: maxCards });
  }

  /**
   * The JSON of the cards of these vehicles, in the order of the ids (a vehicle that is gone is
   * left out): each one kept under a stamp at least as new as `stamps` gives it, else read.
   */
  async jsonOf(db: Kysely<DB>, ids: readonly string[], stamps: CardStamps): Promise<string[]> {
    const found = new Map<string, string>();
    const missing: string[] = [];
    for (const id of ids) {
      const card = this.cards.get(id);
      if (card && card.stamp >= stamps.cardStampOf(id)) found.set(id, card.json);
      else missing.push(id);
    }
    // Counted as lookups of kind `cards` (hits: kept, misses: read), as the search benchmark reports them.
    if (this.lookups) for (const id of ids) this.lookups.count('cards', found.has(id));
    if (missing.length > 0) for (const [id, json] of await this.readAndKeep(db, missing)) found.set(id, json);
    return ids.flatMap((id) => found.get(id) ?? []);
  }

  /**
   * Reads and keeps, READ_AHEAD_CHUNK at a time with the event loop turning in between, the cards
   * of these vehicles not kept under their stamp yet, looked up LOOKUP_CHUNK at a time. Stops when `stillCurrent` says the
   * catalogue moved on (its snapshot, and so the stamps, are then older than the database).
   * Counts no lookups: nobody asked for these cards yet. Returns how many were read.
   */
  async readAhead(
    db: Kysely<DB>,
    ids: readonly string[],
    stamps: CardStamps,
    stillCurrent: () => Promise<boolean>,
  ): Promise<number> {
    let read = 0;
    const missing: string[] = [];
    for (let from = 0; from < ids.length; from += LOOKUP_CHUNK) {
      for (const id of ids.slice(from, from + LOOKUP_CHUNK))
        if (!((this.cards.peek(id)?.stamp ?? -1) >= stamps.cardStampOf(id))) missing.push(id);
      const looked = from + LOOKUP_CHUNK >= ids.length;
      while (missing.length >= READ_AHEAD_CHUNK || (looked && missing.length > 0)) {
        if (!(await stillCurrent())) return read;
        read += (await this.readAndKeep(db, missing.splice(0, READ_AHEAD_CHUNK))).length;
        await nextTurn();
      }
      if (!looked) await nextTurn();
    }
    return read;
  }

  /** Reads these cards and keeps each one unless a newer one was kept meanwhile. */
  private async readAndKeep(db: Kysely<DB>, ids: string[]): Promise<(readonly [string, string])[]> {
    return (await stampedSummariesByIds(db, ids, this.dialect)).map(({ summary, stamp }) => {
      const json = JSON.stringify(vehicleSummarySchema.parse(summary));
      if (!((this.cards.peek(summary.id)?.stamp ?? -1) > stamp)) this.cards.set(summary.id, { stamp, json });
      return [summary.id, json] as const;
    });
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
