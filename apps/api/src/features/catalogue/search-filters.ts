import { type Expression, type ExpressionBuilder, sql, type SqlBool } from 'kysely';
import { dollarsToCents } from '@vm/shared/money';
import {
  FILTER_NAMES,
  type FilterName,
  type RangeFilter,
  rangeOf,
  SEARCH_FILTERS,
  type ValueFilter,
  valuesOf,
} from '@vm/shared/search-filters';
import type { VehicleSearchQuery } from '@vm/shared/vehicle';
import type { DB, VehiclesTable } from '../../db/schema.ts';

/**
 * Where each filter of the shared table (packages/shared/src/search-filters.ts) looks in the
 * database: a vehicles column, the vehicle_tags table, or the full-text index. Keyed by the
 * table, so a filter added there and not here fails to compile. The catalogue's queries
 * (filterConditions) and the tests' plain-SQL search filter on them.
 */
export const FILTER_COLUMNS = {
  query: { source: 'words' },
  make: { source: 'column', column: 'make' },
  model: { source: 'column', column: 'model' },
  price: { source: 'column', column: 'price_cents', fromQuery: dollarsToCents },
  year: { source: 'column', column: 'year' },
  tags: { source: 'tags' },
  listingType: { source: 'column', column: 'listing_type' },
  category: { source: 'column', column: 'category' },
} as const satisfies Record<FilterName, FilterColumn>;

type FilterColumn =
  | { source: 'words' }
  | { source: 'tags' }
  | { source: 'column'; column: keyof VehiclesTable; fromQuery?: (value: number) => number };

/** Value filters read from a vehicles column (all of them but tags). */
export type ColumnValueFilter = Exclude<ValueFilter, 'tags'>;
export const COLUMN_VALUE_FILTERS = FILTER_NAMES.filter(
  (name): name is ColumnValueFilter =>
    SEARCH_FILTERS[name].kind !== 'range' && FILTER_COLUMNS[name].source === 'column',
);
export const RANGE_FILTERS = FILTER_NAMES.filter((name): name is RangeFilter => SEARCH_FILTERS[name].kind === 'range');

/**
 * A search's filters as the catalogue applies them: the words, the values each value filter
 * allows (absent: not filtered), and each range's bounds in the column's unit (absent: not
 * filtered; a swapped pair already put in order).
 */
export interface SearchFilters {
  terms: string[];
  values: Partial<Record<ValueFilter, readonly string[]>>;
  ranges: Partial<Record<RangeFilter, readonly [number | undefined, number | undefined]>>;
}

/** Filters that match everything public: the starting point for a list with one condition. */
export const NO_FILTERS: SearchFilters = { terms: [], values: {}, ranges: {} };

/** The search query string as the catalogue's filters. */
export function toSearchFilters(q: VehicleSearchQuery): SearchFilters {
  const filters: SearchFilters = { terms: searchTerms(q.query), values: {}, ranges: {} };
  for (const name of FILTER_NAMES) {
    const spec = SEARCH_FILTERS[name];
    if (spec.kind === 'range') {
      const [min, max] = rangeOf(q, name as RangeFilter);
      if (min === undefined && max === undefined) continue;
      const column = FILTER_COLUMNS[name as RangeFilter];
      const convert = 'fromQuery' in column ? column.fromQuery : (v: number) => v;
      filters.ranges[name as RangeFilter] = [
        min === undefined ? undefined : convert(min),
        max === undefined ? undefined : convert(max),
      ];
    } else if (spec.kind !== 'words') {
      const values = valuesOf(q, name as ValueFilter);
      if (values.length > 0) filters.values[name as ValueFilter] = values;
    }
  }
  return filters;
}

/**
 * The condition of every filter but the words, from the filter table: a value filter is an `in`
 * on its column, a range its bounds. Tags are a lookup in the (tag, vehicle_id) index: for a
 * count (`for: 'count'`) the ids carrying the tag, read once; for a page, a probe of each vehicle
 * met in the sort order, which stops with the page (SQLite otherwise sorts every tagged vehicle
 * to keep nine: 6 ms against 0.06 ms for a tag on 10,000 of 100,000 vehicles).
 */
export function filterConditions(
  eb: ExpressionBuilder<DB, 'vehicles'>,
  f: SearchFilters,
  use: 'count' | 'page',
): Expression<SqlBool>[] {
  const conditions: Expression<SqlBool>[] = [];
  for (const [name, values] of Object.entries(f.values) as [ValueFilter, readonly string[]][]) {
    const where = FILTER_COLUMNS[name];
    if (where.source !== 'tags') {
      conditions.push(eb(`vehicles.${where.column}`, 'in', [...values]));
      continue;
    }
    const tagged = eb.selectFrom('vehicle_tags').where('vehicle_tags.tag', 'in', [...values]);
    conditions.push(
      use === 'count'
        ? eb('vehicles.id', 'in', tagged.select('vehicle_tags.vehicle_id'))
        : eb.exists(tagged.select(sql.lit(1).as('one')).whereRef('vehicle_tags.vehicle_id', '=', 'vehicles.id')),
    );
  }
  for (const [name, [min, max]] of Object.entries(f.ranges) as [RangeFilter, readonly [number?, number?]][]) {
    const column = `vehicles.${FILTER_COLUMNS[name].column}` as const;
    if (min !== undefined) conditions.push(eb(column, '>=', min));
    if (max !== undefined) conditions.push(eb(column, '<=', max));
  }
  return conditions;
}

/**
 * The public-status condition, as literal SQL with the same text as the partial indexes of
 * migration 002: both databases use a partial index only when the query states its
 * condition verbatim with constants. Archived is the one status the public never sees.
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

export type SearchOrder = 'relevance' | 'newest' | 'price_asc' | 'price_desc' | 'year' | 'mileage';
export type SortOrder = Exclude<SearchOrder, 'relevance'>;

/**
 * The sort column and direction of every order but relevance; ties break on id in the same
 * direction, a stable order for paging that one (column, id) index serves both ways. Ids are
 * UUIDv7, so equal values come newest first.
 */
export const SORT_KEYS: Record<SortOrder, ['price_cents' | 'year' | 'mileage' | 'created_at', 'asc' | 'desc']> = {
  newest: ['created_at', 'desc'],
  price_asc: ['price_cents', 'asc'],
  price_desc: ['price_cents', 'desc'],
  year: ['year', 'desc'],
  mileage: ['mileage', 'asc'],
};
