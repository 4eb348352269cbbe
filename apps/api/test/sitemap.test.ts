import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sitemapRoutes } from '../src/features/sitemap/sitemap-routes.ts';
import {
  robotsTxt,
  SITEMAP_STATIC_PATHS,
  SITEMAP_URL_LIMIT,
  sitemapXml,
  type XmlChunks,
} from '../src/features/sitemap/sitemap-service.ts';
import { createVehicle } from './fixtures/vehicles.ts';
import { createTestContext, DIALECTS, type TestContext } from './test-app.ts';

/*
 * Issue #18: /sitemap.xml lists the static pages and every public vehicle with its update time,
 * becomes an index of files past the URL limit (lowered here through the routes' and the
 * service's parameter, the product's code otherwise unchanged), and /robots.txt points to it.
 * The 100,000-vehicle timing is bench/sitemap.ts.
 */

const ORIGIN = 'https://cars.example.com';

/**
 * Well-formed XML, checked by hand: every tag closed in order, and no text or attribute with a
 * `<` or an `&` that does not start an entity.
 */
function expectWellFormed(xml: string): void {
  expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n')).toBe(true);
  const body = xml.slice(xml.indexOf('?>') + 2);
  const stack: string[] = [];
  let rest = body;
  for (const match of body.matchAll(/<(\/?)([A-Za-z][\w:.-]*)((?:\s+[\w:.-]+="[^"<]*")*)\s*(\/?)>/g)) {
    const [tag, closing, name = '', attributes = '', selfClosing] = match;
    if (/&(?!(amp|lt|gt|quot|apos);)/.test(attributes)) throw new Error(`bad & in ${tag}`);
    if (closing) {
      expect(stack.pop(), tag).toBe(name);
    } else if (!selfClosing) {
      stack.push(name);
    }
    rest = rest.replace(tag, '');
  }
  expect(stack).toEqual([]);
  // What is left is text: no markup, and every & an entity.
  expect(rest).not.toMatch(/[<>]/);
  expect(rest).not.toMatch(/&(?!(amp|lt|gt|quot|apos);)/);
}

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);
const entries = (xml: string) =>
  [...xml.matchAll(/<url><loc>([^<]*)<\/loc>(?:<lastmod>([^<]*)<\/lastmod>)?<\/url>/g)].map((m) => ({
    loc: m[1],
    lastmod: m[2],
  }));
const text = async (chunks: XmlChunks) => {
  let out = '';
  for await (const chunk of chunks) out += chunk;
  return out;
};

describe.each(DIALECTS)('sitemap and robots.txt on %s', (dialect) => {
  let ctx: TestContext;
  let emptyDist: string;
  let publicVehicles: { id: string; slug: string }[];
  let archived: { id: string; slug: string };
  /** The sitemap routes alone, with a URL limit of 3, on the same database. */
  let small: FastifyInstance;

  beforeAll(async () => {
    // No web build: the routes stand on their own.
    emptyDist = mkdtempSync(path.join(tmpdir(), 'vm-no-web-'));
    ctx = await createTestContext(dialect, { WEB_DIST: emptyDist, PUBLIC_URL: ORIGIN });
    const db = ctx.database.db;
    publicVehicles = [];
    for (const status of ['Available', 'Pending', 'Sold', 'Available'] as const)
      publicVehicles.push(await createVehicle(db, { title: `A ${status} car`, status }));
    archived = await createVehicle(db, { title: 'An archived car', status: 'Archived' });
    // One vehicle edited later: its lastmod is its update time, not its creation.
    await db
      .updateTable('vehicles')
      .set({ updated_at: '2026-03-04T05:06:07.089Z' })
      .where('id', '=', publicVehicles[0]?.id ?? '')
      .execute();
    small = Fastify({ logger: false });
    small.decorate('db', db);
    small.decorate('config', ctx.config);
    await small.register(sitemapRoutes, { urlLimit: 3 });
    await small.ready();
  });
  afterAll(async () => {
    await small?.close();
    await ctx?.close();
    rmSync(emptyDist, { recursive: true, force: true });
  });

  it('ISSUE-18-SITEMAP lists the static pages and every public vehicle with its update time, never an archived one', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expectWellFormed(res.body);
    expect(res.body).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const rows = await ctx.database.db.selectFrom('vehicles').select(['slug', 'updated_at']).execute();
    const updated = new Map(rows.map((row) => [row.slug, row.updated_at]));
    expect(entries(res.body)).toEqual([
      ...SITEMAP_STATIC_PATHS.map((p) => ({ loc: `${ORIGIN}${p}`, lastmod: undefined })),
      // In id order, which is creation order (UUIDv7).
      ...publicVehicles.map((v) => ({
        loc: `${ORIGIN}/vehicles/${v.slug}`,
        lastmod: new Date(updated.get(v.slug) ?? '').toISOString(),
      })),
    ]);
    expect(entries(res.body)[SITEMAP_STATIC_PATHS.length]?.lastmod).toBe('2026-03-04T05:06:07.089Z');
    expect(res.body).not.toContain(archived.slug);
  });

  it('ISSUE-18-SITEMAP-INDEX past the URL limit, /sitemap.xml is an index of files of at most that many URLs', async () => {
    expect(SITEMAP_URL_LIMIT).toBe(50_000);
    const index = await small.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(index.statusCode).toBe(200);
    expectWellFormed(index.body);
    expect(index.body).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    // 4 public vehicles, 3 a file: two vehicle files, and the static pages on their own.
    expect(locs(index.body)).toEqual([
      `${ORIGIN}/sitemaps/pages.xml`,
      `${ORIGIN}/sitemaps/vehicles-1.xml`,
      `${ORIGIN}/sitemaps/vehicles-2.xml`,
    ]);
    const pages = await small.inject({ method: 'GET', url: '/sitemaps/pages.xml' });
    expectWellFormed(pages.body);
    expect(locs(pages.body)).toEqual(SITEMAP_STATIC_PATHS.map((p) => `${ORIGIN}${p}`));
    const files = [];
    for (const n of [1, 2]) {
      const res = await small.inject({ method: 'GET', url: `/sitemaps/vehicles-${n}.xml` });
      expect(res.statusCode).toBe(200);
      expectWellFormed(res.body);
      files.push(locs(res.body));
    }
    expect(files.map((f) => f.length)).toEqual([3, 1]);
    expect(files.flat()).toEqual(publicVehicles.map((v) => `${ORIGIN}/vehicles/${v.slug}`));
    for (const url of ['/sitemaps/vehicles-3.xml', '/sitemaps/vehicles-0.xml', '/sitemaps/other.xml'])
      expect((await small.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    // At the protocol's limit, the same catalogue is one file, and the files are not offered.
    expect((await ctx.app.inject({ method: 'GET', url: '/sitemaps/vehicles-1.xml' })).statusCode).toBe(404);
  });

  it('ISSUE-18-SITEMAP-ESCAPE text the XML gives a meaning is escaped', async () => {
    const xml = await text(await sitemapXml(ctx.database.db, { origin: 'https://cars.example.com/a&b<c>"\'' }));
    expectWellFormed(xml);
    expect(locs(xml)[0]).toBe('https://cars.example.com/a&amp;b&lt;c&gt;&quot;&apos;/');
  });

  it('ISSUE-18-ROBOTS robots.txt allows the storefront, keeps out /admin, /account and /api, and names the sitemap', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.body).toBe(robotsTxt(ORIGIN));
    expect(res.body.split('\n')).toEqual([
      'User-agent: *',
      'Allow: /',
      'Disallow: /admin',
      'Disallow: /account',
      'Disallow: /api',
      '',
      `Sitemap: ${ORIGIN}/sitemap.xml`,
      '',
    ]);
  });

  it('ISSUE-18-SITEMAP both answer the same with a web build, beside the pages, even one with its own robots.txt', async () => {
    const webDist = mkdtempSync(path.join(tmpdir(), 'vm-web-dist-'));
    writeFileSync(path.join(webDist, 'index.html'), '<html><head></head><body><div id="root"></div></body></html>');
    // A build that ships its own robots.txt neither stops the server nor replaces this one.
    writeFileSync(path.join(webDist, 'robots.txt'), 'User-agent: *\nDisallow: /\n');
    const withWeb = await createTestContext(dialect, { WEB_DIST: webDist, PUBLIC_URL: ORIGIN });
    try {
      const robots = await withWeb.app.inject({ method: 'GET', url: '/robots.txt' });
      expect(robots.body).toBe(robotsTxt(ORIGIN));
      const sitemap = await withWeb.app.inject({ method: 'GET', url: '/sitemap.xml' });
      expect(sitemap.statusCode).toBe(200);
      expect(locs(sitemap.body)).toEqual(SITEMAP_STATIC_PATHS.map((p) => `${ORIGIN}${p}`));
      expect((await withWeb.app.inject({ method: 'GET', url: '/about' })).headers['content-type']).toContain(
        'text/html',
      );
    } finally {
      await withWeb.close();
      rmSync(webDist, { recursive: true, force: true });
    }
  });
});
