import { formatLocation } from './location.ts';
import { formatMoney } from './money.ts';
import type { PublicSettings } from './settings-schema.ts';
import type { Vehicle } from './vehicle.ts';

/*
 * The head of each public page (title, description, canonical URL, share card, robots), built in
 * one place: the server writes it into a page's HTML and the web app renders the same tags as the
 * visitor navigates, so the two cannot disagree (docs/decisions/119-page-heads-and-sitemap.md).
 * Zod-free: the storefront's first load carries it.
 */

/** The site's name and title when the settings give none (the web app's DEFAULT_COMPANY_NAME). */
export const DEFAULT_SITE_NAME = 'Heritage Import Motors';
export const DEFAULT_SITE_DESCRIPTION = 'Imported and classic vehicles: browse, watch and make offers.';
/** The share card of pages without a photo of their own: a 1200×630 PNG in apps/web/public. */
export const DEFAULT_SHARE_IMAGE: ShareImage = { url: '/og-default.png', width: 1200, height: 630, alt: '' };
/** Search engines show about this many characters of a description. */
export const DESCRIPTION_MAX = 160;
/** The width a share card is shown at: the photo file nearest to it is chosen. */
export const SHARE_IMAGE_WIDTH = 1200;

/** Pages kept out of search engines (docs/product-rules.md#pages). */
export const NOINDEX_PATHS = [
  '/admin',
  '/account',
  '/login',
  '/register',
  '/forgot-password',
  '/reset-password',
  '/unsubscribe',
  '/test',
] as const;

export const isNoindexPath = (pathname: string): boolean =>
  NOINDEX_PATHS.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));

/** The storefront pages with a fixed title and text: the pages show these words, the heads say them. */
export const PAGE_TEXT = {
  vehicles: {
    title: 'Browse Vehicles',
    intro: 'Search our full inventory of imported, classic and collectible vehicles.',
  },
  auctions: {
    title: 'Auctions',
    intro: 'Timed auctions of imported and classic vehicles: bid live, and see what past auctions sold for.',
  },
  about: {
    title: 'About Us',
    intro: 'Connecting enthusiasts with exceptional imported and classic vehicles since 2005.',
  },
  contact: {
    title: 'Contact Us',
    intro: 'Questions about a vehicle, an import or a visit to our showroom? Send us a message.',
  },
  parts: {
    title: 'Parts',
    intro: 'Genuine and restoration parts for the vehicles we sell, from the suppliers we trust.',
  },
} as const;
export type TextPage = keyof typeof PAGE_TEXT;

export interface ShareImage {
  /** A path on the site (made absolute in the tags) or an absolute URL. */
  url: string;
  width: number;
  height: number;
  alt: string;
}

export interface PageMeta {
  /** The document title: "Page | Site", or the site title alone. */
  title: string;
  /** The page's own title, for the share card. */
  shareTitle: string;
  description: string;
  /** The canonical path (`/vehicles/<slug>`); null for pages search engines should not index. */
  canonicalPath: string | null;
  image: ShareImage;
  noindex: boolean;
  siteName: string;
}

/** The settings a head reads. */
export type HeadSettings = {
  company: Pick<PublicSettings['company'], 'name' | 'description'>;
  seo: Pick<PublicSettings['seo'], 'metaTitle' | 'metaDescription'>;
};

/** The vehicle facts a head reads. */
export type HeadVehicle = Pick<
  Vehicle,
  | 'slug'
  | 'title'
  | 'longTitle'
  | 'status'
  | 'price'
  | 'mileage'
  | 'exteriorColor'
  | 'bodyType'
  | 'transmission'
  | 'fuelType'
  | 'location'
  | 'images'
  | 'defaultImageIndex'
>;

export const siteNameOf = (settings: HeadSettings) => settings.company.name.trim() || DEFAULT_SITE_NAME;
/** CHROME-21: the settings' meta title, else the company name. */
export const siteTitleOf = (settings: HeadSettings) => settings.seo.metaTitle.trim() || siteNameOf(settings);
export const siteDescriptionOf = (settings: HeadSettings) =>
  settings.seo.metaDescription.trim() || settings.company.description.trim() || DEFAULT_SITE_DESCRIPTION;

/** "Page | Site", or the site title alone. */
export const documentTitle = (pageTitle: string | undefined, siteTitle: string) =>
  pageTitle ? `${pageTitle} | ${siteTitle}` : siteTitle;

function pageMeta(
  settings: HeadSettings,
  page: { title?: string; description?: string; canonicalPath: string | null; image?: ShareImage },
): PageMeta {
  const siteName = siteNameOf(settings);
  const siteTitle = siteTitleOf(settings);
  return {
    title: documentTitle(page.title, siteTitle),
    shareTitle: page.title ?? siteTitle,
    description: clip(page.description ?? siteDescriptionOf(settings)),
    canonicalPath: page.canonicalPath,
    image: page.image ?? { ...DEFAULT_SHARE_IMAGE, alt: siteName },
    noindex: page.canonicalPath === null,
    siteName,
  };
}

export const homePageMeta = (settings: HeadSettings) => pageMeta(settings, { canonicalPath: '/' });

/** /vehicles, /auctions, /about, /contact and /parts. */
export function textPageMeta(settings: HeadSettings, page: TextPage): PageMeta {
  const { title, intro } = PAGE_TEXT[page];
  const description = page === 'about' ? `About ${siteNameOf(settings)}: ${intro}` : intro;
  return pageMeta(settings, { title, description, canonicalPath: `/${page}` });
}

/** The title a vehicle page shows. */
export const vehicleTitleOf = (vehicle: Pick<Vehicle, 'title' | 'longTitle'>) =>
  vehicle.longTitle.trim() || vehicle.title;

export function vehiclePageMeta(settings: HeadSettings, vehicle: HeadVehicle): PageMeta {
  const name = vehicleTitleOf(vehicle);
  return pageMeta(settings, {
    title: vehicle.status === 'Sold' ? `${name} (Sold)` : name,
    description: vehicleDescription(vehicle),
    canonicalPath: `/vehicles/${encodeURIComponent(vehicle.slug)}`,
    image: vehicleShareImage(vehicle),
  });
}

/** A vehicle that does not exist or is archived (a 404). */
export const vehicleNotFoundMeta = (settings: HeadSettings) =>
  pageMeta(settings, { title: 'Vehicle not found', canonicalPath: null });

/** Sign-in, registration, account, back office and the other pages kept out of search engines. */
export const privatePageMeta = (settings: HeadSettings, title?: string) =>
  pageMeta(settings, { title, canonicalPath: null });

const count = new Intl.NumberFormat('en-US');

/** "1967 Ford Mustang: $65,000. 45,000 miles, Red, Coupe, Manual, Gasoline. Located in Austin, TX." */
export function vehicleDescription(vehicle: HeadVehicle): string {
  const price =
    vehicle.status === 'Sold'
      ? 'Sold'
      : `${vehicle.price > 0 ? formatMoney(vehicle.price) : 'Price on request'}${vehicle.status === 'Pending' ? ', sale pending' : ''}`;
  const facts = [
    vehicle.mileage > 0 ? `${count.format(vehicle.mileage)} miles` : '',
    vehicle.exteriorColor,
    vehicle.bodyType,
    vehicle.transmission,
    vehicle.fuelType,
  ]
    .map((fact) => fact.trim())
    .filter(Boolean);
  const place = formatLocation(vehicle.location);
  return [
    `${vehicle.title}: ${price}.`,
    facts.length > 0 ? `${facts.join(', ')}.` : '',
    place === 'Location N/A' ? '' : `Located in ${place}.`,
  ]
    .filter(Boolean)
    .join(' ');
}

/** The photo the gallery opens on, in the stored width nearest to a share card's (1200 px). */
export function vehicleShareImage(vehicle: HeadVehicle): ShareImage | undefined {
  const image = vehicle.images[Math.min(vehicle.defaultImageIndex, Math.max(0, vehicle.images.length - 1))];
  if (!image) return undefined;
  const candidates = image.srcSet
    .split(',')
    .map((entry) => entry.trim().split(/\s+/))
    .map(([url = '', descriptor = '']) => ({ url, width: Number.parseInt(descriptor, 10) }))
    .filter((c) => c.url !== '' && c.width > 0)
    .sort((a, b) => a.width - b.width);
  // The smallest file at least as wide as a card, else the widest there is.
  const chosen = candidates.find((c) => c.width >= SHARE_IMAGE_WIDTH) ?? candidates[candidates.length - 1];
  const width = chosen?.width ?? image.width;
  const height = image.width > 0 ? Math.round((width * image.height) / image.width) : image.height;
  return { url: chosen?.url ?? image.url, width, height, alt: vehicle.title };
}

/** At most DESCRIPTION_MAX characters, cut between words. */
export function clip(text: string, max = DESCRIPTION_MAX): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:]+$/, '')}…`;
}

/** A site path or an absolute URL, absolute on `origin` (no trailing slash). */
export const absoluteUrl = (pathOrUrl: string, origin: string) =>
  /^https?:\/\//i.test(pathOrUrl) ? pathOrUrl : `${origin}${pathOrUrl.startsWith('/') ? '' : '/'}${pathOrUrl}`;

export type HeadTag =
  | { kind: 'title'; text: string }
  | { kind: 'meta'; attribute: 'name' | 'property'; key: string; content: string }
  | { kind: 'link'; rel: 'canonical'; href: string };

/**
 * The tags of a page's head, in order. URLs are absolute on `origin` (PUBLIC_URL on the server):
 * share cards and canonical links need absolute URLs.
 */
export function headTags(meta: PageMeta, origin: string): HeadTag[] {
  const name = (key: string, content: string): HeadTag => ({ kind: 'meta', attribute: 'name', key, content });
  const property = (key: string, content: string): HeadTag => ({ kind: 'meta', attribute: 'property', key, content });
  const url = meta.canonicalPath === null ? null : absoluteUrl(meta.canonicalPath, origin);
  const image = absoluteUrl(meta.image.url, origin);
  return [
    { kind: 'title', text: meta.title },
    name('description', meta.description),
    ...(meta.noindex ? [name('robots', 'noindex')] : []),
    ...(url ? [{ kind: 'link', rel: 'canonical', href: url } as const] : []),
    property('og:type', 'website'),
    property('og:site_name', meta.siteName),
    property('og:title', meta.shareTitle),
    property('og:description', meta.description),
    ...(url ? [property('og:url', url)] : []),
    property('og:image', image),
    property('og:image:width', String(meta.image.width)),
    property('og:image:height', String(meta.image.height)),
    property('og:image:alt', meta.image.alt),
    name('twitter:card', 'summary_large_image'),
    name('twitter:title', meta.shareTitle),
    name('twitter:description', meta.description),
    name('twitter:image', image),
    name('twitter:image:alt', meta.image.alt),
  ];
}
