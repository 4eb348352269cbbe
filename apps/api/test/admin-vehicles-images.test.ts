import { readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_IMAGE_BYTES, MAX_IMAGES_PER_REQUEST } from '@vm/shared/constants';
import { MSG } from '@vm/shared/messages';
import type { Vehicle, VehicleImagesResponse } from '@vm/shared/vehicle';
import { mustang } from './vehicle-fixtures.ts';
import { createTestContext, DIALECTS, type SignedIn, signInAs, tableCounts, type TestContext } from './test-app.ts';
import {
  jpegFixture,
  multipart,
  pixelBombPng,
  pngFixture,
  SVG_WITH_SCRIPT,
  type UploadFile,
} from './upload-helpers.ts';

describe.each(DIALECTS)('admin vehicle images on %s', (dialect) => {
  let ctx: TestContext;
  let admin: SignedIn;
  let photo: Buffer;
  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    admin = await signInAs(ctx, 'Admin');
    photo = await jpegFixture(1600, 1200, true);
  });
  afterAll(async () => ctx.close());

  const newVehicle = async () =>
    (
      await ctx.app.inject({ method: 'POST', url: '/api/vehicles', headers: admin.headers, payload: mustang })
    ).json<Vehicle>();
  const upload = (vehicleId: string, files: UploadFile[]) => {
    const body = multipart(files);
    return ctx.app.inject({
      method: 'POST',
      url: `/api/vehicles/${vehicleId}/images`,
      headers: { ...admin.headers, ...body.headers },
      payload: body.payload,
    });
  };
  const jpeg = (data: Buffer, name = 'photo.jpg'): UploadFile => ({
    field: 'images',
    filename: name,
    contentType: 'image/jpeg',
    data,
  });
  const filesOf = (vehicleId: string) => {
    try {
      return readdirSync(path.join(ctx.config.uploadsDir, 'vehicles', vehicleId)).sort();
    } catch {
      return [];
    }
  };
  const edit = async (id: string) =>
    (await ctx.app.inject({ method: 'GET', url: `/api/vehicles/${id}/edit`, headers: admin.headers })).json<Vehicle>();

  it('API-24 ADMIN-VEH-45: uploads photos as WebP at 320/640/1280, metadata stripped, first one the default', async () => {
    const v = await newVehicle();
    const res = await upload(v.id, [jpeg(photo, 'a.jpg'), jpeg(await jpegFixture(800, 600), 'b.jpg')]);
    expect(res.statusCode).toBe(200);
    const body = res.json<VehicleImagesResponse>();
    expect(body.images).toHaveLength(2);
    const [first, second] = body.images;
    expect(first?.url).toBe(`/uploads/vehicles/${v.id}/${first?.id}-1280.webp`);
    expect(first).toMatchObject({ width: 1280, height: 960 });
    expect(second).toMatchObject({ width: 800, height: 600 });
    expect(first?.srcSet).toContain('320w');
    expect(body).toMatchObject({ defaultImage: first?.url, defaultImageIndex: 0 });
    expect(filesOf(v.id)).toHaveLength(6);

    const stored = await ctx.app.inject({ method: 'GET', url: first?.url ?? '' });
    expect(stored.statusCode).toBe(200);
    const meta = await sharp(stored.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.width).toBe(1280);
    expect(meta.exif).toBeUndefined();
    expect(stored.rawPayload.includes(Buffer.from('TestPhone'))).toBe(false);

    // A second upload goes after the existing photos and keeps the default.
    const more = (await upload(v.id, [jpeg(await jpegFixture(400, 300))])).json<VehicleImagesResponse>();
    expect(more.images.map((i) => i.id).slice(0, 2)).toEqual([first?.id, second?.id]);
    expect(more.images).toHaveLength(3);
    expect(more.defaultImageIndex).toBe(0);
  });

  it('ADMIN-VEH-49 API-25: the default image is chosen by index, id or url', async () => {
    const v = await newVehicle();
    const imgs = (
      await upload(v.id, [
        jpeg(await jpegFixture(300, 200)),
        jpeg(await jpegFixture(300, 200)),
        jpeg(await jpegFixture(300, 200)),
      ])
    ).json<VehicleImagesResponse>().images;
    const setDefault = (defaultImage: unknown) =>
      ctx.app.inject({
        method: 'PUT',
        url: `/api/vehicles/${v.id}/default-image`,
        headers: admin.headers,
        payload: { defaultImage },
      });
    const byIndex = await setDefault(1);
    expect(byIndex.statusCode).toBe(200);
    expect(byIndex.json()).toEqual({ defaultImage: imgs[1]?.url, defaultImageIndex: 1 });
    expect((await edit(v.id)).defaultImageIndex).toBe(1);
    expect((await setDefault(imgs[2]?.id)).json().defaultImageIndex).toBe(2);
    expect((await setDefault(imgs[0]?.url)).json().defaultImageIndex).toBe(0);
    const out = await setDefault(7);
    expect(out.statusCode).toBe(400);
    expect((await setDefault(-1)).statusCode).toBe(400);
    expect((await edit(v.id)).defaultImageIndex).toBe(0);
  });

  it('ADMIN-VEH-50..53 API-26: deleting an image removes its row and files; a deleted default falls to the first', async () => {
    const v = await newVehicle();
    const imgs = (
      await upload(v.id, [
        jpeg(await jpegFixture(300, 200)),
        jpeg(await jpegFixture(300, 200)),
        jpeg(await jpegFixture(300, 200)),
      ])
    ).json<VehicleImagesResponse>().images;
    const del = (imageId: string) =>
      ctx.app.inject({ method: 'DELETE', url: `/api/vehicles/${v.id}/images/${imageId}`, headers: admin.headers });
    await ctx.app.inject({
      method: 'PUT',
      url: `/api/vehicles/${v.id}/default-image`,
      headers: admin.headers,
      payload: { defaultImage: 2 },
    });
    // Deleting one before the default shifts its index down by one.
    const first = await del(imgs[0]?.id ?? '');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ defaultImage: imgs[2]?.url, defaultImageIndex: 1 });
    expect(filesOf(v.id).some((f) => f.startsWith(imgs[0]?.id ?? '-'))).toBe(false);
    // Deleting the default makes the first remaining image the default.
    const second = await del(imgs[2]?.id ?? '');
    expect(second.json()).toMatchObject({ defaultImage: imgs[1]?.url, defaultImageIndex: 0 });
    expect(filesOf(v.id)).toHaveLength(3);
    expect((await del('not-an-image')).statusCode).toBe(404);
    const last = await del(imgs[1]?.id ?? '');
    expect(last.json()).toEqual({ images: [], defaultImage: null, defaultImageIndex: 0 });
    expect(filesOf(v.id)).toHaveLength(0);
  });

  it('ADMIN-VEH-31: images are reordered with every id once; anything else is refused', async () => {
    const v = await newVehicle();
    const ids = (await upload(v.id, [jpeg(await jpegFixture(300, 200)), jpeg(await jpegFixture(300, 200))]))
      .json<VehicleImagesResponse>()
      .images.map((i) => i.id);
    const order = (imageIds: unknown) =>
      ctx.app.inject({
        method: 'PUT',
        url: `/api/vehicles/${v.id}/images/order`,
        headers: admin.headers,
        payload: { imageIds },
      });
    const res = await order([...ids].reverse());
    expect(res.statusCode).toBe(200);
    expect(res.json<VehicleImagesResponse>().images.map((i) => i.id)).toEqual([...ids].reverse());
    // The default stays the same photo, now at index 1.
    expect(res.json<VehicleImagesResponse>().defaultImageIndex).toBe(1);
    expect((await order([ids[0]])).statusCode).toBe(400);
    expect((await order([ids[0], ids[0]])).statusCode).toBe(400);
    expect((await order([ids[0], 'stranger'])).statusCode).toBe(400);
  });

  it('VALID-30: bad uploads are refused with nothing stored and the vehicle keeping its images', async () => {
    const v = await newVehicle();
    const kept = (await upload(v.id, [jpeg(await jpegFixture(300, 200))])).json<VehicleImagesResponse>();
    const before = await tableCounts(ctx.database);
    const filesBefore = filesOf(v.id);
    const good = jpeg(await jpegFixture(300, 200), 'good.jpg');
    const truncatedSource = await jpegFixture(600, 400);
    const bad: [string, UploadFile[], number, string][] = [
      [
        'text renamed .jpg',
        [good, jpeg(Buffer.from('just some text, not a photo\n'.repeat(20)), 'notes.jpg')],
        415,
        MSG.notAnImage,
      ],
      [
        'SVG with a script',
        [good, { field: 'images', filename: 'x.svg', contentType: 'image/svg+xml', data: SVG_WITH_SCRIPT }],
        415,
        MSG.notAnImage,
      ],
      [
        '20,000 x 20,000 PNG',
        [good, { field: 'images', filename: 'bomb.png', contentType: 'image/png', data: await pixelBombPng() }],
        413,
        MSG.imageTooManyPixels,
      ],
      [
        'truncated JPEG',
        [good, jpeg(truncatedSource.subarray(0, Math.floor(truncatedSource.length / 2)), 'cut.jpg')],
        415,
        MSG.imageUnreadable,
      ],
      ['zero-byte file', [good, jpeg(Buffer.alloc(0), 'empty.jpg')], 415, MSG.notAnImage],
      ['31 files', Array.from({ length: MAX_IMAGES_PER_REQUEST + 1 }, () => good), 413, MSG.tooManyImages],
      [
        'a file over 15 MB',
        [good, jpeg(Buffer.concat([good.data, Buffer.alloc(MAX_IMAGE_BYTES)]), 'huge.jpg')],
        413,
        MSG.imageTooLarge,
      ],
      ['no file at all', [], 400, MSG.noFile],
    ];
    for (const [name, files, status, message] of bad) {
      const res = await upload(v.id, files);
      expect(res.statusCode, name).toBe(status);
      expect(res.json().message, name).toBe(message);
      expect(await tableCounts(ctx.database), name).toEqual(before);
      expect(filesOf(v.id), name).toEqual(filesBefore);
    }
    expect(await edit(v.id)).toMatchObject({ images: kept.images, defaultImage: kept.defaultImage });
  });

  it('VALID-30: a vehicle never holds more than 40 images', async () => {
    const v = await newVehicle();
    const small = jpeg(await jpegFixture(64, 48));
    expect(
      (
        await upload(
          v.id,
          Array.from({ length: 30 }, () => small),
        )
      ).statusCode,
    ).toBe(200);
    const res = await upload(
      v.id,
      Array.from({ length: 11 }, () => small),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MSG.tooManyImages);
    expect((await edit(v.id)).images).toHaveLength(30);
  });

  it('API-24: uploading to a missing vehicle is 404, and PNG, WebP and GIF photos are accepted', async () => {
    const missing = await upload('no-such-vehicle', [jpeg(photo)]);
    expect(missing.statusCode).toBe(404);
    const v = await newVehicle();
    const png = await pngFixture(200, 100);
    const webp = await sharp(png).webp().toBuffer();
    const gif = await sharp(png).gif().toBuffer();
    const res = await upload(v.id, [
      { field: 'images', filename: 'a.png', data: png },
      { field: 'images', filename: 'b.webp', data: webp },
      { field: 'images', filename: 'c.gif', data: gif },
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json<VehicleImagesResponse>().images).toHaveLength(3);
  });
});
