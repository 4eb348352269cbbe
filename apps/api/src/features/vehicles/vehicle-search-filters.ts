import { type RawBuilder, type SqlBool, sql } from 'kysely';
import { dollarsToCents } from '@vm/shared/money';
import type { VehicleSearchQuery } from '@vm/shared/vehicle';

/**
 * The public-status condition, as literal SQL with the same text as the partial indexes of
 * migration 2026-11-22: both databases use a partial index only when the query states its
 * condition verbatim with constants. Archived is the one status the public never sees
 * (PUBLIC_VEHICLE_STATUSES is every other one); see the migration for why it is not an IN list.
 */
export const IS_PUBLIC = sql<SqlBool>`vehicles.status <> 'Archived'`;

/** More words than this add nothing to a vehicle search and only cost time. */
const MAX_SEARCH_TERMS = 8;

/** Words of a free-text query: letters and digits only, so no operator or quote reaches the engine. */
export function searchTerms(query: string | undefined): string[] {
  if (!query) return [];
  const words =
    query
      .normalize('NFKC')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(words)].slice(0, MAX_SEARCH_TERMS);
}

/** FTS5 MATCH expression: every word as a quoted prefix term, all required. */
export function toFts5Match(terms: readonly string[]): string {
  return terms.map((t) => `"${t}"*`).join(' ');
}

/** FTS5 MATCH expression for one word found in the title, make or model (not only the description). */
export function toFts5HeadlineMatch(term: string): string {
  return `{title make model} : "${term}"*`;
}

/**
 * PostgreSQL tsquery: every word as a prefix, matched either literally (title, make and model
 * are indexed with the 'simple' configuration) or stemmed (the description uses 'english').
 */
export function toTsQuery(terms: readonly string[]): RawBuilder<unknown> {
  return sql.join(
    terms.map((t) => sql`(to_tsquery('simple', ${`${t}:*`}) || to_tsquery('english', ${`${t}:*`}))`),
    sql` && `,
  );
}

export interface SearchFilters {
  terms: string[];
  make?: string | undefined;
  model?: string | undefined;
  minPriceCents?: number | undefined;
  maxPriceCents?: number | undefined;
  minYear?: number | undefined;
  maxYear?: number | undefined;
  tags: string[];
  categories: string[];
  listingType?: 'auction' | 'listing' | undefined;
}

/** Lower and upper bound in order, so a swapped range still finds what the visitor meant. */
function ordered(min: number | undefined, max: number | undefined): [number | undefined, number | undefined] {
  return min !== undefined && max !== undefined && min > max ? [max, min] : [min, max];
}

/** The search query string as repository filters: yearFrom/yearTo are aliases of minYear/maxYear. */
export function toSearchFilters(q: VehicleSearchQuery): SearchFilters {
  const [minPrice, maxPrice] = ordered(q.minPrice, q.maxPrice);
  const [minYear, maxYear] = ordered(q.minYear ?? q.yearFrom, q.maxYear ?? q.yearTo);
  return {
    terms: searchTerms(q.query),
    make: q.make,
    model: q.model,
    minPriceCents: minPrice === undefined ? undefined : dollarsToCents(minPrice),
    maxPriceCents: maxPrice === undefined ? undefined : dollarsToCents(maxPrice),
    minYear,
    maxYear,
    tags: q.tags,
    categories: q.category,
    listingType: q.listingType,
  };
}

export type SearchOrder = 'relevance' | 'newest' | 'price_asc' | 'price_desc' | 'year' | 'mileage';

/**
 * The sort column and direction of every order but relevance; ties break on id in the same
 * direction, a stable order for paging that one (column, id) index serves both ways. Ids are
 * UUIDv7, so equal values come newest first.
 */
export const SORT_KEYS: Record<
  Exclude<SearchOrder, 'relevance'>,
  ['price_cents' | 'year' | 'mileage' | 'created_at', 'asc' | 'desc']
> = {
  newest: ['created_at', 'desc'],
  price_asc: ['price_cents', 'asc'],
  price_desc: ['price_cents', 'desc'],
  year: ['year', 'desc'],
  mileage: ['mileage', 'asc'],
};
