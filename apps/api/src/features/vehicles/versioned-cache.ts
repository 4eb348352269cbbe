import { LRUCache } from 'lru-cache';
import type { SearchCache } from './vehicle-search-repository.ts';

/** How often one kind of cached answer was found or computed. */
export interface LookupCount {
  hits: number;
  misses: number;
}

/**
 * Lookups of every VersionedCache in this process, by kind of answer (the first word of the key:
 * `search`, `text`, `tagged`, `words`, ...). The search benchmark reads them to prove that
 * its "cold" requests are computed, not served from memory; they cost one map update per lookup.
 */
export const cacheLookups = new Map<string, LookupCount>();

/** Counts one lookup under the first word of its key. */
export function countLookup(key: string, hit: boolean): void {
  const space = key.indexOf(' ');
  const kind = space === -1 ? key : key.slice(0, space);
  const count = cacheLookups.get(kind) ?? { hits: 0, misses: 0 };
  if (hit) count.hits++;
  else count.misses++;
  cacheLookups.set(kind, count);
}

/**
 * A bounded in-memory cache whose entries are valid for one catalogue version. The version
 * lives in the database (bumped by triggers), so a change made through any app instance, a
 * seed or a direct SQL edit retires every older entry; nothing has to remember to invalidate.
 * When full, the least recently used entry goes.
 */
export class VersionedCache implements SearchCache {
  /** A lookup marks its entry as the most recently used. */
  private readonly entries: LRUCache<string, { version: number; value: Promise<unknown> }>;

  constructor(maxEntries = 2000) {
    this.entries = new LRUCache({ max: maxEntries });
  }

  async get<T>(version: number, key: string, compute: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(key);
    countLookup(key, hit?.version === version);
    if (hit && hit.version === version) return hit.value as Promise<T>;
    // The promise itself is stored, so concurrent identical requests share one computation.
    const value = compute();
    this.entries.set(key, { version, value });
    try {
      return await value;
    } catch (err) {
      // A failure (database briefly down) must not be served from the cache afterwards.
      if (this.entries.peek(key)?.value === value) this.entries.delete(key);
      throw err;
    }
  }
}
