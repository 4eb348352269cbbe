import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_IMAGE_BYTES, MAX_IMAGES_PER_REQUEST } from '@vm/shared/constants';
import { MSG } from '@vm/shared/messages';
import { listFiles, tableChecksums } from './fixtures/security-checksum.ts';
import {
  type FilePart,
  jpegThenZip,
  multipart,
  pngBomb,
  SVG_WITH_SCRIPT,
  smallJpeg,
  smallPng,
  tinyZip,
  zipThenJpeg,
} from './fixtures/security-multipart.ts';
import { createWorld, type World } from './fixtures/security-world.ts';
import { createTestContext, DIALECTS, type TestContext } from './test-app.ts';

const jpegPart = (data: Buffer, filename = 'car.jpg'): FilePart => ({
  field: 'images',
  filename,
  contentType: 'image/jpeg',
  data,
});

describe.each(DIALECTS)('upload attacks on %s', (dialect) => {
  let ctx: TestContext;
  let world: World;
  let vehicleId: string;

  beforeAll(async () => {
    ctx = await createTestContext(dialect, { RATE_LIMIT: 'off' });
    world = await createWorld(ctx);
    vehicleId = (await world.createVehicle('Upload Target')).id;
  });
  afterAll(async () => ctx?.close());

  const send = (url: string, files: FilePart[]) => {
    const form = multipart(files);
    return world.inject('admin', { method: 'POST', url, payload: form.payload, headers: form.headers });
  };

  /** Sends the upload and proves it was refused with this status and message, leaving no row and no file. */
  async function expectRefused(url: string, files: FilePart[], status: number, message: string) {
    const rows = await tableChecksums(ctx.database);
    const files0 = listFiles(ctx.config.uploadsDir);
    const res = await send(url, files);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json()).toMatchObject({ message });
    expect(await tableChecksums(ctx.database)).toEqual(rows);
    expect(listFiles(ctx.config.uploadsDir)).toEqual(files0);
  }

  const vehicleUrl = () => `/api/vehicles/${vehicleId}/images`;
  const mediaUrl = (kind = 'logo') => `/api/settings/media/${kind}`;
  const mediaPart = (data: Buffer, filename: string, contentType: string): FilePart => ({
    field: 'file',
    filename,
    contentType,
    data,
  });

  describe('vehicle images (POST /api/vehicles/:id/images)', () => {
    it('API-24 refuses a ZIP/JPEG polyglot that starts as an archive (415)', async () => {
      await expectRefused(vehicleUrl(), [jpegPart(await zipThenJpeg(), 'car.jpg')], 415, MSG.notAnImage);
    });

    it('API-24 refuses a GIF/JavaScript polyglot: a GIF header over script text that does not decode (415)', async () => {
      const gifJs = Buffer.from('GIF89a/*\x00\x00\x00\x00*/=1;alert(document.domain);//');
      await expectRefused(vehicleUrl(), [jpegPart(gifJs, 'x.gif')], 415, MSG.imageUnreadable);
    });

    it('API-24 refuses a PNG decompression bomb by its header before decoding it (413)', async () => {
      const bomb = pngBomb();
      expect(bomb.length).toBeLessThan(1024 * 1024);
      await expectRefused(vehicleUrl(), [jpegPart(bomb, 'bomb.png')], 413, MSG.imageTooManyPixels);
    });

    it('API-24 refuses an SVG carrying a script, whatever its declared type (415)', async () => {
      await expectRefused(
        vehicleUrl(),
        [{ field: 'images', filename: 'x.svg', contentType: 'image/svg+xml', data: SVG_WITH_SCRIPT }],
        415,
        MSG.notAnImage,
      );
      await expectRefused(vehicleUrl(), [jpegPart(SVG_WITH_SCRIPT, 'x.jpg')], 415, MSG.notAnImage);
    });

    it('API-24 refuses a zero-byte file (415)', async () => {
      await expectRefused(vehicleUrl(), [jpegPart(Buffer.alloc(0), 'empty.jpg')], 415, MSG.notAnImage);
    });

    it('API-24 refuses a text file declared image/jpeg, and HTML declared image/png (415)', async () => {
      await expectRefused(
        vehicleUrl(),
        [jpegPart(Buffer.from('just some text, not a photo'), 'a.jpg')],
        415,
        MSG.notAnImage,
      );
      await expectRefused(
        vehicleUrl(),
        [
          {
            field: 'images',
            filename: 'a.png',
            contentType: 'image/png',
            data: Buffer.from('<html><script>1</script>'),
          },
        ],
        415,
        MSG.notAnImage,
      );
    });

    it('API-24 refuses a truncated JPEG whose header is fine but whose data is not (415)', async () => {
      const jpeg = await smallJpeg(200);
      await expectRefused(vehicleUrl(), [jpegPart(jpeg.subarray(0, 400), 'cut.jpg')], 415, MSG.imageUnreadable);
    });

    it(`API-24 refuses ${MAX_IMAGES_PER_REQUEST + 1} images in one request (413) and stores none of them`, async () => {
      const jpeg = await smallJpeg(16);
      const parts = Array.from({ length: MAX_IMAGES_PER_REQUEST + 1 }, (_, i) => jpegPart(jpeg, `car-${i}.jpg`));
      await expectRefused(vehicleUrl(), parts, 413, MSG.tooManyImages);
    });

    it('API-24 refuses a file over the size limit (413)', async () => {
      const big = Buffer.concat([await smallJpeg(), randomBytes(MAX_IMAGE_BYTES + 1024)]);
      await expectRefused(vehicleUrl(), [jpegPart(big, 'huge.jpg')], 413, MSG.imageTooLarge);
    });

    it('API-24 refuses the whole batch when one file of several is bad: the good ones are not kept', async () => {
      const good = await smallJpeg();
      await expectRefused(
        vehicleUrl(),
        [jpegPart(good, 'a.jpg'), jpegPart(good, 'b.jpg'), jpegPart(Buffer.from('not an image'), 'c.jpg')],
        415,
        MSG.notAnImage,
      );
    });

    it('API-24 refuses a request without a file, and JSON instead of multipart, with a message', async () => {
      await expectRefused(vehicleUrl(), [], 400, MSG.noFile);
      const before = await tableChecksums(ctx.database);
      const json = await world.inject('admin', { method: 'POST', url: vehicleUrl(), payload: { images: ['x'] } });
      expect(json.statusCode).toBeGreaterThanOrEqual(400);
      expect(json.statusCode).toBeLessThan(500);
      expect(json.json().message).toEqual(expect.any(String));
      expect(await tableChecksums(ctx.database)).toEqual(before);
    });

    it('API-24 a JPEG with a ZIP appended is stored only as re-encoded WebP: the archive and its script are gone', async () => {
      const res = await send(vehicleUrl(), [jpegPart(await jpegThenZip(), 'polyglot.jpg')]);
      expect(res.statusCode, res.body).toBe(200);
      const zipMarker = tinyZip().subarray(0, 4);
      const stored = listFiles(ctx.config.uploadsDir).filter((f) => f.includes(vehicleId));
      expect(stored.length).toBeGreaterThan(0);
      for (const file of stored) {
        expect(file).toMatch(/\.webp$/);
        const bytes = readFileSync(path.join(ctx.config.uploadsDir, file));
        expect(bytes.subarray(8, 12).toString('ascii')).toBe('WEBP');
        expect(bytes.includes(zipMarker)).toBe(false);
        expect(bytes.includes(Buffer.from('<script>'))).toBe(false);
      }
    });

    it('API-24 ignores a path-traversal filename: files land under generated names inside the uploads folder', async () => {
      const before = new Set(listFiles(ctx.config.uploadsDir));
      const res = await send(vehicleUrl(), [jpegPart(await smallJpeg(), '../../../../../tmp/evil.jpg')]);
      expect(res.statusCode, res.body).toBe(200);
      const added = listFiles(ctx.config.uploadsDir).filter((f) => !before.has(f));
      expect(added.length).toBeGreaterThan(0);
      for (const f of added) {
        expect(f).not.toContain('..');
        expect(f).not.toContain('evil');
      }
    });
  });

  describe('site media (POST /api/settings/media/:kind)', () => {
    it('API-11 refuses an SVG with a script (SVG is never accepted) (415)', async () => {
      await expectRefused(
        mediaUrl(),
        [mediaPart(SVG_WITH_SCRIPT, 'logo.svg', 'image/svg+xml')],
        415,
        MSG.notAMediaImage,
      );
    });

    it('API-11 refuses a ZIP/JPEG polyglot, a zero-byte file and a text file declared as an image (415)', async () => {
      await expectRefused(
        mediaUrl(),
        [mediaPart(await zipThenJpeg(), 'logo.jpg', 'image/jpeg')],
        415,
        MSG.notAMediaImage,
      );
      await expectRefused(mediaUrl(), [mediaPart(Buffer.alloc(0), 'logo.png', 'image/png')], 415, MSG.notAMediaImage);
      await expectRefused(
        mediaUrl(),
        [mediaPart(Buffer.from('hello'), 'logo.png', 'image/png')],
        415,
        MSG.notAMediaImage,
      );
    });

    it('API-11 refuses a PNG decompression bomb (413)', async () => {
      await expectRefused(
        mediaUrl('heroImage'),
        [mediaPart(pngBomb(), 'hero.png', 'image/png')],
        413,
        MSG.imageTooManyPixels,
      );
    });

    it('API-11 refuses two files in one request, and an unknown kind (400)', async () => {
      const png = await smallPng();
      await expectRefused(
        mediaUrl(),
        [mediaPart(png, 'a.png', 'image/png'), mediaPart(png, 'b.png', 'image/png')],
        400,
        'Upload one file at a time',
      );
      await expectRefused(mediaUrl('..%2F..%2Fetc'), [mediaPart(png, 'a.png', 'image/png')], 400, 'Unknown media kind');
    });

    it('API-11 refuses an ICO/HTML polyglot: an icon header whose only entry holds an HTML page (415)', async () => {
      // A 6-byte ICONDIR and one 16-byte entry (16×16, 32 bpp, 64 bytes at offset 22) pointing at HTML.
      const header = Buffer.from([0, 0, 1, 0, 1, 0, 16, 16, 0, 0, 1, 0, 32, 0, 64, 0, 0, 0, 22, 0, 0, 0]);
      const html = Buffer.from('<html><script>alert(document.cookie)</script></html>'.padEnd(64, ' '));
      await expectRefused(
        mediaUrl('favicon'),
        [mediaPart(Buffer.concat([header, html]), 'favicon.ico', 'image/x-icon')],
        415,
        MSG.imageUnreadable,
      );
    });

    it('API-11 a JPEG with an archive appended is re-encoded: the stored logo holds no trailing payload', async () => {
      const res = await send(mediaUrl(), [mediaPart(await jpegThenZip(), 'logo.jpg', 'image/jpeg')]);
      expect(res.statusCode, res.body).toBe(200);
      const url = res.json<{ url: string }>().url;
      expect(url).toMatch(/^\/uploads\/media\/logo-[\w-]+\.jpg$/);
      const bytes = readFileSync(path.join(ctx.config.uploadsDir, url.replace('/uploads/', '')));
      expect(bytes.includes(tinyZip().subarray(0, 4))).toBe(false);
      expect(bytes.includes(Buffer.from('<script>'))).toBe(false);
      // Served as what it is, and never sniffed into something else.
      const served = await ctx.app.inject({ method: 'GET', url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/jpeg');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
    });
  });
});
