import { describe, expect, it } from 'vitest';
import type { SnapshotRow } from '../src/features/catalogue/catalogue-repository.ts';
import { CatalogueSnapshot, type WordMatches } from '../src/features/catalogue/catalogue-snapshot.ts';

/**
 * A snapshot keeps the full-text matches of each set of words it was asked for (docs/decisions/110):
 * read once, shared by concurrent searches, bounded in slots, never keeping a failed read.
 */
// Only the columns these tests look at: a filter added later needs no change here.
const vehicle = (i: number) =>
  ({
    id: `v${i}`,
    created_at: new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString(),
    year: 1960 + i,
    price_cents: 1_000_000 + i,
    mileage: 1_000 * i,
    make: 'Ford',
    model: 'Mustang',
    category: 'Classics',
    listing_type: 'listing',
  }) as SnapshotRow;
const snapshot = (kept?: number) =>
  new CatalogueSnapshot(
    1,
    { rows: Array.from({ length: 10 }, (_, i) => vehicle(i)), tags: [] },
    undefined,
    ...(kept === undefined ? [] : [kept]),
  );
const matches = (...slots: number[]): WordMatches => ({
  slots: Int32Array.from(slots),
  tiers: new Uint8Array(slots.length),
});

describe('catalogue snapshot word matches', () => {
  it('SEARCH-04 reads a set of words once, even for concurrent searches', async () => {
    const s = snapshot();
    let reads = 0;
    const read = async () => {
      reads++;
      return matches(0, 2, 4);
    };
    const [a, b] = await Promise.all([s.wordMatches('leather', read), s.wordMatches('leather', read)]);
    expect(a).toBe(b);
    expect(await s.wordMatches('leather', read)).toBe(a);
    expect(reads).toBe(1);
    await s.wordMatches('leather seats', read);
    expect(reads).toBe(2);
  });

  it('lets the least recently searched words go once the slots kept pass the bound', async () => {
    const s = snapshot(5);
    const reads: string[] = [];
    const reader =
      (words: string, ...slots: number[]) =>
      async () => {
        reads.push(words);
        return matches(...slots);
      };
    await s.wordMatches('a', reader('a', 0, 1));
    await s.wordMatches('b', reader('b', 2, 3));
    await s.wordMatches('a', reader('a', 0, 1)); // "a" is now the most recently searched
    await s.wordMatches('c', reader('c', 4, 5)); // 6 slots: "b" goes
    await s.wordMatches('a', reader('a', 0, 1));
    await s.wordMatches('c', reader('c', 4, 5));
    expect(reads).toEqual(['a', 'b', 'c']);
    await s.wordMatches('b', reader('b', 2, 3));
    expect(reads).toEqual(['a', 'b', 'c', 'b']);
    // A set larger than the whole bound is still answered, but never kept: the bound holds.
    expect(await s.wordMatches('huge', reader('huge', 0, 1, 2, 3, 4, 5, 6, 7))).toEqual(
      matches(0, 1, 2, 3, 4, 5, 6, 7),
    );
    await s.wordMatches('huge', reader('huge', 0, 1, 2, 3, 4, 5, 6, 7));
    expect(reads.filter((w) => w === 'huge')).toHaveLength(2);
  });

  it('keeps words that match nothing within the bound too (issue #21: they used to weigh nothing)', async () => {
    const s = snapshot(3);
    const reads: string[] = [];
    for (const words of ['nope1', 'nope2', 'nope3', 'nope4', 'nope1']) {
      await s.wordMatches(words, async () => {
        reads.push(words);
        return matches();
      });
    }
    // Each empty set counts as one slot: with room for three, the fourth pushed the first out.
    expect(reads).toEqual(['nope1', 'nope2', 'nope3', 'nope4', 'nope1']);
  });

  it('does not keep a failed read', async () => {
    const s = snapshot();
    await expect(
      s.wordMatches('turbo', async () => {
        throw new Error('database unreachable');
      }),
    ).rejects.toThrow('database unreachable');
    expect(await s.wordMatches('turbo', async () => matches(3))).toEqual(matches(3));
  });
});
