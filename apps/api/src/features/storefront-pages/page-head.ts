import {
  type HeadTag,
  headTags,
  homePageMeta,
  isNoindexPath,
  PAGE_TEXT,
  type PageMeta,
  privatePageMeta,
  type TextPage,
  textPageMeta,
  vehicleNotFoundMeta,
  vehiclePageMeta,
  vehicleTitleOf,
} from '@vm/shared/page-meta';
import type { PublicSettings } from '@vm/shared/settings';
import type { Vehicle } from '@vm/shared/vehicle';
import {
  breadcrumbJsonLd,
  type Crumb,
  carJsonLd,
  dealerJsonLd,
  type JsonLd,
  jsonLdBlock,
  webSiteJsonLd,
} from './structured-data.ts';

/*
 * The head of a page in the server's HTML: title, description, canonical URL, share card and
 * robots from the shared builders of packages/shared/src/page-meta.ts (the web app renders the
 * same tags as the visitor navigates), and the page's JSON-LD (structured-data.ts). Every tag is
 * marked `data-page-head`, so the web app can tell the server's tags from its own
 * (apps/web/src/lib/page-head.tsx). docs/decisions/119-page-heads-and-sitemap.md.
 */

export interface PageHeadInput {
  pathname: string;
  settings: PublicSettings;
  /** PUBLIC_URL, without a trailing slash. */
  origin: string;
  /** The vehicle of a vehicle page, when it is public. */
  vehicle: Vehicle | undefined;
  /** Whether a vehicle's VIN passes its check (only then is it in the JSON-LD). */
  vinChecked: (vin: string) => boolean;
}

export interface PageHead {
  meta: PageMeta;
  jsonLd: JsonLd[];
}

const HOME: Crumb = { name: 'Home', path: '/' };
const TEXT_PAGES = Object.keys(PAGE_TEXT) as TextPage[];

/** What a page URL's head says about it. */
export function pageHead({ pathname, settings, origin, vehicle, vinChecked }: PageHeadInput): PageHead {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (path === '/') {
    return { meta: homePageMeta(settings), jsonLd: [dealerJsonLd(settings, origin), webSiteJsonLd(settings, origin)] };
  }
  const textPage = TEXT_PAGES.find((page) => path === `/${page}`);
  if (textPage) {
    const meta = textPageMeta(settings, textPage);
    return { meta, jsonLd: [breadcrumbJsonLd([HOME, { name: PAGE_TEXT[textPage].title, path }], origin)] };
  }
  if (/^\/vehicles\/[^/]+$/.test(path)) {
    if (!vehicle) return { meta: vehicleNotFoundMeta(settings), jsonLd: [] };
    const meta = vehiclePageMeta(settings, vehicle);
    const trail = [
      HOME,
      { name: PAGE_TEXT.vehicles.title, path: '/vehicles' },
      { name: vehicleTitleOf(vehicle), path: meta.canonicalPath ?? path },
    ];
    return {
      meta,
      jsonLd: [
        carJsonLd(vehicle, { origin, settings, vinChecked: vinChecked(vehicle.vin) }),
        breadcrumbJsonLd(trail, origin),
      ],
    };
  }
  // Sign-in, account and back office pages, and paths that are no page (the app sends them home).
  return { meta: privatePageMeta(settings, isNoindexPath(path) ? privateTitleOf(path) : undefined), jsonLd: [] };
}

/** The title of a page kept out of search engines, before its own code sets the exact one. */
function privateTitleOf(path: string): string | undefined {
  const first = `/${path.split('/')[1] ?? ''}`;
  return PRIVATE_TITLES[first];
}

const PRIVATE_TITLES: Record<string, string> = {
  '/admin': 'Admin',
  '/account': 'My account',
  '/login': 'Log in',
  '/register': 'Create an account',
  '/forgot-password': 'Forgot password',
  '/reset-password': 'Reset password',
  '/unsubscribe': 'Unsubscribe',
  '/test': 'Developer test pages',
};

/** The head's tags and JSON-LD as HTML, each on its own line, marked as the server's. */
export function pageHeadHtml(head: PageHead, origin: string): string[] {
  return [
    ...headTags(head.meta, origin).map(tagHtml),
    ...head.jsonLd.map((data) => jsonLdBlock(data, head.meta.canonicalPath ?? '')),
  ];
}

function tagHtml(tag: HeadTag): string {
  switch (tag.kind) {
    case 'title':
      return `<title data-page-head>${text(tag.text)}</title>`;
    case 'meta':
      return `<meta ${tag.attribute}="${attribute(tag.key)}" content="${attribute(tag.content)}" data-page-head>`;
    case 'link':
      return `<link rel="${tag.rel}" href="${attribute(tag.href)}" data-page-head>`;
  }
}

export const attribute = (value: string) =>
  value
    .replace(/&/g, '&amp;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
const text = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The tags of the web build's index.html that every page now writes for itself. */
const GENERIC_HEAD_TAGS = [
  /\s*<title\b[^>]*>[\s\S]*?<\/title>/gi,
  /\s*<meta\s+(?:name|property)="(?:description|robots|og:[^"]*|twitter:[^"]*)"[^>]*>/gi,
  /\s*<link\s+rel="canonical"[^>]*>/gi,
];

/** index.html without its generic title, description, canonical and share tags. */
export function withoutGenericHead(template: string): string {
  return GENERIC_HEAD_TAGS.reduce((html, pattern) => html.replace(pattern, ''), template);
}
