import { GALLERY_IMAGE_SIZES, SEARCH_CARD_SIZES } from '@vm/shared/image-sizes';
import { readSearchState, toSearchQuery } from '@vm/shared/search-url-state';
import {
  type ApiGet,
  apiGetUrl,
  makesGet,
  publicSettingsGet,
  searchGet,
  similarGet,
  taggedGet,
  vehicleGet,
} from '@vm/shared/storefront-requests';
import type { Vehicle, VehicleSearchResponse } from '@vm/shared/vehicle';

/*
 * What a storefront page asks the API for first, so the server can answer it inside the page's
 * HTML. The same builders as the web app's (storefront-requests.ts), so the URLs match exactly;
 * a call that is not answered here is simply made by the page as usual.
 */

/** The pages a visitor lands on whose code the HTML preloads (names of apps/web's landing chunks). */
export type LandingPage = 'home' | 'search' | 'detail';

/** A page's answers by call URL (apiGetUrl), as the API would send them (page-html.ts). */
export interface PageAnswers {
  get(url: string): unknown;
}

export interface PagePlan {
  page: LandingPage | undefined;
  /** Calls answered up front. */
  calls: ApiGet[];
  /** Calls that need the answer to an earlier one (the similar vehicles of the vehicle shown). */
  followUps: (answers: PageAnswers) => ApiGet[];
  /** The photo the page shows largest, from the answers, to preload with the HTML. */
  mainImage: (answers: PageAnswers) => { image: ImageRef; sizes: string } | undefined;
  /** The vehicle of a vehicle page, from the answers (for the page's head, page-head.ts). */
  vehicle: (answers: PageAnswers) => Vehicle | undefined;
  /** A vehicle page's vehicle (id or slug): the page is validated by its stamp (page-html.ts). */
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
