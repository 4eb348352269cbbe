import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_TEXT, vehicleDescription } from '@vm/shared/page-meta';
import { EMPTY_SETTINGS, type Settings } from '@vm/shared/settings';
import type { Vehicle } from '@vm/shared/vehicle';
import { writeSettings } from '../src/features/settings/settings-repository.ts';
import { addVehicleImage, createVehicle } from './fixtures/vehicles.ts';
import { createTestContext, DIALECTS, type TestContext } from './test-app.ts';
import { fakeWebBuild } from './fixtures/web-build.ts';

/*
 * Issue #18: every public page's head in the server's HTML (title, description, canonical URL,
 * Open Graph and Twitter tags, robots) and its JSON-LD, read back from the HTML as a crawler
 * would. A stand-in web build (as in storefront-pages.test.ts) keeps the test independent of
 * `vite build`; its generic tags must be replaced, not repeated.
 */
const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="Generic description" />
    <meta property="og:title" content="Generic" />
    <meta property="og:image" content="/og-default.png" />
    <meta name="twitter:card" content="summary_large_image" />
    <title>Heritage Import Motors</title>
    <script type="module" crossorigin src="/assets/index-test.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

const ORIGIN = 'https://cars.example.com';
// `$&` and `$'` would be read as patterns by String.prototype.replace, were the head put in with it.
const HOSTILE = `</script><script>alert(1)</script>"'& $& $'`;
const SITE = 'Classic & Co "Imports"';
/** A VIN whose check digit (9th character, 9) passes (decision 118). */
const VALID_VIN = '1HGCM82633A004352';
const SETTINGS: Settings = {
  ...EMPTY_SETTINGS,
  company: {
    name: SITE,
    description: 'Imported classics since 2005.',
    address: '1200 Harbor Boulevard',
    city: 'Long Beach',
    state: 'CA',
    zipCode: '90802',
    country: 'USA',
  },
  contact: { ...EMPTY_SETTINGS.contact, phone: '+1 (555) 010-2005', email: 'sales@classic.example' },
  social: { ...EMPTY_SETTINGS.social, facebook: 'https://facebook.com/classic' },
};

/** Decodes the five entities the server writes in attributes and text. */
const unescapeHtml = (value: string) =>
  value
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');

interface Head {
  title: string[];
  /** Every meta tag's content by its name or property, in order. */
  meta: Map<string, string[]>;
  canonical: string[];
  jsonLd: Record<string, unknown>[];
}

/**
 * The head as a crawler reads it. Attributes are double-quoted by the server, so a value that
 * broke out of its quotes would show up as a cut-off value here.
 */
function readHead(html: string): Head {
  const head = /<head>([\s\S]*?)<\/head>/.exec(html)?.[1] ?? '';
  const meta = new Map<string, string[]>();
  const attrs = (tag: string) =>
    Object.fromEntries([...tag.matchAll(/([\w:-]+)="([^"]*)"/g)].map((m) => [m[1], unescapeHtml(m[2] ?? '')]));
  for (const [tag] of head.matchAll(/<meta\b[^>]*>/g)) {
    const a = attrs(tag);
    const key = a.name ?? a.property;
    if (key && a.content !== undefined) meta.set(key, [...(meta.get(key) ?? []), a.content]);
  }
  return {
    title: [...head.matchAll(/<title\b[^>]*>([\s\S]*?)<\/title>/g)].map((m) => unescapeHtml(m[1] ?? '')),
    meta,
    canonical: [...head.matchAll(/<link\b[^>]*rel="canonical"[^>]*>/g)].map((m) => attrs(m[0]).href ?? ''),
    jsonLd: [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map(
      (m) => JSON.parse(m[1] ?? '') as Record<string, unknown>,
    ),
  };
}

const one = (head: Head, key: string) => {
  const values = head.meta.get(key) ?? [];
  expect(values, key).toHaveLength(1);
  return values[0];
};
const ofType = (head: Head, type: string) =>
  // biome-ignore lint/suspicious/noExplicitAny: JSON-LD read back from the page, checked field by field
  head.jsonLd.find((data) => data['@type'] === type) as Record<string, any>;

describe.each(DIALECTS)('page heads on %s', (dialect) => {
  let ctx: TestContext;
  let webDist: string;
  let mustang: { id: string; slug: string };
  let hostile: { id: string; slug: string };
  let sold: { id: string; slug: string };
  let checkedVin: { id: string; slug: string };
  let archived: { id: string; slug: string };

  const page = (url: string) => ctx.app.inject({ method: 'GET', url });
  const apiVehicle = async (ref: string) =>
    (await ctx.app.inject({ method: 'GET', url: `/api/vehicles/${ref}` })).json<Vehicle>();

  beforeAll(async () => {
    webDist = fakeWebBuild(INDEX_HTML);
    ctx = await createTestContext(dialect, { WEB_DIST: webDist, PUBLIC_URL: `${ORIGIN}/` });
    const db = ctx.database.db;
    await writeSettings(db, SETTINGS);
    ctx.app.publicSettings.invalidate();
    mustang = await createVehicle(db, {
      title: '1967 Ford Mustang Fastback',
      longTitle: '1967 Ford Mustang Fastback GT 390, four-speed',
      make: 'Ford',
      model: 'Mustang',
      year: 1967,
      price: 65_000,
      mileage: 45_000,
      exteriorColor: 'Highland Green',
      bodyType: 'Coupe',
      fuelType: 'Gasoline',
      transmission: 'Manual',
      vin: '7R02S123456',
      location: { city: 'Long Beach', state: 'CA', country: 'USA' },
    });
    await addVehicleImage(db, ctx.app.storage, mustang.id, { width: 1600, height: 1000 });
    await addVehicleImage(db, ctx.app.storage, mustang.id, { width: 1600, height: 1000, color: '#1d4ed8' });
    hostile = await createVehicle(db, { title: HOSTILE, description: HOSTILE, exteriorColor: HOSTILE.slice(0, 40) });
    await addVehicleImage(db, ctx.app.storage, hostile.id, { width: 800, height: 600 });
    checkedVin = await createVehicle(db, {
      title: '2019 Honda Accord',
      make: 'Honda',
      model: 'Accord',
      vin: VALID_VIN,
    });
    sold = await createVehicle(db, {
      title: '1969 Chevrolet Camaro',
      make: 'Chevrolet',
      model: 'Camaro',
      status: 'Sold',
    });
    archived = await createVehicle(db, {
      title: '1970 Dodge Charger',
      make: 'Dodge',
      model: 'Charger',
      status: 'Archived',
    });
  });
  afterAll(async () => {
    await ctx?.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it('ISSUE-18-HEAD a vehicle page: its title, a description from its facts, canonical by slug, share card with its photo at 1280 px', async () => {
    const vehicle = await apiVehicle(mustang.id);
    for (const ref of [mustang.id, mustang.slug]) {
      const res = await page(`/vehicles/${ref}`);
      expect(res.statusCode).toBe(200);
      const head = readHead(res.body);
      const url = `${ORIGIN}/vehicles/${mustang.slug}`;
      expect(head.title).toEqual([`1967 Ford Mustang Fastback GT 390, four-speed | ${SITE}`]);
      const description = one(head, 'description');
      expect(description).toBe(vehicleDescription(vehicle));
      expect(description).toBe(
        '1967 Ford Mustang Fastback: $65,000. 45,000 miles, Highland Green, Coupe, Manual, Gasoline. Located in Long Beach, CA.',
      );
      expect(head.canonical).toEqual([url]);
      expect(one(head, 'og:url')).toBe(url);
      expect(one(head, 'og:type')).toBe('website');
      expect(one(head, 'og:site_name')).toBe(SITE);
      expect(one(head, 'og:title')).toBe('1967 Ford Mustang Fastback GT 390, four-speed');
      expect(one(head, 'og:description')).toBe(description);
      const image = `${ORIGIN}/uploads/vehicles/${mustang.id}/${vehicle.images[0]?.id}-1280.webp`;
      expect(one(head, 'og:image')).toBe(image);
      expect(one(head, 'og:image:width')).toBe('1280');
      expect(one(head, 'og:image:height')).toBe('800');
      expect(one(head, 'og:image:alt')).toBe('1967 Ford Mustang Fastback');
      expect(one(head, 'twitter:card')).toBe('summary_large_image');
      expect(one(head, 'twitter:title')).toBe('1967 Ford Mustang Fastback GT 390, four-speed');
      expect(one(head, 'twitter:description')).toBe(description);
      expect(one(head, 'twitter:image')).toBe(image);
      expect(head.meta.get('robots')).toBeUndefined();
      // The stand-in build's generic tags are gone, not repeated.
      expect(res.body).not.toContain('Generic');
    }
  });

  it('ISSUE-18-JSONLD a vehicle page is a Car with its Offer (its VIN only when the check digit passes), and its breadcrumbs lead home', async () => {
    const vehicle = await apiVehicle(mustang.id);
    const head = readHead((await page(`/vehicles/${mustang.slug}`)).body);
    expect(head.jsonLd.map((data) => data['@type'])).toEqual(['Car', 'BreadcrumbList']);
    const car = ofType(head, 'Car');
    const url = `${ORIGIN}/vehicles/${mustang.slug}`;
    expect(car).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Car',
      name: '1967 Ford Mustang Fastback GT 390, four-speed',
      description: vehicleDescription(vehicle),
      url,
      brand: { '@type': 'Brand', name: 'Ford' },
      model: 'Mustang',
      vehicleModelDate: '1967',
      mileageFromOdometer: { '@type': 'QuantitativeValue', value: 45_000, unitCode: 'SMI', unitText: 'miles' },
      color: 'Highland Green',
      bodyType: 'Coupe',
      fuelType: 'Gasoline',
      vehicleTransmission: 'Manual',
      image: vehicle.images.map((image) => `${ORIGIN}${image.url}`),
      offers: {
        '@type': 'Offer',
        price: 65_000,
        priceCurrency: 'USD',
        availability: 'https://schema.org/InStock',
        url,
        seller: { '@type': 'AutoDealer', name: SITE, url: `${ORIGIN}/` },
      },
    });
    // A VIN is published only when its check passes; this one (a 1967 serial) has none to pass.
    expect(car).not.toHaveProperty('vehicleIdentificationNumber');
    const checked = ofType(readHead((await page(`/vehicles/${checkedVin.slug}`)).body), 'Car');
    expect(checked.vehicleIdentificationNumber).toBe(VALID_VIN);
    // One changed character and the check fails: no VIN.
    await ctx.database.db
      .updateTable('vehicles')
      .set({ vin: `${VALID_VIN.slice(0, 16)}3` })
      .where('id', '=', checkedVin.id)
      .execute();
    const changed = ofType(readHead((await page(`/vehicles/${checkedVin.slug}`)).body), 'Car');
    expect(changed).not.toHaveProperty('vehicleIdentificationNumber');
    expect(ofType(head, 'BreadcrumbList').itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Home', item: `${ORIGIN}/` },
      { '@type': 'ListItem', position: 2, name: 'Browse Vehicles', item: `${ORIGIN}/vehicles` },
      { '@type': 'ListItem', position: 3, name: '1967 Ford Mustang Fastback GT 390, four-speed', item: url },
    ]);
  });

  it('ISSUE-18-HOSTILE a title of </script>, quotes, & and $& stays inside the JSON-LD, the data block and the attributes', async () => {
    const res = await page(`/vehicles/${hostile.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('<script>alert(1)');
    // The module script, the two JSON-LD blocks and the boot data: no script of the title's.
    expect(res.body.match(/<script\b/g)).toHaveLength(4);
    expect(res.body.match(/<\/script>/g)).toHaveLength(4);
    const head = readHead(res.body);
    expect(head.title).toEqual([`${HOSTILE} | ${SITE}`]);
    expect(one(head, 'og:title')).toBe(HOSTILE);
    expect(one(head, 'og:image:alt')).toBe(HOSTILE);
    // A photo narrower than a share card is shown at its own width.
    expect(one(head, 'og:image:width')).toBe('800');
    expect(one(head, 'og:image:height')).toBe('600');
    expect(one(head, 'description')).toContain(HOSTILE);
    expect(ofType(head, 'Car').name).toBe(HOSTILE);
    expect(ofType(head, 'Car').color).toBe(HOSTILE.slice(0, 40));
    expect(ofType(head, 'BreadcrumbList').itemListElement[2].name).toBe(HOSTILE);
    // The dealer's name has quotes and & too: the seller reads back whole.
    expect(ofType(head, 'Car').offers.seller.name).toBe(SITE);
    expect(one(head, 'og:site_name')).toBe(SITE);
  });

  it('ISSUE-18-SOLD a sold vehicle stays 200, says Sold and is SoldOut', async () => {
    const res = await page(`/vehicles/${sold.slug}`);
    expect(res.statusCode).toBe(200);
    const head = readHead(res.body);
    expect(head.title).toEqual([`1969 Chevrolet Camaro (Sold) | ${SITE}`]);
    expect(one(head, 'description')).toMatch(/^1969 Chevrolet Camaro: Sold\./);
    expect(head.canonical).toEqual([`${ORIGIN}/vehicles/${sold.slug}`]);
    expect(ofType(head, 'Car').offers.availability).toBe('https://schema.org/SoldOut');
  });

  it('ISSUE-18-404 archived and unknown vehicles answer 404 with the not-found page, kept out of the index', async () => {
    for (const url of [`/vehicles/${archived.id}`, `/vehicles/${archived.slug}`, '/vehicles/no-such-vehicle']) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toContain('text/html');
      const head = readHead(res.body);
      expect(head.title, url).toEqual([`Vehicle not found | ${SITE}`]);
      expect(one(head, 'robots')).toBe('noindex');
      expect(head.canonical).toEqual([]);
      expect(head.jsonLd).toEqual([]);
      expect(res.body).not.toContain('Dodge');
    }
  });

  it('ISSUE-18-HOME the home page: the dealer with the settings address and phone, and the site with its search', async () => {
    const res = await page('/');
    const head = readHead(res.body);
    expect(head.title).toEqual([SITE]);
    expect(one(head, 'description')).toBe('Imported classics since 2005.');
    expect(head.canonical).toEqual([`${ORIGIN}/`]);
    expect(one(head, 'og:image')).toBe(`${ORIGIN}/og-default.png`);
    expect(one(head, 'og:image:width')).toBe('1200');
    expect(one(head, 'og:image:height')).toBe('630');
    expect(head.jsonLd.map((data) => data['@type'])).toEqual(['AutoDealer', 'WebSite']);
    const dealer = ofType(head, 'AutoDealer');
    expect(dealer).toMatchObject({
      '@context': 'https://schema.org',
      name: SITE,
      url: `${ORIGIN}/`,
      telephone: '+1 (555) 010-2005',
      email: 'sales@classic.example',
      address: {
        '@type': 'PostalAddress',
        streetAddress: '1200 Harbor Boulevard',
        addressLocality: 'Long Beach',
        addressRegion: 'CA',
        postalCode: '90802',
        addressCountry: 'USA',
      },
      sameAs: ['https://facebook.com/classic'],
    });
    expect(dealer.openingHoursSpecification[0]).toEqual({
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: 'https://schema.org/Monday',
      opens: '09:00',
      closes: '18:00',
    });
    expect(ofType(head, 'WebSite')).toEqual({
      '@context': 'https://schema.org',
      '@type': 'WebSite',
      name: SITE,
      url: `${ORIGIN}/`,
      potentialAction: {
        '@type': 'SearchAction',
        target: { '@type': 'EntryPoint', urlTemplate: `${ORIGIN}/vehicles?query={search_term_string}` },
        'query-input': 'required name=search_term_string',
      },
    });
  });

  it('ISSUE-18-PAGES search, auctions, about, contact and parts: their title, text, canonical URL and breadcrumbs', async () => {
    for (const [url, key] of [
      ['/vehicles?make=Ford&page=2', 'vehicles'],
      ['/auctions', 'auctions'],
      ['/about', 'about'],
      ['/contact', 'contact'],
      ['/parts/', 'parts'],
    ] as const) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(200);
      const head = readHead(res.body);
      const { title, intro } = PAGE_TEXT[key];
      expect(head.title, url).toEqual([`${title} | ${SITE}`]);
      expect(one(head, 'description')).toBe(key === 'about' ? `About ${SITE}: ${intro}` : intro);
      expect(head.canonical, url).toEqual([`${ORIGIN}/${key}`]);
      expect(one(head, 'og:url')).toBe(`${ORIGIN}/${key}`);
      expect(one(head, 'og:title')).toBe(title);
      expect(head.meta.get('robots')).toBeUndefined();
      expect(ofType(head, 'BreadcrumbList').itemListElement).toEqual([
        { '@type': 'ListItem', position: 1, name: 'Home', item: `${ORIGIN}/` },
        { '@type': 'ListItem', position: 2, name: title, item: `${ORIGIN}/${key}` },
      ]);
    }
  });

  it('ISSUE-18-NOINDEX account, admin, sign-in and registration pages carry noindex and no canonical URL', async () => {
    for (const url of [
      '/login',
      '/register',
      '/forgot-password',
      '/reset-password?token=x',
      '/account',
      '/account/settings',
      '/admin',
      '/admin/vehicles',
    ]) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(200);
      const head = readHead(res.body);
      expect(one(head, 'robots')).toBe('noindex');
      expect(head.canonical, url).toEqual([]);
      expect(head.title, url).toHaveLength(1);
      expect(head.jsonLd, url).toEqual([]);
    }
    expect(readHead((await page('/login')).body).title).toEqual([`Log in | ${SITE}`]);
  });

  it('ISSUE-18-CANONICAL canonical URLs are absolute on PUBLIC_URL, by default http://localhost:PORT', async () => {
    const local = await createTestContext(dialect, { WEB_DIST: webDist, PORT: '4321' });
    try {
      const head = readHead((await local.app.inject({ method: 'GET', url: '/about' })).body);
      expect(head.canonical).toEqual(['http://localhost:4321/about']);
      expect(one(head, 'og:image')).toBe('http://localhost:4321/og-default.png');
    } finally {
      await local.close();
    }
  });
});
