import { GALLERY_IMAGE_SIZES, SEARCH_CARD_SIZES } from '@vm/shared/image-sizes';
import { planPage } from '@vm/shared/page-plan';
import { apiGetUrl, similarGet } from '@vm/shared/storefront-requests';
import { readSearchState, toSearchQuery } from '@vm/shared/search-url-state';
import type { VehicleImage } from '@vm/shared/vehicle';
import type { LoaderFunctionArgs } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { vehicleKeys } from '../features/storefront/api/vehicles';
import { type FetchCall, stubFetch, summaries } from '../features/storefront/storefront-test-utils';
import { PUBLIC_SETTINGS_KEY } from '../lib/site-settings';
import { jsonResponse, sampleSummary, sampleVehicle } from '../lib/test-fixtures';
import { queryClient } from './query-client';
import { prefetchPage } from './route-prefetch';

/*
 * The storefront's route loaders follow the page's plan (@vm/shared/page-plan), the one the
 * server answers a landing page's calls by: the same calls, into the queries the pages read,
 * then the follow-ups, then the photo the page shows largest.
 */

const photo = (name: string): VehicleImage => ({
  id: name,
  url: `/uploads/vehicles/v1/${name}-1280.webp`,
  srcSet: `/uploads/vehicles/v1/${name}-640.webp 640w, /uploads/vehicles/v1/${name}-1280.webp 1280w`,
  width: 1280,
  height: 800,
  category: 'gallery',
});

const VEHICLE = sampleVehicle({ images: [photo('a'), photo('b')], defaultImageIndex: 1 });

const loaderArgs = (path: string) =>
  ({ request: new Request(`http://localhost${path}`), params: {}, context: undefined }) as LoaderFunctionArgs;

/** The calls below /api in the order they were sent, as URLs the plan names (apiGetUrl). */
const asked = (calls: FetchCall[]) => calls.map((c) => `${c.url.pathname.slice('/api'.length)}${c.url.search}`);

const preloads = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="image"]')].map((link) => ({
    href: link.getAttribute('href'),
    srcset: link.imageSrcset,
    sizes: link.imageSizes,
  }));

beforeEach(() => {
  queryClient.clear();
  localStorage.clear();
});
afterEach(() => {
  for (const link of document.head.querySelectorAll('link[rel="preload"]')) link.remove();
  vi.unstubAllGlobals();
});

describe('prefetchPage', () => {
  it('a vehicle page asks for the vehicle, then its similar list, and preloads the photo the gallery opens on', async () => {
    const calls = stubFetch((call) => {
      if (call.url.pathname === '/api/vehicles/v1') return jsonResponse(200, VEHICLE);
      if (call.url.pathname === '/api/vehicles/similar') return jsonResponse(200, { vehicles: summaries('s', 3) });
      return undefined;
    });
    expect(prefetchPage(loaderArgs('/vehicles/v1'))).toBeNull();

    await vi.waitFor(() => expect(asked(calls)).toContain(apiGetUrl(similarGet(VEHICLE))));
    // The plan's calls together, then the follow-up that needs the vehicle's answer.
    const order = asked(calls);
    expect(order.slice(0, 2).sort()).toEqual(['/settings/public', '/vehicles/v1']);
    expect(order.slice(2)).toEqual([apiGetUrl(similarGet(VEHICLE))]);
    // Into the queries the page reads: its hooks find them in the cache.
    await vi.waitFor(() => expect(queryClient.getQueryData(vehicleKeys.similar('v1'))).toBeDefined());
    expect(queryClient.getQueryData(vehicleKeys.detail('v1'))).toEqual(VEHICLE);
    expect(queryClient.getQueryData(PUBLIC_SETTINGS_KEY)).toBeDefined();
    // The default photo (the second), with the gallery's srcset and sizes.
    expect(preloads()).toEqual([
      { href: '/uploads/vehicles/v1/b-1280.webp', srcset: photo('b').srcSet, sizes: GALLERY_IMAGE_SIZES },
    ]);
  });

  it('an auction vehicle also gets its bid box auction, which the plan does not name', async () => {
    const auction = sampleVehicle({ listingType: 'auction' });
    const calls = stubFetch((call) => {
      if (call.url.pathname === '/api/vehicles/v1') return jsonResponse(200, auction);
      if (call.url.pathname === '/api/vehicles/similar') return jsonResponse(200, { vehicles: [] });
      return undefined;
    });
    prefetchPage(loaderArgs('/vehicles/v1'));
    await vi.waitFor(() => expect(asked(calls)).toContain('/vehicles/v1/auction'));
    expect(preloads()).toEqual([]);
  });

  it('a results page asks for exactly the search its plan names, then preloads the first card photo', async () => {
    const first = sampleSummary({ id: 'c1', image: photo('card') });
    const calls = stubFetch((call) =>
      call.url.pathname === '/api/vehicles/search'
        ? jsonResponse(200, { vehicles: [first], total: 1, page: 2, totalPages: 1 })
        : call.url.pathname === '/api/vehicles/makes'
          ? jsonResponse(200, { makes: ['Ford'] })
          : undefined,
    );
    const path = '/vehicles?make=Ford&sort=price_asc&page=2&unknown=1';
    prefetchPage(loaderArgs(path));

    await vi.waitFor(() => expect(preloads()).toHaveLength(1));
    const url = new URL(path, 'http://localhost');
    const plan = planPage(url.pathname, url.searchParams);
    const planned = plan?.calls.map(apiGetUrl) ?? [];
    expect(asked(calls).sort()).toEqual([...planned].sort());
    const searches = asked(calls).filter((u) => u.startsWith('/vehicles/search'));
    expect(searches).toEqual(['/vehicles/search?make=Ford&sort=price_asc&page=2&limit=9']);
    // Under the key the search page reads (toSearchQuery of the URL's state).
    expect(queryClient.getQueryData(vehicleKeys.search(toSearchQuery(readSearchState(url.searchParams))))).toEqual(
      expect.objectContaining({ total: 1 }),
    );
    expect(preloads()).toEqual([
      { href: '/uploads/vehicles/v1/card-1280.webp', srcset: photo('card').srcSet, sizes: SEARCH_CARD_SIZES },
    ]);
  });

  it('the home page asks for the settings, both tagged lists and the makes', async () => {
    const calls = stubFetch((call) => {
      if (call.url.pathname === '/api/vehicles/tagged') return jsonResponse(200, { vehicles: [] });
      if (call.url.pathname === '/api/vehicles/makes') return jsonResponse(200, { makes: [] });
      return undefined;
    });
    prefetchPage(loaderArgs('/'));
    await vi.waitFor(() => expect(calls).toHaveLength(4));
    expect(asked(calls).sort()).toEqual(
      [
        '/settings/public',
        '/vehicles/tagged?tag=featured&limit=6',
        '/vehicles/tagged?tag=popular&limit=6',
        '/vehicles/makes',
      ].sort(),
    );
    await vi.waitFor(() => expect(queryClient.getQueryData(vehicleKeys.tagged('popular'))).toBeDefined());
    expect(queryClient.getQueryData(vehicleKeys.makes)).toEqual({ makes: [] });
  });

  it('never blocks or throws: failed calls are left to the page', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => {
      throw new TypeError('offline');
    });
    vi.stubGlobal('fetch', fetchMock);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(prefetchPage(loaderArgs('/vehicles/v1'))).toBeNull();
    expect(prefetchPage(loaderArgs('/vehicles/%E0%A4%A'))).toBeNull();
    await vi.waitFor(() => expect(fetchMock.mock.calls.length).toBeGreaterThanOrEqual(2));
    // No follow-up without the vehicle, and no photo.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fetchMock.mock.calls.some(([input]) => String(input).includes('/vehicles/similar'))).toBe(false);
    expect(preloads()).toEqual([]);
    vi.restoreAllMocks();
  });
});
