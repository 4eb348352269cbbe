import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuctionList } from '@vm/shared/auction';
import type { PublicSettings, Settings } from '@vm/shared/settings';
import type { Vehicle, VehicleImagesResponse } from '@vm/shared/vehicle';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '../src/config.ts';
import { type FileStorage, LocalFileStorage } from '../src/features/images/local-storage.ts';
import { sweepStrayUploads } from '../src/features/images/stray-uploads.ts';
import { startS3, type TestS3 } from './s3-server.ts';
import { createTestContext, DIALECTS, type SignedIn, signInAs, tableCounts, type TestContext } from './test-app.ts';
import { jpegFixture, multipart, pngFixture, type UploadFile } from './upload-helpers.ts';
import { mustang } from './vehicle-fixtures.ts';

/*
 * Issue #19, object storage for media: with S3_BUCKET set, photos and site media go to the bucket
 * (a real S3-compatible server, s3rver) and are still served at /uploads/...; MEDIA_PUBLIC_URL
 * puts the answers' media addresses on its base (docs/decisions/126-object-storage.md).
 */
let s3: TestS3;
beforeAll(async () => {
  s3 = await startS3();
});
afterAll(async () => s3?.stop());

const jpeg = (data: Buffer, filename = 'photo.jpg'): UploadFile => ({
  field: 'images',
  filename,
  contentType: 'image/jpeg',
  data,
});

async function keysOf(storage: FileStorage, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const entry of storage.list(prefix)) keys.push(entry.key);
  return keys.sort();
}

function helpers(get: () => { ctx: TestContext; admin: SignedIn }) {
  return {
    newVehicle: async () => {
      const { ctx, admin } = get();
      return (
        await ctx.app.inject({ method: 'POST', url: '/api/vehicles', headers: admin.headers, payload: mustang })
      ).json<Vehicle>();
    },
    upload: (url: string, files: UploadFile[]) => {
      const { ctx, admin } = get();
      const body = multipart(files);
      return ctx.app.inject({
        method: 'POST',
        url,
        headers: { ...admin.headers, ...body.headers },
        payload: body.payload,
      });
    },
  };
}

describe.each(DIALECTS)('media in an S3 bucket on %s', (dialect) => {
  let ctx: TestContext;
  let admin: SignedIn;
  beforeAll(async () => {
    ctx = await createTestContext(dialect, s3.env);
    admin = await signInAs(ctx, 'Admin');
  });
  afterAll(async () => ctx?.close());
  const { newVehicle, upload } = helpers(() => ({ ctx, admin }));

  it('ISSUE-19-S3-SERVE a photo uploaded through the API is stored in the bucket and served from /uploads/ with its type, ETag and long caching', async () => {
    const v = await newVehicle();
    const res = await upload(`/api/vehicles/${v.id}/images`, [jpeg(await jpegFixture(900, 600))]);
    expect(res.statusCode).toBe(200);
    const [image] = res.json<VehicleImagesResponse>().images;
    expect(image?.url).toBe(`/uploads/vehicles/${v.id}/${image?.id}-1280.webp`);
    expect(await keysOf(ctx.app.storage, `vehicles/${v.id}/`)).toEqual(
      [320, 640, 1280].map((w) => `vehicles/${v.id}/${image?.id}-${w}.webp`).sort(),
    );

    const served = await ctx.app.inject({ method: 'GET', url: image?.url ?? '' });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Number(served.headers['content-length'])).toBe(served.rawPayload.length);
    expect(served.rawPayload.subarray(8, 12).toString()).toBe('WEBP');
    const etag = served.headers.etag as string;
    expect(etag).toMatch(/^"[^"]+"$/);

    const again = await ctx.app.inject({ method: 'GET', url: image?.url ?? '', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    const head = await ctx.app.inject({ method: 'HEAD', url: image?.url ?? '' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('image/webp');

    // Nothing on the local disk.
    expect(await keysOf(new LocalFileStorage(ctx.config.uploadsDir), '')).toEqual([]);
  });

  it('ISSUE-19-S3-NOT-FOUND a missing or malformed /uploads/ path is a 404 in the one error format', async () => {
    for (const url of ['/uploads/vehicles/none/none-320.webp', '/uploads/vehicles/%2e%2e/secret', '/uploads/']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ message: 'Route not found' });
    }
  });

  it('ISSUE-19-S3-DELETE deleting a photo removes its objects; deleting the vehicle removes all of them', async () => {
    const v = await newVehicle();
    const res = await upload(`/api/vehicles/${v.id}/images`, [
      jpeg(await jpegFixture(700, 500), 'a.jpg'),
      jpeg(await jpegFixture(600, 400), 'b.jpg'),
    ]);
    const [first, second] = res.json<VehicleImagesResponse>().images;
    expect(await keysOf(ctx.app.storage, `vehicles/${v.id}/`)).toHaveLength(6);
    const del = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/vehicles/${v.id}/images/${first?.id}`,
      headers: admin.headers,
    });
    expect(del.statusCode).toBe(200);
    expect(await keysOf(ctx.app.storage, `vehicles/${v.id}/`)).toEqual(
      [320, 640, 1280].map((w) => `vehicles/${v.id}/${second?.id}-${w}.webp`).sort(),
    );
    expect((await ctx.app.inject({ method: 'GET', url: first?.url ?? '' })).statusCode).toBe(404);

    const gone = await ctx.app.inject({ method: 'DELETE', url: `/api/vehicles/${v.id}`, headers: admin.headers });
    expect(gone.statusCode).toBe(200);
    expect(await keysOf(ctx.app.storage, `vehicles/${v.id}/`)).toEqual([]);
    expect((await ctx.app.inject({ method: 'GET', url: second?.url ?? '' })).statusCode).toBe(404);
  });

  it('ISSUE-19-S3-HALFWAY an upload with a file that fails to decode leaves no object and no row', async () => {
    const v = await newVehicle();
    const before = (await tableCounts(ctx.database)).vehicle_images;
    const cut = await jpegFixture(600, 400);
    const res = await upload(`/api/vehicles/${v.id}/images`, [
      jpeg(await jpegFixture(800, 600), 'good.jpg'),
      jpeg(cut.subarray(0, Math.floor(cut.length / 2)), 'cut.jpg'),
    ]);
    expect(res.statusCode).toBe(415);
    expect(await keysOf(ctx.app.storage, `vehicles/${v.id}/`)).toEqual([]);
    expect((await tableCounts(ctx.database)).vehicle_images).toBe(before);
  });

  it('ISSUE-19-S3-SITE-MEDIA site media go to the bucket, are served from /uploads/, and a replaced logo is removed', async () => {
    const first = await upload('/api/settings/media/logo', [
      { field: 'file', filename: 'logo.png', data: await pngFixture(64, 48) },
    ]);
    expect(first.statusCode).toBe(200);
    const { url } = first.json<{ url: string }>();
    const key = url.replace('/uploads/', '');
    expect(await ctx.app.storage.exists(key)).toBe(true);
    const served = await ctx.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');

    const current = (
      await ctx.app.inject({ method: 'GET', url: '/api/settings', headers: admin.headers })
    ).json<Settings>();
    const save = (logo: string) =>
      ctx.app.inject({
        method: 'PUT',
        url: '/api/settings',
        headers: admin.headers,
        payload: {
          ...current,
          company: { ...current.company, name: 'Coastal Classics' },
          media: { ...current.media, logo },
        },
      });
    expect((await save(url)).statusCode).toBe(200);
    const second = await upload('/api/settings/media/logo', [
      { field: 'file', filename: 'logo.png', data: await pngFixture(32, 32) },
    ]);
    expect((await save(second.json<{ url: string }>().url)).statusCode).toBe(200);
    expect(await ctx.app.storage.exists(key)).toBe(false);
  });
});

describe.each(DIALECTS)('the sweep of stray uploads in an S3 bucket on %s', (dialect) => {
  it('ISSUE-19-S3-SWEEP objects no row points at are removed through the storage; photos, media and fresh objects stay', async () => {
    // A bucket of its own: the sweep looks at every object in it.
    const own = await startS3('sweep');
    const ctx = await createTestContext(dialect, own.env);
    try {
      const admin = await signInAs(ctx, 'Admin');
      const { newVehicle, upload } = helpers(() => ({ ctx, admin }));
      const v = await newVehicle();
      const [image] = (
        await upload(`/api/vehicles/${v.id}/images`, [jpeg(await jpegFixture(400, 300))])
      ).json<VehicleImagesResponse>().images;
      const storage = ctx.app.storage;
      const gone = `deleted-${Date.now()}`;
      const strays = [
        `vehicles/${v.id}/crashed-320.webp`,
        `vehicles/${gone}/a-320.webp`,
        `vehicles/${gone}/a-640.webp`,
      ];
      const logo = `media/logo-sweep-${Date.now()}.png`;
      for (const key of [...strays, logo, `vehicles/${v.id}/notes.txt`]) await storage.write(key, Buffer.from('x'));
      const photos = [320, 640, 1280].map((w) => `vehicles/${v.id}/${image?.id}-${w}.webp`);

      // Within the grace period nothing goes: another instance may be about to commit its rows.
      expect(await sweepStrayUploads(ctx.database.db, storage)).toEqual({ images: 0, temporary: 0, folders: 0 });
      const later = Date.now() + 60 * 60_000;
      expect(await sweepStrayUploads(ctx.database.db, storage, { now: later })).toEqual({
        images: 3,
        temporary: 0,
        folders: 0,
      });
      for (const key of strays) expect(await storage.exists(key), key).toBe(false);
      for (const key of [...photos, logo, `vehicles/${v.id}/notes.txt`])
        expect(await storage.exists(key), key).toBe(true);
    } finally {
      await ctx.close();
      await own.stop();
    }
  });
});

describe('S3 settings at start', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'vm-s3-config-'));
  const load = (env: Record<string, string>) => () => loadConfig({ DATA_DIR: dataDir, ...env });

  it('ISSUE-19-S3-CONFIG S3 settings are read and checked; a bad or lone one stops the start with its message', () => {
    expect(load({ ...s3.env, MEDIA_PUBLIC_URL: 'https://cdn.example.com/m/' })()).toMatchObject({
      s3: {
        bucket: 'media',
        endpoint: s3.endpoint,
        region: 'us-east-1',
        accessKeyId: 'S3RVER',
        secretAccessKey: 'S3RVER',
        forcePathStyle: true,
      },
      mediaPublicUrl: 'https://cdn.example.com/m',
    });
    expect(load({ S3_BUCKET: 'media' })()).toMatchObject({
      s3: { bucket: 'media', endpoint: undefined, region: 'us-east-1', forcePathStyle: false },
    });
    const refused: [Record<string, string>, string][] = [
      [{ S3_BUCKET: 'Not A Bucket' }, 'S3_BUCKET must be a bucket name'],
      [{ S3_BUCKET: 'media', S3_ENDPOINT: 'minio:9000' }, 'S3_ENDPOINT must be an http:// or https:// address'],
      [{ S3_BUCKET: 'media', S3_FORCE_PATH_STYLE: 'yes' }, 'S3_FORCE_PATH_STYLE must be true or false'],
      [{ S3_ENDPOINT: 'http://127.0.0.1:9000' }, 'S3_ENDPOINT is set but S3_BUCKET is not'],
      [{ S3_BUCKET: 'media', S3_ACCESS_KEY_ID: 'key' }, 'give both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY'],
      [{ MEDIA_PUBLIC_URL: 'cdn.example.com' }, 'MEDIA_PUBLIC_URL must be an http:// or https:// address'],
    ];
    for (const [env, message] of refused) expect(load(env), JSON.stringify(env)).toThrow(message);
  });
});

describe.each(DIALECTS)('MEDIA_PUBLIC_URL on %s', (dialect) => {
  const BASE = 'https://cdn.example.com/media';
  let ctx: TestContext;
  let admin: SignedIn;
  beforeAll(async () => {
    ctx = await createTestContext(dialect, { ...s3.env, MEDIA_PUBLIC_URL: `${BASE}/` });
    admin = await signInAs(ctx, 'Admin');
  });
  afterAll(async () => ctx?.close());
  const { newVehicle, upload } = helpers(() => ({ ctx, admin }));

  it('ISSUE-19-MEDIA-PUBLIC-URL vehicle images and the public settings media are on the base; /uploads/ still serves them', async () => {
    const v = await newVehicle();
    const res = await upload(`/api/vehicles/${v.id}/images`, [jpeg(await jpegFixture(900, 600))]);
    expect(res.statusCode).toBe(200);
    const [image] = res.json<VehicleImagesResponse>().images;
    expect(image?.url).toBe(`${BASE}/vehicles/${v.id}/${image?.id}-1280.webp`);
    expect(image?.srcSet).toContain(`${BASE}/vehicles/${v.id}/${image?.id}-320.webp 320w`);
    expect(image?.srcSet).not.toContain('/uploads/');

    const edit = (
      await ctx.app.inject({ method: 'GET', url: `/api/vehicles/${v.id}/edit`, headers: admin.headers })
    ).json<Vehicle>();
    expect(edit.images[0]?.url).toBe(image?.url);
    // The default image is chosen by the url the answer gave.
    const chosen = await ctx.app.inject({
      method: 'PUT',
      url: `/api/vehicles/${v.id}/default-image`,
      headers: admin.headers,
      payload: { defaultImage: image?.url },
    });
    expect(chosen.json()).toEqual({ defaultImage: image?.url, defaultImageIndex: 0 });

    const logo = await upload('/api/settings/media/logo', [
      { field: 'file', filename: 'logo.png', data: await pngFixture(64, 48) },
    ]);
    const { url } = logo.json<{ url: string }>();
    // The admin's form keeps the stored path, which a save checks.
    expect(url).toMatch(/^\/uploads\/media\/logo-/);
    const current = (
      await ctx.app.inject({ method: 'GET', url: '/api/settings', headers: admin.headers })
    ).json<Settings>();
    const saved = await ctx.app.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: admin.headers,
      payload: {
        ...current,
        company: { ...current.company, name: 'Coastal Classics' },
        media: { ...current.media, logo: url },
      },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json<Settings>().media.logo).toBe(url);
    const pub = (await ctx.app.inject({ method: 'GET', url: '/api/settings/public' })).json<PublicSettings>();
    expect(pub.media.logo).toBe(`${BASE}/${url.replace('/uploads/', '')}`);

    // Browsers go to the base, but the app still answers the stable address.
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/uploads/vehicles/${v.id}/${image?.id}-320.webp` })).statusCode,
    ).toBe(200);

    // Lists whose photos the web app shows as they come: the admin's vehicle table and the auction cards.
    const adminList = (
      await ctx.app.inject({ method: 'GET', url: '/api/vehicles?limit=100', headers: admin.headers })
    ).json<{ vehicles: { id: string; image: { srcSet: string } | null }[] }>();
    expect(adminList.vehicles.find((row) => row.id === v.id)?.image?.srcSet).toContain(
      `${BASE}/vehicles/${v.id}/${image?.id}-320.webp 320w`,
    );
    const scheduled = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/auctions',
      headers: admin.headers,
      payload: { vehicleId: v.id, startingBid: 10_000, endsAt: new Date(Date.now() + 86_400_000).toISOString() },
    });
    expect(scheduled.statusCode, scheduled.body).toBe(201);
    const cards = (await ctx.app.inject({ method: 'GET', url: '/api/auctions' })).json<AuctionList>();
    const card = cards.auctions.find((c) => c.vehicle.id === v.id);
    expect(card?.vehicle.image?.url).toBe(image?.url);
    expect(card?.vehicle.image?.srcSet).toBe(image?.srcSet);
  });
});

describe('without S3_BUCKET and MEDIA_PUBLIC_URL', () => {
  it('ISSUE-19-LOCAL-DEFAULT media stay on disk and answers use /uploads/', async () => {
    const ctx = await createTestContext('sqlite');
    try {
      expect(ctx.config.s3).toBeUndefined();
      expect(ctx.config.mediaPublicUrl).toBeUndefined();
      const admin = await signInAs(ctx, 'Admin');
      const { newVehicle, upload } = helpers(() => ({ ctx, admin }));
      const v = await newVehicle();
      const [image] = (
        await upload(`/api/vehicles/${v.id}/images`, [jpeg(await jpegFixture(400, 300))])
      ).json<VehicleImagesResponse>().images;
      expect(image?.url).toBe(`/uploads/vehicles/${v.id}/${image?.id}-1280.webp`);
      expect((await ctx.app.inject({ method: 'GET', url: image?.url ?? '' })).statusCode).toBe(200);
    } finally {
      await ctx.close();
    }
  });
});
