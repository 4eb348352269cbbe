import { GALLERY_IMAGE_SIZES, SEARCH_CARD_SIZES } from './image-sizes.ts';
import { readSearchState, toSearchQuery } from './search-url-state.ts';
import {
  type ApiGet,
  apiGetUrl,
  makesGet,
  publicSettingsGet,
  searchGet,
  similarGet,
  taggedGet,
  vehicleGet,
} from './storefront-requests.ts';
import type { Vehicle, VehicleSearchResponse } from './vehicle.ts';

/*
 * The plan of a storefront page: which API calls it makes first, the calls that need an earlier
 * answer, and the photo it shows largest. One plan, read on both sides:
 * - the server answers the calls inside the page's HTML (its boot data) and preloads the photo
 *   (apps/api/src/features/storefront-pages/page-html.ts);
 * - the web app's route loaders start the same calls into the query cache while the page's code
 *   downloads, and preload the same photo (apps/web/src/app/route-prefetch.ts).
 * The calls come from the web app's own request builders (storefront-requests.ts), so the URLs
 * match exactly; a call that is not answered early is simply made by the page as usual.
 *
 * No zod here (only `import type` from vehicle.ts): the route loaders are in the storefront's
 * first chunks, and zod is not.
 */

/** The pages a visitor lands on whose code the HTML preloads (names of apps/web's landing chunks). */
export type LandingPage = 'home' | 'search' | 'detail';

/**
 * A page's answers by call URL (apiGetUrl), as the API sends them: on the server the answers put
 * into the page's HTML, in the browser the data of the calls' queries.
 */
export interface PageAnswers {
  get(url: string): unknown;
}

export interface PagePlan {
  page: LandingPage | undefined;
  /** Calls answered up front. */
  calls: ApiGet[];
  /** Calls that need the answer to an earlier one (the similar vehicles of the vehicle shown). */
  followUps: (answers: PageAnswers) => ApiGet[];
  /** The photo the page shows largest, from the answers, to preload (with the HTML, or by the route loader). */
  mainImage: (answers: PageAnswers) => { image: ImageRef; sizes: string } | undefined;
  /**
   * The vehicle of a vehicle page, from the answers: for the page's head on the server
   * (page-head.ts), for the similar list's query in the browser.
   */
  vehicle: (answers: PageAnswers) => Vehicle | undefined;
  /**
   * A vehicle page's vehicle (id or slug, as in the URL): the server validates the page by its
   * stamp (page-html.ts); the browser keys the vehicle's query by it.
   */
  vehicleKey?: string;
}

interface ImageRef {
  url: string;
  srcSet: string;
}

const none = () => [];
const noImage = () => undefined;
const noVehicle = () => undefined;

/** The plan of a page URL; undefined for the back office and for paths that are not pages. */
export function planPage(pathname: string, search: URLSearchParams): PagePlan | undefined {
  if (pathname === '/admin' || pathname.startsWith('/admin/')) return undefined;
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (path === '/') {
    return {
      page: 'home',
      calls: [publicSettingsGet, taggedGet('featured'), taggedGet('popular'), makesGet],
      followUps: none,
      mainImage: noImage,
      vehicle: noVehicle,
    };
  }
  // /auctions is not answered up front: its bids change by the second, and a page held by a cache
  // would show an old price (docs/decisions/125-auctions.md); the page asks for them as it opens.
  if (path === '/vehicles') {
    const query = toSearchQuery(readSearchState(search));
    const results = searchGet(query);
    return {
      page: 'search',
      calls: [publicSettingsGet, makesGet, results],
      followUps: none,
      mainImage: (answers) => {
        const first = (answers.get(apiGetUrl(results)) as VehicleSearchResponse | undefined)?.vehicles[0];
        return first?.image ? { image: first.image, sizes: SEARCH_CARD_SIZES } : undefined;
      },
      vehicle: noVehicle,
    };
  }
  const detail = /^\/vehicles\/([^/]+)$/.exec(path);
  if (detail?.[1]) {
    const vehicleKey = decodeURIComponentSafe(detail[1]);
    const vehicleCall = vehicleGet(vehicleKey);
    const vehicleOf = (answers: PageAnswers) => answers.get(apiGetUrl(vehicleCall)) as Vehicle | undefined;
    return {
      page: 'detail',
      calls: [publicSettingsGet, vehicleCall],
      followUps: (answers) => {
        const vehicle = vehicleOf(answers);
        return vehicle ? [similarGet(vehicle)] : [];
      },
      mainImage: (answers) => {
        const vehicle = vehicleOf(answers);
        if (!vehicle) return undefined;
        // The gallery opens on the default photo, clamped to the photos there are.
        const index = Math.min(vehicle.defaultImageIndex, Math.max(0, vehicle.images.length - 1));
        const image = vehicle.images[index];
        return image ? { image, sizes: GALLERY_IMAGE_SIZES } : undefined;
      },
      vehicle: vehicleOf,
      vehicleKey,
    };
  }
  // Every other storefront page shows the header and footer, which come from the settings.
  return { page: undefined, calls: [publicSettingsGet], followUps: none, mainImage: noImage, vehicle: noVehicle };
}

function decodeURIComponentSafe(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
