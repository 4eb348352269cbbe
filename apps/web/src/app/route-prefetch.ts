import type { Tag } from '@vm/shared/constants';
import { resolveImagePath } from '@vm/shared/image-path';
import { type PageAnswers, type PagePlan, planPage } from '@vm/shared/page-plan';
import { type ApiGet, apiGetUrl, type SearchQuery } from '@vm/shared/storefront-requests';
import type { Vehicle, VehicleImage } from '@vm/shared/vehicle';
import type { LoaderFunctionArgs } from 'react-router';
import {
  auctionKeys,
  auctionListQuery,
  fetchVehicleAuction,
  readAuctionsUrl,
} from '../features/storefront/api/auctions';
import { makesQuery, searchQuery, similarQuery, taggedQuery, vehicleQuery } from '../features/storefront/api/vehicles';
import { authStorage } from '../lib/auth-storage';
import { publicSettingsQuery } from '../lib/site-settings';
import { queryClient } from './query-client';

/*
 * Route loaders that never block: they start a page's API requests into the query cache and
 * return at once, so the requests run while the page's code downloads instead of after it has
 * rendered (Lighthouse's LCP request chain). Which requests, and which photo to preload, is the
 * page's plan (@vm/shared/page-plan), the same plan by which the server answers those calls in a
 * landing page's HTML. The pages read the same queries as before and keep their own loading and
 * error states; a failed prefetch just leaves the page to fetch again.
 */

/**
 * Asks the browser for the photo the page will show largest as soon as its address is known,
 * with the same srcset and sizes as the <img>, so the browser picks, and reuses, the same file.
 */
function preloadImage(image: Pick<VehicleImage, 'url' | 'srcSet'> | null | undefined, sizes: string): void {
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

/**
 * One call of a plan, fetched into the cache with the query options the page reads it with, by
 * the call's kind; its data. Undefined for a call no page reads through a query.
 */
function fetchCall(call: ApiGet, plan: PagePlan, answers: PageAnswers): Promise<unknown> | undefined {
  switch (call.kind) {
    case 'settings':
      return queryClient.fetchQuery(publicSettingsQuery);
    case 'makes':
      return queryClient.fetchQuery(makesQuery);
    case 'search':
      // The plan's query, built from the URL as the search page builds it (toSearchQuery).
      return queryClient.fetchQuery(searchQuery((call.query ?? {}) as SearchQuery));
    case 'tagged':
      return queryClient.fetchQuery(taggedQuery(call.query?.tag as Tag));
    case 'vehicle':
      // The page keys its vehicle by the URL's id or slug, as the plan does.
      return plan.vehicleKey === undefined ? undefined : queryClient.fetchQuery(vehicleQuery(plan.vehicleKey));
    case 'similar': {
      const vehicle = plan.vehicle(answers);
      return vehicle && queryClient.fetchQuery(similarQuery(vehicle));
    }
    default:
      return undefined;
  }
}

/** Follows the plan of a page URL: its calls, then the follow-ups and the main photo from their answers. */
async function followPlan(pageUrl: string): Promise<void> {
  const url = new URL(pageUrl);
  const plan = planPage(url.pathname, url.searchParams);
  if (!plan) return;
  const answers = new Map<string, unknown>();
  const read: PageAnswers = { get: (key) => answers.get(key) };
  const fetchAll = (calls: readonly ApiGet[]) =>
    Promise.all(
      calls.map(async (call) => {
        try {
          const data = fetchCall(call, plan, read);
          if (data) answers.set(apiGetUrl(call), await data);
        } catch {
          // Left to the page, which asks again and shows its own error.
        }
      }),
    );
  await fetchAll(plan.calls);
  void fetchAll(plan.followUps(read));
  const main = plan.mainImage(read);
  if (main) preloadImage(main.image, main.sizes);
  const vehicle = plan.vehicle(read);
  if (vehicle) prefetchBidBoxAuction(vehicle);
}

/**
 * The bid box's auction, for the viewer the page will ask for (features/buyer/buy-panel.tsx). Not
 * in the page's plan: the server does not answer it in the HTML, as its bids change by the second.
 */
function prefetchBidBoxAuction(vehicle: Vehicle): void {
  if (vehicle.listingType !== 'auction') return;
  void queryClient.prefetchQuery({
    queryKey: auctionKeys.vehicle(vehicle.id, authStorage.user()?.id ?? 'anonymous'),
    queryFn: () => fetchVehicleAuction(vehicle.id),
  });
}

/** The home, results and vehicle pages: starts the calls of the page's plan and returns at once. */
export function prefetchPage({ request }: LoaderFunctionArgs): null {
  void followPlan(request.url).catch(() => undefined);
  return null;
}

/** The public chrome's settings (header, footer, meta): the one call of every storefront page's plan. */
export function prefetchSettings(): null {
  void queryClient.prefetchQuery(publicSettingsQuery);
  return null;
}

/** Not in the plan (the server does not answer auctions in the HTML, decision 125): the page's list. */
export function prefetchAuctions({ request }: LoaderFunctionArgs): null {
  void queryClient.prefetchQuery(auctionListQuery(readAuctionsUrl(new URL(request.url).searchParams)));
  return null;
}
