import { PUBLIC_SEARCH_PAGE_SIZE, VEHICLE_SORTS } from './constants.ts';
import {
  FILTER_PARAM_ALIASES,
  FILTER_PARAMS,
  type FilterParam,
  type FilterState,
  filterStateValue,
  requiredParam,
} from './search-filters.ts';
import type { SearchQuery } from './storefront-requests.ts';

/*
 * The storefront search's state in the page URL (/vehicles?make=...), and the API query it asks
 * for. Shared: the server reads a landing search page's URL the same way to answer its first call.
 */

/** SEARCH-01: the filters the query string holds, besides page and sort (the table in search-filters.ts). */
export const FILTER_KEYS = FILTER_PARAMS;
export type FilterKey = FilterParam;

export type SearchState = FilterState & { sort: string; page: number };

/** SEARCH-02, SEARCH-24: the search state in the URL; unknown or malformed values are dropped. */
export function readSearchState(params: URLSearchParams): SearchState {
  // Aliases the home page and older links use (yearFrom → minYear) are read when the name is absent.
  const get = (key: FilterKey) => (params.get(key) ?? params.get(FILTER_PARAM_ALIASES[key] ?? '') ?? '').trim();
  const filters = Object.fromEntries(
    FILTER_KEYS.map((key) => {
      const required = requiredParam(key);
      // A filter that belongs to another (a model to its make) is dropped without it.
      const raw = required && !get(required) ? '' : get(key);
      return [key, filterStateValue(key, raw)];
    }),
  ) as FilterState;
  const page = Number(params.get('page'));
  const sort = params.get('sort') ?? '';
  return {
    ...filters,
    sort: (VEHICLE_SORTS as readonly string[]).includes(sort) ? sort : '',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/**
 * SEARCH-03: the URL after one filter changes. The page goes back to 1 (docs/product-rules.md#lists), an alias
 * of the key is dropped, and a new make clears the model, which belonged to the old make.
 */
export function withFilter(
  params: URLSearchParams,
  key: FilterKey | 'sort',
  value: string | string[],
): URLSearchParams {
  const next = new URLSearchParams(params);
  const text = Array.isArray(value) ? value.join(',') : value.trim();
  if (text) next.set(key, text);
  else next.delete(key);
  const alias = key === 'sort' ? undefined : FILTER_PARAM_ALIASES[key];
  if (alias) next.delete(alias);
  // A filter that belongs to this one (a model to its make) belonged to the old value.
  for (const dependent of FILTER_KEYS) if (requiredParam(dependent) === key) next.delete(dependent);
  next.delete('page');
  return next;
}

export function withPage(params: URLSearchParams, page: number): URLSearchParams {
  const next = new URLSearchParams(params);
  if (page <= 1) next.delete('page');
  else next.set('page', String(page));
  return next;
}

/** Every filter and the sort removed; a preset (the auctions page) is kept by the caller. */
export function withoutFilters(params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of [...FILTER_KEYS, ...Object.values(FILTER_PARAM_ALIASES), 'sort', 'page']) next.delete(key);
  return next;
}

export const hasFilters = (state: SearchState) =>
  FILTER_KEYS.some((key) => (Array.isArray(state[key]) ? state[key].length > 0 : state[key] !== ''));

/** The search call's query: only filled filters (SEARCH-16), 9 per page (SEARCH-15). */
export function toSearchQuery(state: SearchState, preset: Partial<Record<FilterKey, string>> = {}): SearchQuery {
  const filters = Object.fromEntries(
    FILTER_KEYS.map((key) => {
      const value = state[key];
      return [key, Array.isArray(value) ? value.join(',') : value];
    }),
  );
  return { ...filters, sort: state.sort, ...preset, page: state.page, limit: PUBLIC_SEARCH_PAGE_SIZE };
}
