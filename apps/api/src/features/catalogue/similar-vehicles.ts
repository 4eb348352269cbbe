/*
 * The similar-vehicles rule (DETAIL-29), in one place, read from the catalogue snapshot
 * (docs/decisions/120-pages-at-any-size.md): the same make first, the same model before other
 * models, each by closeness; then any other public vehicle, closest in price (else in year,
 * else the newest). Closeness: price distance, then year distance, then the newer listing.
 * Never the excluded vehicle, never one twice.
 *
 * The snapshot holds every public vehicle's price, year, make and model, newest first, and its
 * slots by price: the same make's newest SAME_MAKE_SLICE are the first slots of its make's
 * group, and the closest prices are found by a binary search in the price order and a walk
 * outward. No request sorts a make's vehicles or reads the database (decision 110's SQL slices
 * sorted every vehicle of a make on each request: 4,549 Porsches at 100,000 vehicles).
 */

/** How many of the same make the list chooses among: its newest, as decision 110 states. */
export const SAME_MAKE_SLICE = 200;

/** What the rule reads from a snapshot (CatalogueSnapshot.similarSource). Slot 0 is the newest vehicle. */
export interface SimilarSource {
  readonly size: number;
  /** Price in cents and year, by slot. */
  readonly price: Float64Array;
  readonly year: Float64Array;
  /** A make's slots, newest first (empty when no public vehicle has it). */
  slotsOfMake(make: string): ArrayLike<number>;
  /** A test of "this slot's model is `model`". */
  modelTest(model: string): (slot: number) => boolean;
  /** Every slot by price, lowest first, with the prices in that order. */
  byPrice(): { slots: Int32Array; prices: Float64Array };
}

export interface SimilarTarget {
  make?: string | undefined;
  model?: string | undefined;
  year?: number | undefined;
  priceCents?: number | undefined;
  /** The slot of the vehicle shown, left out. */
  excludeSlot?: number | undefined;
  limit: number;
}

const distance = (a: number, b: number | undefined) => (b === undefined ? 0 : Math.abs(a - b));

/** The similar vehicles' slots, best first. */
export function similarSlots(source: SimilarSource, target: SimilarTarget): number[] {
  const { price, year } = source;
  /** Closest first: price matters most, then year; newer listings (lower slots) break ties. */
  const closeness = (a: number, b: number) =>
    distance(price[a] as number, target.priceCents) - distance(price[b] as number, target.priceCents) ||
    distance(year[a] as number, target.year) - distance(year[b] as number, target.year) ||
    a - b;
  const chosen: number[] = [];
  const taken = new Set<number>();
  if (target.excludeSlot !== undefined) taken.add(target.excludeSlot);
  const take = (slots: readonly number[]) => {
    for (const slot of slots) {
      if (chosen.length >= target.limit || taken.has(slot)) continue;
      chosen.push(slot);
      taken.add(slot);
    }
  };
  if (target.make) {
    const ofMake = source.slotsOfMake(target.make);
    const newest: number[] = [];
    for (let i = 0; i < ofMake.length && newest.length < SAME_MAKE_SLICE; i++) {
      const slot = ofMake[i] as number;
      if (slot !== target.excludeSlot) newest.push(slot);
    }
    const sameModel = target.model ? source.modelTest(target.model) : () => false;
    const nth = (i: number) => newest[i] as number;
    // Only the best `limit` of each can be taken: kept in a short list, not the whole slice sorted.
    take(bestOf(newest.length, nth, target.limit, closeness, sameModel));
    take(bestOf(newest.length, nth, target.limit, closeness, (slot) => !sameModel(slot)));
  }
  const need = target.limit - chosen.length;
  if (need > 0) {
    const free = (slot: number) => !taken.has(slot);
    take(
      target.priceCents !== undefined
        ? closestPrices(source, target.priceCents, need, free).sort(closeness)
        : bestOf(source.size, (slot) => slot, need, closeness, free),
    );
  }
  return chosen;
}

/**
 * Every free slot whose price is at most as far from `bound` as the need-th closest free one:
 * the slots by price are walked outward from the bound, nearest price first, so ties at the
 * last distance are all in (the caller orders them by year and age).
 */
function closestPrices(source: SimilarSource, bound: number, need: number, free: (slot: number) => boolean): number[] {
  const { slots, prices } = source.byPrice();
  let up = lowerBound(prices, bound);
  let down = up - 1;
  const found: number[] = [];
  let last = Number.POSITIVE_INFINITY;
  for (;;) {
    const upDistance = up < prices.length ? (prices[up] as number) - bound : Number.POSITIVE_INFINITY;
    const downDistance = down >= 0 ? bound - (prices[down] as number) : Number.POSITIVE_INFINITY;
    const next = Math.min(upDistance, downDistance);
    if (next === Number.POSITIVE_INFINITY || (found.length >= need && next > last)) return found;
    const slot = (upDistance <= downDistance ? slots[up++] : slots[down--]) as number;
    if (!free(slot)) continue;
    found.push(slot);
    if (found.length <= need) last = next;
  }
}

/** The first index whose value is at least `bound` in ascending `values`. */
function lowerBound(values: Float64Array, bound: number): number {
  let low = 0;
  let high = values.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if ((values[mid] as number) < bound) low = mid + 1;
    else high = mid;
  }
  return low;
}

/**
 * The `need` best of `n` candidates in `order` (candidate i is `at(i)`), leaving out those
 * `accept` refuses, best first: one pass keeping a short sorted list.
 */
function bestOf(
  n: number,
  at: (i: number) => number,
  need: number,
  order: (a: number, b: number) => number,
  accept: (slot: number) => boolean,
): number[] {
  const best: number[] = [];
  for (let i = 0; i < n; i++) {
    const slot = at(i);
    if (!accept(slot)) continue;
    if (best.length === need && order(slot, best[need - 1] as number) >= 0) continue;
    let place = best.length;
    while (place > 0 && order(slot, best[place - 1] as number) < 0) place--;
    best.splice(place, 0, slot);
    if (best.length > need) best.pop();
  }
  return best;
}
