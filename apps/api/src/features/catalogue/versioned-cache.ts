import { LRUCache } from 'lru-cache';
import type { CacheLookups } from './cache-lookups.ts';

/**
 * A bounded in-memory cache whose entries are valid for one catalogue version. The version
 * lives in the database (bumped by triggers), so a change made through any app instance, a
 * seed or a direct SQL edit retires every older entry; nothing has to remember to invalidate.
 * When full, the least recently used entry goes. Each lookup is counted under the first word
 * of its key (`search`, `text`, `tagged`, ...) when the catalogue was given a counter.
 */
export class VersionedCache {
  /** A lookup marks its entry as the most recently used. */
  private readonly entries: LRUCache<string, { version: number; value: Promise<unknown> }>;

  constructor(
    maxEntries = 2000,
    private readonly lookups?: CacheLookups,
  ) {
    this.entries = new LRUCache({ max: maxEntries });
  }

  async get<T>(version: number, key: string, compute: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(key);
    if (this.lookups) this.lookups.count(key.split(' ', 1)[0] ?? key, hit?.version === version);
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
