import { SETTINGS_CACHE_MS } from '@vm/shared/constants';
import { resolveImagePath } from '@vm/shared/image-path';
import type { VehicleImage } from '@vm/shared/vehicle';
import type { LoaderFunctionArgs } from 'react-router';
import {
  auctionKeys,
  auctionListQuery,
  fetchVehicleAuction,
  readAuctionsUrl,
} from '../features/storefront/api/auctions';
import { searchQuery, similarQuery, taggedQuery, vehicleQuery } from '../features/storefront/api/vehicles';
import { GALLERY_IMAGE_SIZES, SEARCH_CARD_SIZES } from '@vm/shared/image-sizes';
import { readSearchState, toSearchQuery } from '@vm/shared/search-url-state';
import { authStorage } from '../lib/auth-storage';
import { fetchPublicSettings, PUBLIC_SETTINGS_KEY } from '../lib/site-settings';
import { queryClient } from './query-client';

/*
 * Route loaders that never block: they start a page's API requests into the query cache and
 * return at once, so the requests run while the page's code downloads instead of after it has
 * rendered (Lighthouse's LCP request chain). The pages read the same queries as before and keep
 * their own loading and error states; a failed prefetch just leaves the page to fetch again.
 */

/**
 * Asks the browser for the photo the page will show largest as soon as its address is known,
 * with the same srcset and sizes as the <img>, so the browser picks, and reuses, the same file.
 */
function preloadImage(image: VehicleImage | null | undefined, sizes: string): void {
  if (!image) return;
  const href = resolveImagePath(image.url);
  if (document.head.querySelector(`link[rel="preload"][href="${CSS.escape(href)}"]`)) return;
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'image';
  link.href = href;
  link.imageSrcset = image.srcSet;
  link.imageSizes = sizes;
  link.fetchPriority = 'high';
  document.head.appendChild(link);
}

/** The public chrome's settings (header, footer, meta). */
export function prefetchSettings(): null {
  void queryClient.prefetchQuery({
    queryKey: PUBLIC_SETTINGS_KEY,
    queryFn: fetchPublicSettings,
    staleTime: SETTINGS_CACHE_MS,
  });
  return null;
}

export function prefetchHome(): null {
  void queryClient.prefetchQuery(taggedQuery('featured'));
  void queryClient.prefetchQuery(taggedQuery('popular'));
  return null;
}

export function prefetchVehicles({ request }: LoaderFunctionArgs): null {
  const state = readSearchState(new URL(request.url).searchParams);
  void queryClient
    .fetchQuery(searchQuery(toSearchQuery(state)))
    .then((result) => preloadImage(result.vehicles[0]?.image, SEARCH_CARD_SIZES))
    .catch(() => undefined);
  return null;
}

export function prefetchAuctions({ request }: LoaderFunctionArgs): null {
  void queryClient.prefetchQuery(auctionListQuery(readAuctionsUrl(new URL(request.url).searchParams)));
  return null;
}

export function prefetchVehicle({ params }: LoaderFunctionArgs): null {
  const id = params.id ?? '';
  void queryClient
    .fetchQuery(vehicleQuery(id))
    .then((vehicle) => {
      // The gallery opens on the default photo, clamped to the photos there are.
      const first = Math.min(vehicle.defaultImageIndex, Math.max(0, vehicle.images.length - 1));
      preloadImage(vehicle.images[first], GALLERY_IMAGE_SIZES);
      void queryClient.prefetchQuery(similarQuery(vehicle));
      // The bid box's auction, for the viewer the page will ask for (features/buyer/buy-panel.tsx).
      if (vehicle.listingType === 'auction')
        void queryClient.prefetchQuery({
          queryKey: auctionKeys.vehicle(vehicle.id, authStorage.user()?.id ?? 'anonymous'),
          queryFn: () => fetchVehicleAuction(vehicle.id),
        });
    })
    .catch(() => undefined);
  return null;
}
