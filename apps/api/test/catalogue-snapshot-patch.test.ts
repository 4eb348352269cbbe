import { describe, expect, it } from 'vitest';
import { VEHICLE_SORTS } from '@vm/shared/constants';
import { vehicleSearchQuerySchema } from '@vm/shared/vehicle';
import type { SnapshotRow, SnapshotTag } from '../src/features/catalogue/catalogue-repository.ts';
import { CatalogueSnapshot } from '../src/features/catalogue/catalogue-snapshot.ts';
import { toSearchFilters } from '../src/features/catalogue/search-filters.ts';
import { similarSlots } from '../src/features/catalogue/similar-vehicles.ts';

/*
 * A snapshot made from the last one and the vehicles changed since (CatalogueSnapshot.patched,
 * docs/decisions/139-patched-snapshots.md) must answer every question exactly as one made whole
 * from the same rows. In memory, without a database: hundreds of random batches of changes of
 * every kind, several at once, on values drawn from a few so that sorts tie and ranks decide.
 */
const MAKES = ['Ford', 'Porsche', 'BMW', 'Fiat'];
const TAGS = ['hot', 'new', 'classic'];

interface Vehicle {
  row: SnapshotRow;
  shown: boolean;
  tags: string[];
}

/** A small deterministic generator, so a failure can be replayed. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

const SEARCHES = [
  {},
  { make: 'Ford' },
  { make: 'Porsche', minPrice: '20000' },
  { make: 'BMW', minYear: '1965', maxYear: '1975' },
  { minPrice: '15000', maxPrice: '30000' },
  { minPrice: '15000', maxPrice: '30000', minYear: '1962' },
  { tags: 'hot' },
  { tags: 'new,classic', make: 'Fiat' },
  { category: 'Classics' },
  { model: 'M1', make: 'Ford' },
  { listingType: 'auction' },
];
const QUERIES = SEARCHES.flatMap((search) =>
  [undefined, ...VEHICLE_SORTS].flatMap((sort) =>
    [1, 3].map((page) =>
      vehicleSearchQuerySchema.parse({ ...search, ...(sort ? { sort } : {}), page: String(page), limit: '7' }),
    ),
  ),
);

/** Everything a caller can ask a snapshot, as plain values. */
function answers(snapshot: CatalogueSnapshot, vehicles: Map<string, Vehicle>): unknown[] {
  const out: unknown[] = [snapshot.size, snapshot.vehicleIds];
  for (const q of QUERIES) {
    const sort = q.sort ?? 'newest';
    out.push(snapshot.search(toSearchFilters(q), sort, (q.page - 1) * q.limit, q.limit));
  }
  out.push(snapshot.matchingIds(toSearchFilters(vehicleSearchQuerySchema.parse({ tags: 'classic' }))));
  for (const { row } of vehicles.values()) {
    out.push(snapshot.cardStampOf(row.id));
    const slot = snapshot.slotOf(row.rowid as number);
    out.push(slot === undefined ? undefined : snapshot.idOf(slot));
  }
  for (const make of MAKES) {
    const source = snapshot.similarSource();
    const slots = similarSlots(source, { make, model: 'M1', year: 1968, priceCents: 2_000_000, limit: 5 });
    out.push(slots.map((slot) => snapshot.idOf(slot)));
  }
  return out;
}

describe('a catalogue snapshot made from the last one', () => {
  it('ISSUE-18-PATCHED-SNAPSHOTS answers every search, stamp, rowid and similar list as one made whole, after random batches of changes', () => {
    const next = random(139);
    const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)] as T;
    const vehicles = new Map<string, Vehicle>();
    let stamp = 0;
    let rowid = 0;
    let clock = Date.UTC(2026, 0, 1);
    const newRow = (): SnapshotRow => {
      rowid++;
      clock += 1000 * (1 + Math.floor(next() * 3));
      return {
        id: `v${String(rowid).padStart(5, '0')}`,
        // Some vehicles share a created time: their slots are ordered by id.
        created_at: new Date(next() < 0.2 ? clock - 1000 : clock).toISOString(),
        make: pick(MAKES),
        model: pick(['M1', 'M2', 'M3']),
        price_cents: 1_000_000 * (1 + Math.floor(next() * 4)),
        year: 1960 + Math.floor(next() * 20),
        mileage: 10_000 * Math.floor(next() * 5),
        listing_type: next() < 0.2 ? 'auction' : 'listing',
        category: pick(['Classics', 'Sports', 'Other']),
        card_version: ++stamp,
        rowid,
      };
    };
    for (let i = 0; i < 200; i++) {
      const row = newRow();
      vehicles.set(row.id, { row, shown: next() < 0.9, tags: TAGS.filter(() => next() < 0.3) });
    }
    const publicRows = () => [...vehicles.values()].filter((v) => v.shown).map((v) => v.row);
    const tagsOf = (ids: Iterable<string>): SnapshotTag[] =>
      [...ids].flatMap((id) => vehicles.get(id)?.tags.map((tag) => ({ vehicle_id: id, tag })) ?? []);
    const wholeAt = (version: number) => {
      const rows = publicRows();
      return new CatalogueSnapshot(version, { rows, tags: tagsOf(rows.map((r) => r.id)) });
    };

    let snapshot = wholeAt(0);
    snapshot.prepareOrders();
    let patchedCount = 0;
    const kinds = new Set<string>();
    for (let step = 1; step <= 300; step++) {
      const changed = new Set<string>();
      const removed = new Set<string>();
      const batch = 1 + Math.floor(next() * 4);
      for (let c = 0; c < batch; c++) {
        const ids = [...vehicles.keys()];
        const vehicle = vehicles.get(pick(ids)) as Vehicle;
        const kind = pick(['price', 'year', 'make', 'tags', 'created', 'archive', 'publish', 'add', 'delete', 'same']);
        kinds.add(kind);
        const edit = (change: Partial<SnapshotRow>) => {
          vehicle.row = { ...vehicle.row, ...change, card_version: ++stamp };
          changed.add(vehicle.row.id);
        };
        if (kind === 'price') edit({ price_cents: 1_000_000 * (1 + Math.floor(next() * 4)) });
        else if (kind === 'year') edit({ year: 1960 + Math.floor(next() * 20) });
        else if (kind === 'make') edit({ make: pick([...MAKES, 'Lancia']), model: pick(['M1', 'M4']) });
        else if (kind === 'tags') {
          vehicle.tags = TAGS.filter(() => next() < 0.4);
          edit({});
        } else if (kind === 'created')
          edit({ created_at: new Date(clock - Math.floor(next() * 400_000)).toISOString() });
        else if (kind === 'archive') {
          vehicle.shown = false;
          edit({});
        } else if (kind === 'publish') {
          vehicle.shown = true;
          edit({});
        } else if (kind === 'add') {
          const row = newRow();
          vehicles.set(row.id, { row, shown: true, tags: TAGS.filter(() => next() < 0.3) });
          changed.add(row.id);
        } else if (kind === 'delete') {
          vehicles.delete(vehicle.row.id);
          removed.add(vehicle.row.id);
          changed.delete(vehicle.row.id);
        } else edit({});
      }
      const rows = [...changed].map((id) => vehicles.get(id) as Vehicle).filter((v) => v.shown);
      const gone = [...changed].filter((id) => !vehicles.get(id)?.shown).concat([...removed]);
      const made = snapshot.patched(
        step,
        rows.map((v) => v.row),
        gone,
        tagsOf(rows.map((v) => v.row.id)),
      );
      expect(made, `step ${step}`).toBeDefined();
      patchedCount++;
      const whole = wholeAt(step);
      expect(answers(made as CatalogueSnapshot, vehicles), `step ${step}`).toEqual(answers(whole, vehicles));
      snapshot = made as CatalogueSnapshot;
    }
    expect(patchedCount).toBe(300);
    expect(kinds.size).toBe(10);
  });

  it('ISSUE-18-PATCHED-SNAPSHOTS makes a snapshot whole when more than a quarter of the vehicles changed', () => {
    const rows = Array.from({ length: 8 }, (_, i) => ({
      id: `v${i}`,
      created_at: new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString(),
      make: 'Ford',
      model: 'M1',
      price_cents: 1_000_000,
      year: 1970,
      mileage: 0,
      listing_type: 'listing',
      category: 'Classics',
      card_version: i,
    })) as SnapshotRow[];
    const snapshot = new CatalogueSnapshot(1, { rows, tags: [] });
    expect(snapshot.patched(2, rows.slice(0, 2), [], [])).toBeDefined();
    expect(snapshot.patched(2, rows.slice(0, 2), ['v7'], [])).toBeUndefined();
  });
});
