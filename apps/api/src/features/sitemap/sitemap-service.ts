import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { countPublicVehicles, publicVehicleIdBefore, publicVehiclesAfter } from './sitemap-repository.ts';

/*
 * /sitemap.xml and /robots.txt (docs/decisions/119-page-heads-and-sitemap.md). The sitemap lists
 * the static storefront pages and every public vehicle (not Archived) with its update time. Past
 * the protocol's 50,000 URLs a file, /sitemap.xml is an index of /sitemaps/pages.xml and
 * /sitemaps/vehicles-1.xml, -2, ... of at most 50,000 vehicles each. Read fresh on every request
 * in keyset pages and sent as it is written, so memory stays flat whatever the catalogue's size.
 */

/** The sitemap protocol's limit of URLs in one file (and of files in one index). */
export const SITEMAP_URL_LIMIT = 50_000;
/** Vehicles read per query while a sitemap is written. */
const READ_BATCH = 10_000;

/** The storefront pages every sitemap lists (docs/product-rules.md#pages). */
export const SITEMAP_STATIC_PATHS = ['/', '/vehicles', '/auctions', '/about', '/contact', '/parts'] as const;

export interface SitemapOptions {
  /** PUBLIC_URL, without a trailing slash. */
  origin: string;
  /** URLs a file may hold; the protocol's 50,000 unless a test lowers it. */
  urlLimit?: number;
}

/** An answer written as it is sent. */
export type XmlChunks = AsyncIterable<string>;

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const URLSET_OPEN = `${XML_HEAD}<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n`;
const URLSET_CLOSE = '</urlset>\n';

/** Text and attribute values of the XML: the five characters XML gives a meaning. */
export const xmlEscape = (value: string) =>
  value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');

const NEEDS_ESCAPE = /[&<>"']/;
/** xmlEscape, skipped for the text that needs none (every slug and time, in practice). */
const escapeIfNeeded = (value: string) => (NEEDS_ESCAPE.test(value) ? xmlEscape(value) : value);

/** Times as the API stores them (`toISOString()`): already W3C datetimes. */
const ISO_UTC = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/;

/** A W3C datetime; the stored time as it is when it cannot be read. */
function lastmod(stored: string): string {
  if (ISO_UTC.test(stored)) return stored;
  const time = Date.parse(stored);
  return escapeIfNeeded(Number.isNaN(time) ? stored : new Date(time).toISOString());
}

const urlEntry = (loc: string) => `<url><loc>${xmlEscape(loc)}</loc></url>\n`;

const staticEntries = (origin: string) => SITEMAP_STATIC_PATHS.map((path) => urlEntry(`${origin}${path}`)).join('');

/** The entries of `count` public vehicles from the one at `offset`, one read batch at a time. */
async function* vehicleEntries(db: Kysely<DB>, origin: string, offset: number, count: number): AsyncGenerator<string> {
  // The part every entry shares, escaped once: one short loop per vehicle (bench/sitemap.ts).
  const start = `<url><loc>${xmlEscape(origin)}/vehicles/`;
  let after = await publicVehicleIdBefore(db, offset);
  let left = count;
  while (left > 0) {
    const rows = await publicVehiclesAfter(db, after, Math.min(READ_BATCH, left));
    if (rows.length === 0) return;
    let chunk = '';
    for (const row of rows)
      chunk += `${start}${escapeIfNeeded(encodeURIComponent(row.slug))}</loc><lastmod>${lastmod(row.updated_at)}</lastmod></url>\n`;
    yield chunk;
    left -= rows.length;
    after = rows[rows.length - 1]?.id;
    if (rows.length < READ_BATCH) return;
  }
}

async function* urlset(parts: (() => AsyncIterable<string> | Iterable<string>)[]): AsyncGenerator<string> {
  yield URLSET_OPEN;
  for (const part of parts) yield* part();
  yield URLSET_CLOSE;
}

/** How many vehicle files the index lists; 0 when everything fits in /sitemap.xml itself. */
function vehicleFiles(vehicles: number, limit: number): number {
  return SITEMAP_STATIC_PATHS.length + vehicles <= limit ? 0 : Math.ceil(vehicles / limit);
}

/**
 * /sitemap.xml: every URL in one file, or past the limit the index of the files. The count is
 * read before the answer starts, so a database that is down is a 503, not a cut-off file.
 */
export async function sitemapXml(
  db: Kysely<DB>,
  { origin, urlLimit = SITEMAP_URL_LIMIT }: SitemapOptions,
): Promise<XmlChunks> {
  const vehicles = await countPublicVehicles(db);
  const files = vehicleFiles(vehicles, urlLimit);
  if (files === 0) return urlset([() => [staticEntries(origin)], () => vehicleEntries(db, origin, 0, vehicles)]);
  const locs = [`${origin}/sitemaps/pages.xml`];
  for (let n = 1; n <= files; n++) locs.push(`${origin}/sitemaps/vehicles-${n}.xml`);
  return (async function* () {
    yield `${XML_HEAD}<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n`;
    for (const loc of locs) yield `<sitemap><loc>${xmlEscape(loc)}</loc></sitemap>\n`;
    yield '</sitemapindex>\n';
  })();
}

/** /sitemaps/pages.xml: the static storefront pages. */
export function pagesSitemapXml({ origin }: SitemapOptions): XmlChunks {
  return urlset([() => [staticEntries(origin)]]);
}

/**
 * /sitemaps/vehicles-<n>.xml: the n-th `urlLimit` public vehicles in id order; undefined (a 404)
 * for a file the index does not list.
 */
export async function vehiclesSitemapXml(
  db: Kysely<DB>,
  n: number,
  { origin, urlLimit = SITEMAP_URL_LIMIT }: SitemapOptions,
): Promise<XmlChunks | undefined> {
  const vehicles = await countPublicVehicles(db);
  if (!Number.isInteger(n) || n < 1 || n > vehicleFiles(vehicles, urlLimit)) return undefined;
  const offset = (n - 1) * urlLimit;
  return urlset([() => vehicleEntries(db, origin, offset, Math.min(urlLimit, vehicles - offset))]);
}

/** /robots.txt: the storefront is open; the back office, the account and the API are not pages to index. */
export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /admin',
    'Disallow: /account',
    'Disallow: /api',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}
