import type { Kysely } from 'kysely';
import type { VehicleSummary } from '@vm/shared/vehicle';
import type { DB } from '../../db/schema.ts';
import { summariesByIds } from './vehicle-repository.ts';
import { countLookup } from './versioned-cache.ts';

/**
 * The storefront's vehicle cards (VehicleSummary) of one catalogue version, kept in memory.
 *
 * A card shows only columns whose every change bumps the catalogue version (SUMMARY_COLUMNS),
 * its tags and its photo, so it stays right for as long as the version holds. A search that was
 * never sent before still has to count and page its matches, but the cards of its page are
 * usually cards some other search showed: reading and mapping them (a vehicle row, its tags and
 * its photos) was most of a search's cost (decision 101). When the version moves on, every card
 * goes; when full, the least recently shown goes first.
 */
export class VehicleCards {
  private version = -1;
  private readonly cards = new Map<string, VehicleSummary>();

  constructor(private readonly maxCards = 10_000) {}

  /**
   * The cards of these vehicles, in the order of the ids, at catalogue version `version` or
   * newer (a vehicle that is gone is left out). A caller holding an older version than the
   * cards' (a request that read it before a change) gets fresh cards and keeps none.
   */
  async of(db: Kysely<DB>, version: number, ids: readonly string[]): Promise<VehicleSummary[]> {
    if (version > this.version) {
      this.cards.clear();
      this.version = version;
    }
    const found = new Map<string, VehicleSummary>();
    const missing: string[] = [];
    for (const id of ids) {
      const card = version === this.version ? this.take(id) : undefined;
      if (card) found.set(id, card);
      else missing.push(id);
    }
    // Counted as cache lookups of kind `cards` (hits: kept, misses: read), as the search benchmark reports them.
    for (const id of ids) countLookup('cards', found.has(id));
    if (missing.length > 0) {
      const read = await summariesByIds(db, missing);
      this.keep(version, read);
      for (const card of read) found.set(card.id, card);
    }
    return ids.flatMap((id) => found.get(id) ?? []);
  }

  /** A kept card, marked as the most recently shown (a Map iterates in insertion order). */
  private take(id: string): VehicleSummary | undefined {
    const card = this.cards.get(id);
    if (card) {
      this.cards.delete(id);
      this.cards.set(id, card);
    }
    return card;
  }

  private keep(version: number, read: readonly VehicleSummary[]): void {
    // Cards read for an older version than the kept ones, or while a newer version came in, are not kept.
    if (version !== this.version) return;
    for (const card of read) {
      this.cards.set(card.id, card);
      if (this.cards.size > this.maxCards) {
        const oldest = this.cards.keys().next().value;
        if (oldest !== undefined) this.cards.delete(oldest);
      }
    }
  }
}
