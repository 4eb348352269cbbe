import { describe, expect, it } from 'vitest';
import { GALLERY_IMAGE_SIZES, SEARCH_CARD_SIZES } from './image-sizes.ts';
import { type PageAnswers, planPage } from './page-plan.ts';
import { apiGetUrl } from './storefront-requests.ts';
import type { Vehicle } from './vehicle.ts';

/*
 * The plan of a storefront page, read by the server (the answers in a landing page's HTML) and by
 * the web app's route loaders (the same calls into the query cache).
 */

const plan = (url: string) => {
  const parsed = new URL(url, 'http://localhost');
  return planPage(parsed.pathname, parsed.searchParams);
};
const urls = (url: string) => plan(url)?.calls.map(apiGetUrl);
const answering = (entries: Record<string, unknown>): PageAnswers => ({ get: (url) => entries[url] });
const image = (name: string) => ({ url: `/uploads/${name}.webp`, srcSet: `/uploads/${name}.webp 640w` });

const vehicle = {
  id: 'v1',
  make: 'Datsun',
  model: '240Z',
  year: 1972,
  price: 38500,
  images: [image('a'), image('b')],
  defaultImageIndex: 5,
} as unknown as Vehicle;

describe('planPage', () => {
  it('the home page: settings, both tagged lists and the makes; nothing follows, no photo', () => {
    const home = plan('/');
    expect(home?.page).toBe('home');
    expect(urls('/')).toEqual([
      '/settings/public',
      '/vehicles/tagged?tag=featured&limit=6',
      '/vehicles/tagged?tag=popular&limit=6',
      '/vehicles/makes',
    ]);
    expect(home?.followUps(answering({}))).toEqual([]);
    expect(home?.mainImage(answering({}))).toBeUndefined();
  });

  it('a results page: the search of the URL state, as the search page asks for it, and its first card photo', () => {
    const results = plan('/vehicles/?make=Ford&sort=price_asc&page=2&bogus=1');
    expect(results?.page).toBe('search');
    const search = '/vehicles/search?make=Ford&sort=price_asc&page=2&limit=9';
    expect(urls('/vehicles/?make=Ford&sort=price_asc&page=2&bogus=1')).toEqual([
      '/settings/public',
      '/vehicles/makes',
      search,
    ]);
    expect(results?.mainImage(answering({ [search]: { vehicles: [{ image: image('card') }] } }))).toEqual({
      image: image('card'),
      sizes: SEARCH_CARD_SIZES,
    });
    expect(results?.mainImage(answering({ [search]: { vehicles: [{ image: null }] } }))).toBeUndefined();
    expect(results?.mainImage(answering({}))).toBeUndefined();
  });

  it('a vehicle page: the vehicle by its URL key, then its similar list, and the photo the gallery opens on', () => {
    const detail = plan('/vehicles/1972%20datsun');
    expect(detail?.page).toBe('detail');
    expect(detail?.vehicleKey).toBe('1972 datsun');
    expect(urls('/vehicles/1972%20datsun')).toEqual(['/settings/public', '/vehicles/1972%20datsun']);
    const none = answering({});
    expect(detail?.followUps(none)).toEqual([]);
    expect(detail?.mainImage(none)).toBeUndefined();
    expect(detail?.vehicle(none)).toBeUndefined();

    const answered = answering({ '/vehicles/1972%20datsun': vehicle });
    expect(detail?.vehicle(answered)).toBe(vehicle);
    expect(detail?.followUps(answered).map(apiGetUrl)).toEqual([
      '/vehicles/similar?make=Datsun&model=240Z&year=1972&price=38500&exclude=v1&limit=3',
    ]);
    // The default photo index, clamped to the photos there are.
    expect(detail?.mainImage(answered)).toEqual({ image: image('b'), sizes: GALLERY_IMAGE_SIZES });
  });

  it('a key that is not valid percent-encoding is kept as written', () => {
    expect(plan('/vehicles/%E0%A4%A')?.vehicleKey).toBe('%E0%A4%A');
  });

  it('other storefront pages ask for the settings only; the back office has no plan', () => {
    expect(plan('/about')?.page).toBeUndefined();
    expect(plan('/about')?.vehicleKey).toBeUndefined();
    expect(urls('/about')).toEqual(['/settings/public']);
    expect(urls('/auctions')).toEqual(['/settings/public']);
    expect(urls('/vehicles/v1/extra')).toEqual(['/settings/public']);
    expect(plan('/admin')).toBeUndefined();
    expect(plan('/admin/vehicles')).toBeUndefined();
  });
});
