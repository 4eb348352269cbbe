/** How often one kind of kept answer was found or computed. */
export interface LookupCount {
  hits: number;
  misses: number;
}

/**
 * Counts the catalogue's lookups of what it keeps, by kind (`search`, `text`, `tagged`, `words`,
 * `cards`, ...). Given to the catalogue by whoever wants to know (the tests, and the search
 * benchmark proving that its "cold" requests are computed, not served from memory); a
 * catalogue made without one counts nothing.
 */
export class CacheLookups {
  private readonly counts = new Map<string, LookupCount>();

  count(kind: string, hit: boolean): void {
    const count = this.counts.get(kind) ?? { hits: 0, misses: 0 };
    if (hit) count.hits++;
    else count.misses++;
    this.counts.set(kind, count);
  }

  /** The lookups of one kind since the last call, and starts counting it again. */
  take(kind: string): LookupCount {
    const count = this.counts.get(kind) ?? { hits: 0, misses: 0 };
    this.counts.delete(kind);
    return count;
  }

  /** Every kind counted so far. */
  all(): Record<string, LookupCount> {
    return Object.fromEntries(this.counts);
  }
}
