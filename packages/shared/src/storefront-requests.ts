import { HOME_TAGGED_LIMIT, SIMILAR_DEFAULT_LIMIT, type Tag } from './constants.ts';

/*
 * The GET calls the storefront pages make, in one place: the web app sends them, and the server
 * answers the same calls inside the first HTML of a page (its boot data), keyed by the exact URL
 * the app will ask for. Both sides build the URL here, so the keys cannot drift apart.
 */

/** The id of the HTML element (a JSON data block) holding a landing page's answers. */
export const BOOT_DATA_ELEMENT_ID = 'boot-data';

export type Query = Record<string, string | number | boolean | undefined | null>;

/** Query parameters of GET /vehicles/search; empty values are dropped (SEARCH-16). */
export type SearchQuery = Record<string, string | number | boolean | undefined>;

/** Which of the storefront's answers a call asks for: the server answers a page's calls by it. */
export type ApiGetKind = 'settings' | 'makes' | 'search' | 'vehicle' | 'tagged' | 'similar';

/** A GET under /api: its path and query. */
export interface ApiGet {
  kind?: ApiGetKind;
  path: string;
  query?: Query;
}

/** Drops empty values so only real filters reach the server. */
export function toQueryString(query: Query | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined || v === null || v === '') continue;
    params.set(k, String(v));
  }
  const s = params.toString();
  return s ? `?${s}` : '';
}

/** The URL of a call below /api, e.g. `/vehicles/search?make=Ford`. */
export const apiGetUrl = (request: ApiGet) => `${request.path}${toQueryString(request.query)}`;

export const publicSettingsGet: ApiGet = { kind: 'settings', path: '/settings/public' };

export const makesGet: ApiGet = { kind: 'makes', path: '/vehicles/makes' };

export const searchGet = (query: SearchQuery): ApiGet => ({ kind: 'search', path: '/vehicles/search', query });

export const vehicleGet = (idOrSlug: string): ApiGet => ({
  kind: 'vehicle',
  path: `/vehicles/${encodeURIComponent(idOrSlug)}`,
});

/** HOME-12, HOME-13: the newest vehicles with a tag. */
export const taggedGet = (tag: Tag): ApiGet => ({
  kind: 'tagged',
  path: '/vehicles/tagged',
  query: { tag, limit: HOME_TAGGED_LIMIT },
});

/** DETAIL-29: the vehicles shown under a vehicle as similar. */
export const similarGet = (vehicle: {
  id: string;
  make: string;
  model: string;
  year: number;
  price: number;
}): ApiGet => ({
  kind: 'similar',
  path: '/vehicles/similar',
  query: {
    make: vehicle.make,
    model: vehicle.model,
    year: vehicle.year,
    price: vehicle.price,
    exclude: vehicle.id,
    limit: SIMILAR_DEFAULT_LIMIT,
  },
});
