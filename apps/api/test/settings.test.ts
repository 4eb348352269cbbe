import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@vm/shared/messages';
import { EMPTY_SETTINGS, type Settings } from '@vm/shared/settings';
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
  media: { logo: '/uploads/media/logo-1.png', heroImage: '', favicon: '' },
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
    await ctx.app.inject({ method: 'GET', url: '/api/settings/public' });
    await put({ ...filled, company: { ...filled.company, name: 'Renamed Motors' } });
    const pub = await ctx.app.inject({ method: 'GET', url: '/api/settings/public' });
    expect(pub.json().company.name).toBe('Renamed Motors');
    // Browsers must not serve the old settings from their HTTP cache either.
    expect(pub.headers['cache-control']).toBe('no-cache');
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
      expect(url).toMatch(new RegExp(`^/uploads/media/${kind}-[\\w-]+\\.(png|jpg|ico)$`));
      const served = await ctx.app.inject({ method: 'GET', url });
      expect(served.statusCode).toBe(200);
      if (format !== 'ico') {
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
});
