import { rmSync } from 'node:fs';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSettings, writeSettings } from '../src/features/settings/settings-repository.ts';
import { createVehicle } from './fixtures/vehicles.ts';
import { createTestContext, DIALECTS, type TestContext } from './test-app.ts';
import { fakeWebBuild } from './fixtures/web-build.ts';

/*
 * Rendered pages are kept while what they were made from is unchanged
 * (docs/decisions/120-pages-at-any-size.md): the catalogue version, the public settings and, on
 * a vehicle page, the vehicle's own answer. A kept page is compressed once at the kept level, on
 * its second send (the first is compressed at the per-request level, decision 129), and sent as
 * it is from then on; a change to any input makes it again on the next request.
 */
describe.each(DIALECTS)('kept storefront pages on %s', (dialect) => {
  let ctx: TestContext;
  let webDist: string;
  let mustang: { id: string; slug: string };

  const page = (url: string) =>
    ctx.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } }).then((res) => ({
      status: res.statusCode,
      encoding: res.headers['content-encoding'],
      raw: res.rawPayload,
      html: res.headers['content-encoding'] === 'br' ? brotliDecompressSync(res.rawPayload).toString() : res.body,
    }));

  beforeAll(async () => {
    webDist = fakeWebBuild();
    ctx = await createTestContext(dialect, { WEB_DIST: webDist });
    mustang = await createVehicle(ctx.database.db, {
      title: '1967 Ford Mustang Fastback',
      make: 'Ford',
      model: 'Mustang',
      year: 1967,
      price: 65_000,
      tags: ['featured'],
    });
    for (let i = 0; i < 6; i++)
      await createVehicle(ctx.database.db, { title: `1966 Ford Mustang Coupe ${i}`, make: 'Ford', model: 'Mustang' });
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it('ISSUE-18-KEPT-PAGES sends the same compressed bytes again while nothing changed, and a new page after a catalogue change', async () => {
    const first = await page('/vehicles?make=Ford');
    expect(first.status).toBe(200);
    expect(first.encoding).toBe('br');
    // The first send is compressed at the per-request level, the second at the kept level, and
    // those bytes are sent from then on (docs/decisions/129-per-request-answers.md).
    const again = await page('/vehicles?make=Ford');
    expect(again.html).toBe(first.html);
    const third = await page('/vehicles?make=Ford');
    expect(third.raw.equals(again.raw)).toBe(true);
    expect(first.html).not.toContain('1970 Ford Bronco');
    await createVehicle(ctx.database.db, { title: '1970 Ford Bronco', make: 'Ford', model: 'Bronco' });
    const after = await page('/vehicles?make=Ford');
    expect(after.html).toContain('1970 Ford Bronco');
  });

  it('ISSUE-18-KEPT-PAGES makes a vehicle page again when the vehicle changes without a new catalogue version (its view count)', async () => {
    const first = await page(`/vehicles/${mustang.slug}`);
    expect(first.status).toBe(200);
    expect(first.html).toContain('"viewCount":0');
    const again = await page(`/vehicles/${mustang.slug}`);
    expect(again.html).toBe(first.html);
    expect((await page(`/vehicles/${mustang.slug}`)).raw.equals(again.raw)).toBe(true);
    const view = await ctx.app.inject({
      method: 'POST',
      url: `/api/vehicles/${mustang.id}/view`,
      payload: { fingerprint: 'kept-pages-test-fingerprint' },
    });
    expect(view.statusCode).toBe(200);
    const after = await page(`/vehicles/${mustang.slug}`);
    expect(after.html).toContain('"viewCount":1');
  });

  it('ISSUE-18-KEPT-PAGES makes a page again when the settings change', async () => {
    const first = await page('/');
    expect(first.html).not.toContain('Kept Pages Motors');
    const settings = await readSettings(ctx.database.db);
    await writeSettings(ctx.database.db, { ...settings, seo: { ...settings.seo, metaKeywords: 'Kept Pages Motors' } });
    ctx.app.publicSettings.invalidate();
    expect((await page('/')).html).toContain('Kept Pages Motors');
  });

  it('ISSUE-18-KEPT-PAGES gives the home and results pages the head of the current settings (their heads are made once per settings copy)', async () => {
    const titleOf = async (url: string) => /<title[^>]*>([^<]*)<\/title>/.exec((await page(url)).html)?.[1];
    expect(await titleOf('/vehicles?make=Ford')).not.toContain('Renamed Motors');
    const settings = await readSettings(ctx.database.db);
    await writeSettings(ctx.database.db, { ...settings, seo: { ...settings.seo, metaTitle: 'Renamed Motors' } });
    ctx.app.publicSettings.invalidate();
    expect(await titleOf('/')).toBe('Renamed Motors');
    // Another results URL than before, and the one shown before: both carry the new title.
    expect(await titleOf('/vehicles?make=Ford&sort=year')).toBe('Browse Vehicles | Renamed Motors');
    expect(await titleOf('/vehicles?make=Ford')).toBe('Browse Vehicles | Renamed Motors');
  });
});
