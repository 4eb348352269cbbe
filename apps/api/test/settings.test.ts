import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { PUBLIC_CACHE_CONTROL } from '../src/lib/http-caching.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@vm/shared/messages';
import { IMAGE_WIDTHS } from '@vm/shared/constants';
import {
  COMPANY_NAME_REQUIRED,
  EMPTY_SETTINGS,
  HOURS_BOTH_OR_NEITHER,
  HOURS_CLOSE_AFTER_OPEN,
  MEDIA_UPLOAD_REQUIRED,
  type Settings,
} from '@vm/shared/settings';
import {
  createTestContext,
  DIALECTS,
  registerBuyer,
  type SignedIn,
  signInAs,
  tableCounts,
  type TestContext,
} from './test-app.ts';
import {
  icoFixture,
  jpegFixture,
  multipart,
  pixelBombPng,
  pngFixture,
  SVG_WITH_SCRIPT,
  type UploadFile,
} from './upload-helpers.ts';

const filled: Settings = {
  company: {
    name: 'Coastal Classics',
    description: 'Imported classics since 1999.',
    address: '1 Pier Road',
    city: 'Santa Cruz',
    state: 'CA',
    zipCode: '95060',
    country: 'USA',
  },
  contact: {
    phone: '+1 831 555 0100',
    email: 'hello@coastal.example',
    website: 'https://coastal.example',
    businessHours: { ...EMPTY_SETTINGS.contact.businessHours, sunday: { open: '11:00', close: '15:00' } },
  },
  // Set to a logo uploaded in beforeAll: a save takes only this site's own uploads.
  media: { logo: '', heroImage: '', favicon: '' },
  social: {
    facebook: 'https://facebook.com/coastal',
    twitter: '',
    instagram: '',
    linkedin: '',
    youtube: 'https://youtube.com/@coastal',
  },
  seo: {
    metaTitle: 'Coastal Classics',
    metaDescription: 'Classic cars by the sea.',
    metaKeywords: 'classic',
    googleAnalyticsId: 'G-TEST',
    googleTagManagerId: 'GTM-TEST',
  },
  googleBusiness: { apiKey: 'secret-api-key-123', placeId: 'place-1', reviewsEnabled: true },
  parts: [{ label: 'Parts shop', url: 'https://parts.example', description: 'Trim and chrome' }],
  notifications: { staffEmails: ['sales@coastal.example'] },
};

describe.each(DIALECTS)('settings on %s', (dialect) => {
  let ctx: TestContext;
  let admin: SignedIn;
  let buyer: SignedIn;
  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    admin = await signInAs(ctx, 'Admin');
    buyer = await registerBuyer(ctx.app);
    filled.media = {
      logo: (await upload('logo', [file(await pngFixture(120, 40))])).json().url,
      heroImage: '',
      favicon: '',
    };
  });
  afterAll(async () => ctx.close());

  const put = (payload: unknown, who: SignedIn | null = admin) =>
    ctx.app.inject({ method: 'PUT', url: '/api/settings', headers: who?.headers ?? {}, payload: payload as object });
  const upload = (kind: string, files: UploadFile[], who: SignedIn | null = admin) => {
    const body = multipart(files);
    return ctx.app.inject({
      method: 'POST',
      url: `/api/settings/media/${kind}`,
      headers: { ...(who?.headers ?? {}), ...body.headers },
      payload: body.payload,
    });
  };
  const file = (data: Buffer, filename = 'logo.png'): UploadFile => ({ field: 'file', filename, data });

  it('ROLE-14 API-09..11: settings and media routes answer 401 anonymous and 403 to a buyer; public settings need no login', async () => {
    const before = await tableCounts(ctx.database);
    const png = await pngFixture();
    for (const who of [null, buyer]) {
      const status = who ? 403 : 401;
      expect(
        (await ctx.app.inject({ method: 'GET', url: '/api/settings', headers: who?.headers ?? {} })).statusCode,
      ).toBe(status);
      expect((await put(filled, who)).statusCode).toBe(status);
      expect((await upload('logo', [file(png)], who)).statusCode).toBe(status);
    }
    expect(await tableCounts(ctx.database)).toEqual(before);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/settings/public' })).statusCode).toBe(200);
  });

  it('API-09 API-10 ADMIN-SET-02..10: PUT saves the whole grouped object, GET returns it, public hides the API key', async () => {
    const res = await put(filled);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(filled);
    const got = await ctx.app.inject({ method: 'GET', url: '/api/settings', headers: admin.headers });
    expect(got.json()).toEqual(filled);
    const pub = await ctx.app.inject({ method: 'GET', url: '/api/settings/public' });
    expect(pub.json().company.name).toBe('Coastal Classics');
    expect(pub.json().googleBusiness).toEqual({ placeId: 'place-1', reviewsEnabled: true });
    expect(pub.body).not.toContain('secret-api-key-123');
  });

  it('ADMIN-SET-13: a save is visible on the public settings at once (the 5-minute cache is dropped)', async () => {
    const before = await ctx.app.inject({ method: 'GET', url: '/api/settings/public' });
    await put({ ...filled, company: { ...filled.company, name: 'Renamed Motors' } });
    // Browsers revalidate every time (max-age=0), and the saved settings have another validator.
    const pub = await ctx.app.inject({
      method: 'GET',
      url: '/api/settings/public',
      headers: { 'if-none-match': String(before.headers.etag) },
    });
    expect(pub.statusCode).toBe(200);
    expect(pub.json().company.name).toBe('Renamed Motors');
    expect(pub.headers['cache-control']).toBe(PUBLIC_CACHE_CONTROL);
    expect(pub.headers.etag).not.toBe(before.headers.etag);
  });

  it('VALID-27..29 CONST-25 CONST-26: meta title over 60, description over 160, bad URLs and partial objects are refused', async () => {
    await put(filled);
    const before = await tableCounts(ctx.database);
    const cases: [unknown, RegExp][] = [
      [{ ...filled, seo: { ...filled.seo, metaTitle: 'x'.repeat(61) } }, /at most 60/],
      [{ ...filled, seo: { ...filled.seo, metaDescription: 'x'.repeat(161) } }, /at most 160/],
      [{ ...filled, social: { ...filled.social, facebook: 'javascript:alert(1)' } }, /valid URL/],
      [{ ...filled, contact: { ...filled.contact, website: 'not a url' } }, /valid URL/],
      [{ ...filled, media: { ...filled.media, logo: '../../etc/passwd' } }, /Upload the file/],
      [{ ...filled, contact: { ...filled.contact, email: 'nope' } }, /valid email/],
      [{ company: filled.company }, /./],
      [{ ...filled, extra: 1 }, /./],
    ];
    for (const [payload, message] of cases) {
      const res = await put(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    const exact = await put({
      ...filled,
      seo: { ...filled.seo, metaTitle: 'x'.repeat(60), metaDescription: 'y'.repeat(160) },
    });
    expect(exact.statusCode).toBe(200);
    expect(await tableCounts(ctx.database)).toEqual(before);
    await put(filled);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/settings', headers: admin.headers })).json()).toEqual(
      filled,
    );
  });

  it('ISSUE-16: staff notice recipients are checked, stored in lower case, and never public', async () => {
    await put(filled);
    const before = await tableCounts(ctx.database);
    const staff = (staffEmails: unknown) => ({ ...filled, notifications: { staffEmails } });
    const cases: [unknown, RegExp][] = [
      [staff(['not-an-email']), /valid email/],
      [staff(['sales@coastal.example', '']), /valid email/],
      [staff(['a@coastal.example', ' A@Coastal.example ']), /only once/],
      [staff(Array.from({ length: 11 }, (_, i) => `staff${i}@coastal.example`)), /At most 10/],
      [staff('sales@coastal.example'), /./],
      [{ ...filled, notifications: { staffEmails: [], other: 1 } }, /./],
      [{ ...filled, notifications: undefined }, /./],
    ];
    for (const [payload, message] of cases) {
      const res = await put(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    expect(await tableCounts(ctx.database)).toEqual(before);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/settings', headers: admin.headers })).json()).toEqual(
      filled,
    );

    const ten = Array.from({ length: 10 }, (_, i) => `staff${i}@coastal.example`);
    expect((await put(staff(ten))).json().notifications.staffEmails).toEqual(ten);
    const saved = await put(staff([' Sales@Coastal.EXAMPLE ', 'boss@coastal.example']));
    expect(saved.statusCode).toBe(200);
    expect(saved.json().notifications).toEqual({ staffEmails: ['sales@coastal.example', 'boss@coastal.example'] });
    const pub = await ctx.app.inject({ method: 'GET', url: '/api/settings/public' });
    expect(pub.statusCode).toBe(200);
    expect(pub.json()).not.toHaveProperty('notifications');
    expect(pub.body).not.toContain('sales@coastal.example');
    expect(pub.body).not.toContain('boss@coastal.example');
    await put(filled);
  });

  it('ISSUE-16: settings stored before the notifications section existed still load, with no staff list', async () => {
    const { notifications: _absent, ...older } = filled;
    await ctx.database.db
      .updateTable('settings')
      .set({ value: JSON.stringify(older) })
      .where('key', '=', 'site')
      .execute();
    const got = await ctx.app.inject({ method: 'GET', url: '/api/settings', headers: admin.headers });
    expect(got.statusCode).toBe(200);
    expect(got.json()).toEqual({ ...filled, notifications: { staffEmails: [] } });
    // The admin form saves what it loaded.
    expect((await put(got.json())).statusCode).toBe(200);
    await put(filled);
  });

  it('API-11 ADMIN-SET-05 ADMIN-SET-06 CONST-42: uploads logo, heroImage and favicon; the answer is a url that serves the file', async () => {
    const jpeg = await jpegFixture(300, 200, true);
    const ico = await icoFixture();
    for (const [kind, data, format] of [
      ['logo', await pngFixture(120, 40), 'png'],
      ['heroImage', jpeg, 'jpeg'],
      ['favicon', ico, 'ico'],
    ] as const) {
      const res = await upload(kind, [file(data, `upload.${format}`)]);
      expect(res.statusCode, kind).toBe(200);
      const { url } = res.json<{ url: string }>();
      // The hero image is stored as WebP at the photo widths, its url the largest (ISSUE-20).
      expect(url).toMatch(
        kind === 'heroImage'
          ? /^\/uploads\/media\/heroImage-[\w-]+-1280\.webp$/
          : new RegExp(`^/uploads/media/${kind}-[\\w-]+\\.(png|jpg|ico)$`),
      );
      const served = await ctx.app.inject({ method: 'GET', url });
      expect(served.statusCode).toBe(200);
      if (kind === 'heroImage') {
        const meta = await sharp(served.rawPayload).metadata();
        expect(meta.format).toBe('webp');
        expect(meta.exif).toBeUndefined();
      } else if (format !== 'ico') {
        const meta = await sharp(served.rawPayload).metadata();
        expect(meta.format).toBe(format);
        expect(meta.exif).toBeUndefined();
      } else {
        // Rebuilt from its checked entries: still an icon holding the same 32×32 PNG.
        expect([...served.rawPayload.subarray(0, 6)]).toEqual([0, 0, 1, 0, 1, 0]);
        const entry = served.rawPayload.subarray(22);
        expect((await sharp(entry).metadata()).width).toBe(32);
      }
    }
    // WebP, AVIF and GIF are accepted too.
    const png = await pngFixture(32, 32);
    for (const data of [
      await sharp(png).webp().toBuffer(),
      await sharp(png).avif().toBuffer(),
      await sharp(png).gif().toBuffer(),
    ])
      expect((await upload('logo', [file(data)])).statusCode).toBe(200);
    // Uploading does not change the settings by itself.
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/settings', headers: admin.headers })).json().media,
    ).toEqual(filled.media);
  });

  it('VALID-30: SVG, text, pixel bombs, truncated files, empty files and unknown kinds are refused, nothing stored', async () => {
    const mediaDir = path.join(ctx.config.uploadsDir, 'media');
    const countFiles = async () => (existsSync(mediaDir) ? readdirSync(mediaDir).length : 0);
    const filesBefore = await countFiles();
    const jpeg = await jpegFixture(400, 300);
    const cases: [string, UploadFile[], number, string][] = [
      ['svg', [file(SVG_WITH_SCRIPT, 'logo.svg')], 415, MSG.notAMediaImage],
      ['text', [file(Buffer.from('hello world, definitely not an image'), 'logo.png')], 415, MSG.notAMediaImage],
      ['pixel bomb', [file(await pixelBombPng(), 'big.png')], 413, MSG.imageTooManyPixels],
      ['truncated', [file(jpeg.subarray(0, jpeg.length / 2), 'cut.jpg')], 415, MSG.imageUnreadable],
      ['empty', [file(Buffer.alloc(0))], 415, MSG.notAMediaImage],
      [
        'icon header pointing at an HTML page',
        [
          file(
            Buffer.concat([
              Buffer.from([0, 0, 1, 0, 1, 0, 16, 16, 0, 0, 1, 0, 32, 0, 64, 0, 0, 0, 22, 0, 0, 0]),
              Buffer.from('<html><script>alert(1)</script></html>'.padEnd(64, ' ')),
            ]),
            'favicon.ico',
          ),
        ],
        415,
        MSG.imageUnreadable,
      ],
      ['no file', [], 400, MSG.noFile],
      ['two files', [file(jpeg, 'a.jpg'), file(jpeg, 'b.jpg')], 400, 'Upload one file at a time'],
    ];
    for (const [name, files, status, message] of cases) {
      const res = await upload('logo', files);
      expect(res.statusCode, name).toBe(status);
      expect(res.json().message, name).toBe(message);
    }
    const unknown = await upload('banner', [file(await pngFixture())]);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('Unknown media kind');
    expect(await countFiles()).toBe(filesBefore);
  });
  const getSettings = async () =>
    (await ctx.app.inject({ method: 'GET', url: '/api/settings', headers: admin.headers })).json<Settings>();
  const served = async (url: string) => (await ctx.app.inject({ method: 'GET', url })).statusCode;

  it("ISSUE-20: a save needs a company name, a phone like the contact form's and coherent business hours; nothing is stored otherwise", async () => {
    await put(filled);
    const before = await tableCounts(ctx.database);
    const hours = (monday: { open: string; close: string }) => ({
      ...filled,
      contact: { ...filled.contact, businessHours: { ...filled.contact.businessHours, monday } },
    });
    const cases: [unknown, string, string][] = [
      [{ ...filled, company: { ...filled.company, name: '' } }, COMPANY_NAME_REQUIRED, 'company.name'],
      [{ ...filled, company: { ...filled.company, name: '   ' } }, COMPANY_NAME_REQUIRED, 'company.name'],
      [{ ...filled, contact: { ...filled.contact, phone: 'call us maybe' } }, MSG.invalidPhone, 'contact.phone'],
      [{ ...filled, contact: { ...filled.contact, phone: '0123 456' } }, MSG.invalidPhone, 'contact.phone'],
      [hours({ open: '18:00', close: '09:00' }), HOURS_CLOSE_AFTER_OPEN, 'contact.businessHours.monday.close'],
      [hours({ open: '09:00', close: '09:00' }), HOURS_CLOSE_AFTER_OPEN, 'contact.businessHours.monday.close'],
      [hours({ open: '09:00', close: '' }), HOURS_BOTH_OR_NEITHER, 'contact.businessHours.monday.close'],
      [hours({ open: '', close: '17:00' }), HOURS_BOTH_OR_NEITHER, 'contact.businessHours.monday.open'],
    ];
    for (const [payload, message, field] of cases) {
      const res = await put(payload);
      expect(res.statusCode, field).toBe(400);
      expect(res.json().message, field).toBe(message);
      expect(res.json().errors, field).toContainEqual({ field, message });
    }
    expect(await tableCounts(ctx.database)).toEqual(before);
    expect(await getSettings()).toEqual(filled);
    // A closed day (neither time), an empty phone and a phone written with spaces and brackets are fine.
    const ok = await put({
      ...hours({ open: '', close: '' }),
      contact: { ...hours({ open: '', close: '' }).contact, phone: '+1 (831) 555-0100' },
    });
    expect(ok.statusCode).toBe(200);
    expect((await put({ ...filled, contact: { ...filled.contact, phone: '' } })).statusCode).toBe(200);
    await put(filled);
  });

  it("ISSUE-20: logo, hero and favicon come only from this site's own uploads: an external URL or a made-up path is a 400", async () => {
    await put(filled);
    const hero = (await upload('heroImage', [file(await jpegFixture(800, 400), 'hero.jpg')])).json().url as string;
    const cases: [Settings['media'], string][] = [
      [{ ...filled.media, logo: 'https://elsewhere.example/logo.png' }, 'media.logo'],
      [{ ...filled.media, heroImage: 'http://elsewhere.example/hero.jpg' }, 'media.heroImage'],
      [{ ...filled.media, favicon: '//elsewhere.example/favicon.ico' }, 'media.favicon'],
      [{ ...filled.media, logo: '/uploads/vehicles/x/y-320.webp' }, 'media.logo'],
      [{ ...filled.media, logo: '/uploads/media/../../etc/passwd' }, 'media.logo'],
      // The hero image's file in the logo field, and a well-formed name that was never uploaded.
      [{ ...filled.media, logo: hero }, 'media.logo'],
      [
        { ...filled.media, favicon: '/uploads/media/favicon-0190aaaa-0000-7000-8000-000000000000.png' },
        'media.favicon',
      ],
    ];
    for (const [media, field] of cases) {
      const res = await put({ ...filled, media });
      expect(res.statusCode, field).toBe(400);
      expect(res.json().message, field).toBe(MEDIA_UPLOAD_REQUIRED);
      expect(res.json().errors, field).toContainEqual({ field, message: MEDIA_UPLOAD_REQUIRED });
    }
    expect((await getSettings()).media).toEqual(filled.media);
    const saved = await put({ ...filled, media: { ...filled.media, heroImage: hero } });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().media.heroImage).toBe(hero);
    await put(filled);
  });

  it('ISSUE-20: the hero image is stored as WebP at the photo widths; a 4000 × 3000 JPEG favicon is scaled to fit 256 × 256', async () => {
    const hero = (await upload('heroImage', [file(await jpegFixture(2000, 1000, true), 'hero.jpg')])).json()
      .url as string;
    for (const width of IMAGE_WIDTHS) {
      const res = await ctx.app.inject({ method: 'GET', url: hero.replace(/-1280\.webp$/, `-${width}.webp`) });
      expect(res.statusCode, String(width)).toBe(200);
      const meta = await sharp(res.rawPayload).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.width).toBe(width);
      expect(meta.exif).toBeUndefined();
    }
    const small = (await upload('heroImage', [file(await jpegFixture(500, 250), 'small.jpg')])).json().url as string;
    // Never enlarged: the larger widths of a small image hold it at its own size.
    const largest = await ctx.app.inject({ method: 'GET', url: small });
    expect((await sharp(largest.rawPayload).metadata()).width).toBe(500);

    const res = await upload('favicon', [file(await jpegFixture(4000, 3000), 'photo.jpg')]);
    expect(res.statusCode).toBe(200);
    const favicon = res.json().url as string;
    expect(favicon).toMatch(/^\/uploads\/media\/favicon-[\w-]+\.png$/);
    const meta = await sharp((await ctx.app.inject({ method: 'GET', url: favicon })).rawPayload).metadata();
    expect(meta.format).toBe('png');
    expect(meta.width).toBeLessThanOrEqual(256);
    expect(meta.height).toBeLessThanOrEqual(256);
    expect(meta.width).toBe(meta.height);
  });

  it('ISSUE-20: a replaced or cleared media file is removed from storage; one still in use is kept', async () => {
    await put(filled);
    const uploadUrl = async (kind: string, data: Buffer) => (await upload(kind, [file(data)])).json().url as string;
    const heroA = await uploadUrl('heroImage', await jpegFixture(700, 350));
    const logoA = await uploadUrl('logo', await pngFixture(90, 30));
    const faviconA = await uploadUrl('favicon', await pngFixture(32, 32));
    expect((await put({ ...filled, media: { logo: logoA, heroImage: heroA, favicon: faviconA } })).statusCode).toBe(
      200,
    );

    const heroB = await uploadUrl('heroImage', await jpegFixture(700, 350));
    const logoB = await uploadUrl('logo', await pngFixture(90, 30));
    // Refused: nothing removed.
    expect(
      (
        await put({
          ...filled,
          company: { ...filled.company, name: '' },
          media: { logo: logoB, heroImage: heroB, favicon: '' },
        })
      ).statusCode,
    ).toBe(400);
    for (const url of [logoA, heroA, faviconA]) expect(await served(url), url).toBe(200);

    expect((await put({ ...filled, media: { logo: logoB, heroImage: heroB, favicon: faviconA } })).statusCode).toBe(
      200,
    );
    expect(await served(logoA)).toBe(404);
    for (const width of IMAGE_WIDTHS) expect(await served(heroA.replace(/-1280\.webp$/, `-${width}.webp`))).toBe(404);
    for (const url of [logoB, heroB, faviconA]) expect(await served(url), url).toBe(200);

    // Cleared: the favicon's file goes too.
    expect((await put({ ...filled, media: { logo: logoB, heroImage: heroB, favicon: '' } })).statusCode).toBe(200);
    expect(await served(faviconA)).toBe(404);
    // The first logo's file went when logoA replaced it: it cannot be set again.
    expect(await served(filled.media.logo)).toBe(404);
    expect((await put(filled)).statusCode).toBe(400);
    filled.media = { ...filled.media, logo: await uploadUrl('logo', await pngFixture(120, 40)) };
    expect((await put(filled)).statusCode).toBe(200);
    expect(await served(logoB)).toBe(404);
    expect(await served(heroB)).toBe(404);
    expect(await served(filled.media.logo)).toBe(200);
  });

  it('ISSUE-20: settings stored before these rules still load, and the form is told what to fix', async () => {
    const older = {
      ...filled,
      company: { ...filled.company, name: '' },
      contact: {
        ...filled.contact,
        phone: 'ask at the desk',
        businessHours: { ...filled.contact.businessHours, monday: { open: '18:00', close: '09:00' } },
      },
      media: { ...filled.media, heroImage: 'https://elsewhere.example/hero.jpg' },
    };
    await ctx.database.db
      .updateTable('settings')
      .set({ value: JSON.stringify(older) })
      .where('key', '=', 'site')
      .execute();
    const got = await ctx.app.inject({ method: 'GET', url: '/api/settings', headers: admin.headers });
    expect(got.statusCode).toBe(200);
    expect(got.json()).toEqual(older);
    const res = await put(got.json());
    expect(res.statusCode).toBe(400);
    expect(
      res
        .json()
        .errors.map((e: { field: string }) => e.field)
        .sort(),
    ).toEqual(['company.name', 'contact.businessHours.monday.close', 'contact.phone', 'media.heroImage']);
    expect((await put(filled)).statusCode).toBe(200);
  });
});
