import { LISTING_TYPES, PUBLIC_SEARCH_PAGE_SIZE, TAGS, VEHICLE_SORTS } from './constants.ts';
import type { SearchQuery } from './storefront-requests.ts';

/*
 * The storefront search's state in the page URL (/vehicles?make=...), and the API query it asks
 * for. Shared: the server reads a landing search page's URL the same way to answer its first call.
 */

/** SEARCH-01: the filters the query string holds, besides page and sort. */
export const FILTER_KEYS = [
  'query',
  'make',
  'model',
  'minPrice',
  'maxPrice',
  'minYear',
  'maxYear',
  'tags',
  'listingType',
  'category',
] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];

/** The filter the /auctions page fixes (decisions.md: the same search, auction listings only). */
export const AUCTIONS_PRESET: Partial<Record<FilterKey, string>> = { listingType: 'auction' };

export interface SearchState {
  query: string;
  make: string;
  model: string;
  minPrice: string;
  maxPrice: string;
  minYear: string;
  maxYear: string;
  tags: string[];
  listingType: string;
  category: string;
  sort: string;
  page: number;
}

/** Aliases the home page and older links use (decisions.md): yearFrom → minYear, yearTo → maxYear. */
const ALIASES: Partial<Record<FilterKey, string>> = { minYear: 'yearFrom', maxYear: 'yearTo' };

const digits = (v: string) => (/^\d+(\.\d+)?$/.test(v) ? v : '');

/** SEARCH-02, SEARCH-24: the search state in the URL; unknown or malformed values are dropped. */
export function readSearchState(params: URLSearchParams): SearchState {
  const get = (key: FilterKey) => (params.get(key) ?? params.get(ALIASES[key] ?? '') ?? '').trim();
  const page = Number(params.get('page'));
  const sort = params.get('sort') ?? '';
  const listingType = get('listingType');
  return {
    query: get('query'),
    make: get('make'),
    model: get('make') ? get('model') : '',
    minPrice: digits(get('minPrice')),
    maxPrice: digits(get('maxPrice')),
    minYear: digits(get('minYear')),
    maxYear: digits(get('maxYear')),
    tags: get('tags')
      .split(',')
      .map((t) => t.trim())
      .filter((t) => (TAGS as readonly string[]).includes(t)),
    listingType: (LISTING_TYPES as readonly string[]).includes(listingType) ? listingType : '',
    category: get('category'),
    sort: (VEHICLE_SORTS as readonly string[]).includes(sort) ? sort : '',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/**
 * SEARCH-03: the URL after one filter changes. The page goes back to 1 (decisions.md), an alias
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
  const alias = key === 'sort' ? undefined : ALIASES[key];
  if (alias) next.delete(alias);
  if (key === 'make') next.delete('model');
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
  for (const key of [...FILTER_KEYS, 'yearFrom', 'yearTo', 'sort', 'page']) next.delete(key);
  return next;
}

export const hasFilters = (state: SearchState) =>
  FILTER_KEYS.some((key) => (Array.isArray(state[key]) ? state[key].length > 0 : state[key] !== ''));

/** The search call's query: only filled filters (SEARCH-16), 9 per page (SEARCH-15). */
export function toSearchQuery(state: SearchState, preset: Partial<Record<FilterKey, string>> = {}): SearchQuery {
  return {
    query: state.query,
    make: state.make,
    model: state.model,
    minPrice: state.minPrice,
    maxPrice: state.maxPrice,
    minYear: state.minYear,
    maxYear: state.maxYear,
    tags: state.tags.join(','),
    listingType: state.listingType,
    category: state.category,
    sort: state.sort,
    ...preset,
    page: state.page,
    limit: PUBLIC_SEARCH_PAGE_SIZE,
  };
}
