import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import {
  type HeadTag,
  headTags,
  PAGE_TEXT,
  type PageMeta,
  vehicleDescription,
  vehiclePageMeta,
} from '@vm/shared/page-meta';
import { EMPTY_SETTINGS, mergeSettings, toPublicSettings } from '@vm/shared/settings-defaults';
import type { VehicleImage } from '@vm/shared/vehicle';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MemoryRouter, type NavigateFunction, Route, Routes, useNavigate } from 'react-router';
import { AuthProvider } from '../features/auth/auth-context';
import { vehicleKeys } from '../features/storefront/api/vehicles';
import { AboutPage } from '../features/storefront/about/about-page';
import { VehicleDetailPage } from '../features/storefront/detail/vehicle-detail-page';
import { stubFetch } from '../features/storefront/storefront-test-utils';
import { PublicLayout } from '../layouts/public-layout';
import { PrivatePageRobots } from './page-head';
import { usePageTitle } from './page-title';
import { PUBLIC_SETTINGS_KEY } from './site-settings';
import { jsonResponse, sampleVehicle } from './test-fixtures';

/*
 * Issue #18: the page's head follows the visitor. The page opens on the server's tags (written
 * by apps/api/src/features/storefront-pages/page-head.ts from the same builders); the app's own
 * take their place, and each navigation leaves exactly the new page's title, description,
 * canonical URL, share card and robots, with URLs on the server's PUBLIC_URL.
 */

const ORIGIN = 'https://cars.example.com';
const SETTINGS = mergeSettings(toPublicSettings(EMPTY_SETTINGS), { company: { name: 'Classic Imports' } });
const image: VehicleImage = {
  id: 'img1',
  url: '/uploads/vehicles/v1/img1-1280.webp',
  srcSet:
    '/uploads/vehicles/v1/img1-320.webp 320w, /uploads/vehicles/v1/img1-640.webp 640w, /uploads/vehicles/v1/img1-1280.webp 1280w',
  width: 1600,
  height: 1000,
  category: 'gallery',
};
const VEHICLE = sampleVehicle({ id: 'v1', slug: 'datsun-240z', images: [image], defaultImage: image.url });

/** The server's HTML for a tag, as page-head.ts writes it. */
function serverTag(tag: HeadTag): string {
  const escaped = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  if (tag.kind === 'title') return `<title data-page-head>${escaped(tag.text)}</title>`;
  if (tag.kind === 'link') return `<link rel="canonical" href="${escaped(tag.href)}" data-page-head>`;
  return `<meta ${tag.attribute}="${tag.key}" content="${escaped(tag.content)}" data-page-head>`;
}

/** The head of a page the visitor landed on: the server's tags, its JSON-LD and a tag no page renders. */
function landOn(meta: PageMeta) {
  document.head.innerHTML = [
    '<meta charset="UTF-8">',
    ...headTags(meta, ORIGIN).map(serverTag),
    '<meta name="keywords" content="left over" data-page-head>',
    `<script type="application/ld+json" data-page-head="${meta.canonicalPath}">{"@type":"Car"}</script>`,
  ].join('');
}

const metaContents = (key: string) =>
  [...document.head.querySelectorAll<HTMLMetaElement>(`meta[name="${key}"], meta[property="${key}"]`)].map(
    (tag) => tag.content,
  );
const canonicals = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="canonical"]')].map((link) =>
    link.getAttribute('href'),
  );
const titles = () => [...document.head.querySelectorAll('title')].map((title) => title.textContent);

function SignIn() {
  usePageTitle('Sign in');
  return <h1>Sign in</h1>;
}

let navigate: NavigateFunction = () => undefined;
function Navigator() {
  navigate = useNavigate();
  return null;
}

beforeAll(() => {
  stubFetch(({ url }) => {
    if (url.pathname === '/api/settings/public') return jsonResponse(200, SETTINGS);
    if (url.pathname === '/api/vehicles/v1') return jsonResponse(200, VEHICLE);
    if (url.pathname === '/api/vehicles/similar') return jsonResponse(200, { vehicles: [] });
    if (url.pathname === '/api/vehicles/v1/view')
      return jsonResponse(200, { success: true, isNewView: true, viewCount: 1 });
    return undefined;
  });
});
afterAll(() => {
  cleanup();
  vi.unstubAllGlobals();
  document.head.innerHTML = '';
});

describe('page heads in the web app', () => {
  it('ISSUE-18-HEAD-NAV replaces the server tags with the same ones, then keeps title, description, canonical, share tags and robots right from page to page', async () => {
    const vehicleMeta = vehiclePageMeta(SETTINGS, VEHICLE);
    landOn(vehicleMeta);
    // The answers the server put in the page: the first render has them, as with the boot data.
    const client = new QueryClient({
      defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
    });
    client.setQueryData(PUBLIC_SETTINGS_KEY, SETTINGS);
    client.setQueryData(vehicleKeys.detail('v1'), VEHICLE);
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/vehicles/v1']}>
          <AuthProvider>
            <Navigator />
            <PrivatePageRobots />
            <Routes>
              <Route element={<PublicLayout />}>
                <Route path="/vehicles/:id" element={<VehicleDetailPage />} />
                <Route path="/about" element={<AboutPage />} />
                <Route path="/login" element={<SignIn />} />
              </Route>
            </Routes>
          </AuthProvider>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await screen.findByRole('heading', { level: 1, name: VEHICLE.title });

    // The vehicle page: the app's tags in place of the server's (the same text), one of each;
    // the server's JSON-LD stays while the visitor is on the page it describes.
    const vehicleUrl = `${ORIGIN}/vehicles/datsun-240z`;
    expect(titles()).toEqual(['1972 Datsun 240Z | Classic Imports']);
    expect(document.head.querySelectorAll('[data-page-head]:not(script)')).toHaveLength(0);
    expect(metaContents('description')).toEqual([vehicleDescription(VEHICLE)]);
    expect(canonicals()).toEqual([vehicleUrl]);
    expect(metaContents('og:url')).toEqual([vehicleUrl]);
    expect(metaContents('og:image')).toEqual([`${ORIGIN}${image.url}`]);
    expect(metaContents('og:image:width')).toEqual(['1280']);
    expect(metaContents('og:image:height')).toEqual(['800']);
    expect(metaContents('twitter:card')).toEqual(['summary_large_image']);
    expect(metaContents('robots')).toEqual([]);
    expect(metaContents('keywords')).toEqual([]);
    expect(document.head.querySelectorAll('script[type="application/ld+json"]')).toHaveLength(1);

    // On to About: its own tags, the vehicle's gone, and the JSON-LD of the vehicle with them.
    await act(async () => navigate('/about'));
    await screen.findByRole('heading', { level: 1, name: 'About Classic Imports' });
    expect(titles()).toEqual(['About Us | Classic Imports']);
    expect(metaContents('description')).toEqual([`About Classic Imports: ${PAGE_TEXT.about.intro}`]);
    expect(canonicals()).toEqual([`${ORIGIN}/about`]);
    expect(metaContents('og:title')).toEqual(['About Us']);
    expect(metaContents('og:url')).toEqual([`${ORIGIN}/about`]);
    expect(metaContents('og:image')).toEqual([`${ORIGIN}/og-default.png`]);
    expect(metaContents('og:image:alt')).toEqual(['Classic Imports']);
    expect(metaContents('twitter:image')).toEqual([`${ORIGIN}/og-default.png`]);
    expect(document.head.querySelectorAll('script[type="application/ld+json"]')).toHaveLength(0);

    // Sign-in: kept out of search engines, no canonical URL, its own title.
    await act(async () => navigate('/login'));
    await screen.findByRole('heading', { level: 1, name: 'Sign in' });
    expect(metaContents('robots')).toEqual(['noindex']);
    expect(canonicals()).toEqual([]);
    expect(metaContents('og:title')).toEqual([]);
    expect(titles()).toEqual(['Sign in | Classic Imports']);
    expect(metaContents('description')).toEqual([]);

    // Back to the vehicle: its tags again, and indexable again.
    await act(async () => navigate('/vehicles/v1'));
    await screen.findByRole('heading', { level: 1, name: VEHICLE.title });
    expect(titles()).toEqual(['1972 Datsun 240Z | Classic Imports']);
    expect(metaContents('robots')).toEqual([]);
    expect(canonicals()).toEqual([vehicleUrl]);
    expect(metaContents('og:title')).toEqual(['1972 Datsun 240Z']);
    expect(metaContents('description')).toEqual([vehicleDescription(VEHICLE)]);
  });
});
