import { vehicleSearchQuerySchema } from '@vm/shared/vehicle';
import { toSearchFilters } from '../../apps/api/src/features/catalogue/search-filters.ts';

/**
 * "Cold" searches: every request is a search nobody sent before, so no cache in front of the
 * server (a browser's, a CDN's) could answer it: the server runs its SQL for each. Each
 * shape keeps its meaning and varies what a visitor varies: the no-filter list a page and a sort,
 * the others a price ceiling within a realistic band. The values never repeat within a run.
 */
export interface ColdShape {
  name: string;
  /** What varies from one request to the next, for the report. */
  varies: string;
  /** A representative request, whose SQL the report explains. */
  example: string;
  /** A generator of paths: a fresh one starts the same sequence again. */
  paths: () => () => string;
}

const SEARCH = '/api/vehicles/search';
const SORTS = ['newest', 'price_asc', 'price_desc', 'year', 'mileage'] as const;
/** Page sizes 9 (the storefront's) to 12: with the sorts, 20 different searches per page number. */
const PAGE_SIZES = 4;

/**
 * The i-th value of a fixed shuffle of [low, low + size): `step` is coprime with `size`, so the
 * first `size` values are all different.
 */
function distinctValues(low: number, size: number): () => number {
  const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
  let step = 7_919;
  while (gcd(step, size) !== 1) step++;
  let i = 0;
  return () => low + ((i++ * step + 12_345) % size);
}

/** A search with a price ceiling that changes on every request, from `low` to `high` dollars. */
const withCeiling = (base: string, low: number, high: number) => () => {
  const next = distinctValues(low, high - low);
  return () => `${base}&maxPrice=${next()}`;
};

export const COLD_SHAPES: readonly ColdShape[] = [
  {
    name: 'no filter',
    varies:
      'page, sort and page size: each request a page not asked for before, the five sorts and page sizes 9 to 12 in turn (20 requests per page number: pages 1 to 500 in 10,000 requests)',
    example: `${SEARCH}?sort=price_desc&limit=10&page=250`,
    paths: () => {
      let i = 0;
      return () => {
        const n = i++;
        const sort = SORTS[n % SORTS.length];
        const limit = 9 + (Math.floor(n / SORTS.length) % PAGE_SIZES);
        return `${SEARCH}?sort=${sort}&limit=${limit}&page=${1 + Math.floor(n / (SORTS.length * PAGE_SIZES))}`;
      };
    },
  },
  {
    name: 'make + years + prices',
    varies: 'maxPrice, a different value from $150,000 to $349,999 on every request',
    example: `${SEARCH}?make=Porsche&minYear=1960&maxYear=1995&minPrice=20000&maxPrice=250000`,
    paths: withCeiling(`${SEARCH}?make=Porsche&minYear=1960&maxYear=1995&minPrice=20000`, 150_000, 350_000),
  },
  {
    name: 'full text, common word',
    varies: 'maxPrice, a different value from $30,000 to $529,999 on every request',
    example: `${SEARCH}?query=leather&maxPrice=250000`,
    paths: withCeiling(`${SEARCH}?query=leather`, 30_000, 530_000),
  },
  {
    name: 'full text, make and model',
    varies: 'maxPrice, a different value from $100,000 to $599,999 on every request',
    example: `${SEARCH}?query=ferrari%20testarossa&maxPrice=250000`,
    paths: withCeiling(`${SEARCH}?query=ferrari%20testarossa`, 100_000, 600_000),
  },
];

/**
 * The search a path asks for, as the catalogue tells searches apart: its filters as the
 * catalogue reads them (the product's own parsing), order, page and page size. Two paths with
 * the same key ask for the same answer.
 */
function searchKey(path: string): string {
  const q = vehicleSearchQuerySchema.parse(Object.fromEntries(new URL(path, 'http://x').searchParams));
  return `${q.sort ?? 'relevance'} ${q.page} ${q.limit} ${JSON.stringify(toSearchFilters(q))}`;
}

/** How many of the paths ask for a search that no earlier path asked for. */
export function distinctSearches(paths: readonly string[]): number {
  return new Set(paths.map(searchKey)).size;
}

/**
 * A search answer's total for the report, with a "+" when it is a lower bound: "10,000+" past the
 * count's cap, "500+" when a keyword search matched more than its window.
 */
export function totalOf(body: unknown): string | undefined {
  const answer = body as { total?: unknown; totalIsLowerBound?: unknown };
  if (typeof answer.total !== 'number') return undefined;
  return `${answer.total.toLocaleString('en-US')}${answer.totalIsLowerBound === true ? '+' : ''}`;
}
