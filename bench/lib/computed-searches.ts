import { MAKES } from './catalogue-data.ts';

const SORTS = ['', 'price_asc', 'price_desc', 'year', 'mileage', 'newest'];

/**
 * Searches nobody sent before, the same mix for every server and in every round: each server
 * gets its own counter, so all are sent the same searches in the same order (decision 136); it
 * runs on for the whole run (a search is never sent twice to a server), but the lowest price
 * comes back to $1,000 every SEARCH_PRICE_CYCLE searches, when the highest moves up by a dollar.
 * The price windows once drifted with the counter, so the 100,000 rounds searched far dearer cars
 * than the 10,000 ones, matched fewer and sent smaller answers (docs/decisions/133-fair-page-benchmark.md).
 */
export const SEARCH_PRICE_CYCLE = 60_000;
export function computedSearches(): () => string {
  let searchCount = 0;
  return () => {
    const n = searchCount++;
    const make = MAKES[n % MAKES.length]?.make ?? 'Porsche';
    const minPrice = 1000 + (n % SEARCH_PRICE_CYCLE);
    const params = new URLSearchParams({
      make,
      minPrice: String(minPrice),
      maxPrice: String(minPrice + 40000 + (n % 5) * 20000 + Math.floor(n / SEARCH_PRICE_CYCLE)),
    });
    if (n % 3 === 0) params.set('minYear', String(1960 + (n % 40)));
    const sort = SORTS[n % SORTS.length];
    if (sort) params.set('sort', sort);
    if (n % 4 === 3) params.set('page', '2');
    return params.toString();
  };
}
