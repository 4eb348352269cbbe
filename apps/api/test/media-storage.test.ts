import { execFile } from 'node:child_process';
import { mkdtempSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FileStorage, LocalFileStorage } from '../src/features/images/local-storage.ts';
import { migrateMedia } from '../src/features/images/migrate-media.ts';
import { MEDIA_CACHE_CONTROL, S3FileStorage } from '../src/features/images/s3-storage.ts';
import { pngFixture } from './upload-helpers.ts';
import { startS3, type TestS3 } from './s3-server.ts';

/*
 * Issue #19, object storage for media: one contract, FileStorage, over both implementations: the
 * local folder and an S3-compatible bucket (a real server, s3rver, not a mock of the SDK).
 */
let s3: TestS3;
beforeAll(async () => {
  s3 = await startS3();
});
afterAll(async () => s3?.stop());

/** Pages of two keys, so every list and folder removal goes through S3's continuation tokens. */
const s3Options = () => ({
  bucket: s3.bucket,
  endpoint: s3.endpoint,
  region: 'us-east-1',
  accessKeyId: 'S3RVER',
  secretAccessKey: 'S3RVER',
  forcePathStyle: true,
});
const s3Storage = () => new S3FileStorage(s3Options(), { pageSize: 2 });
const localStorage = () => new LocalFileStorage(mkdtempSync(path.join(tmpdir(), 'vm-local-media-')));

async function readAll(storage: FileStorage, key: string): Promise<Buffer | undefined> {
  const file = await storage.read(key);
  if (!file) return undefined;
  const chunks: Buffer[] = [];
  for await (const chunk of file.body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function keysOf(storage: FileStorage, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const entry of storage.list(prefix)) keys.push(entry.key);
  return keys.sort();
}

const IMPLEMENTATIONS: [string, () => FileStorage][] = [
  ['local folder', localStorage],
  ['S3 bucket', s3Storage],
];

describe.each(IMPLEMENTATIONS)('media storage contract: %s', (_name, make) => {
  let storage: FileStorage;
  let run = 0;
  let prefix: string;
  beforeAll(() => {
    storage = make();
  });
  const key = (rest: string) => `${prefix}/${rest}`;
  const next = () => {
    run += 1;
    prefix = `vehicles/contract-${Date.now()}-${run}`;
  };

  it('ISSUE-19-STORAGE-WRITE-READ a written file reads back as a stream with its content type, length and ETag', async () => {
    next();
    const data = await pngFixture(20, 10);
    await storage.write(key('a-320.webp'), Buffer.from('webp bytes'));
    await storage.write(key('logo.png'), data);
    const file = await storage.read(key('logo.png'));
    expect(file).toMatchObject({ contentType: 'image/png', contentLength: data.length });
    expect(file?.etag).toMatch(/^"[^"]+"$/);
    expect(file?.lastModified).toBeInstanceOf(Date);
    file?.body.destroy();
    expect(await readAll(storage, key('logo.png'))).toEqual(data);
    expect((await storage.read(key('a-320.webp')))?.contentType).toBe('image/webp');
    expect(await storage.exists(key('logo.png'))).toBe(true);
    // A rewrite under the same key gives another ETag.
    const before = (await storage.read(key('a-320.webp')))?.etag;
    await new Promise((r) => setTimeout(r, 5));
    await storage.write(key('a-320.webp'), Buffer.from('other webp bytes'));
    expect((await storage.read(key('a-320.webp')))?.etag).not.toBe(before);
  });

  it('ISSUE-19-STORAGE-MISSING a key with no file reads as undefined and does not exist; removing it is no error', async () => {
    next();
    expect(await storage.read(key('nothing.webp'))).toBeUndefined();
    expect(await storage.exists(key('nothing.webp'))).toBe(false);
    await expect(storage.remove(key('nothing.webp'))).resolves.toBeUndefined();
    await expect(storage.removeFolder(key('none'))).resolves.toBeUndefined();
  });

  it('ISSUE-19-STORAGE-REMOVE remove takes one file, removeFolder every file under a folder and nothing beside it', async () => {
    next();
    for (const name of ['x-320.webp', 'x-640.webp', 'y-320.webp']) await storage.write(key(name), Buffer.from(name));
    await storage.write(`${prefix}-other/z-320.webp`, Buffer.from('z'));
    await storage.remove(key('x-320.webp'));
    expect(await keysOf(storage, `${prefix}/`)).toEqual([key('x-640.webp'), key('y-320.webp')]);
    await storage.removeFolder(prefix);
    expect(await keysOf(storage, `${prefix}/`)).toEqual([]);
    expect(await keysOf(storage, `${prefix}-other/`)).toEqual([`${prefix}-other/z-320.webp`]);
  });

  it('ISSUE-19-STORAGE-LIST list gives every file under a prefix with its time, for the sweep of stray uploads', async () => {
    next();
    const names = ['a-320.webp', 'b/c-320.webp', 'd-320.webp', 'e-320.webp', 'f-320.webp'];
    for (const name of names) await storage.write(key(name), Buffer.from(name));
    const entries: { key: string; lastModified: Date }[] = [];
    for await (const entry of storage.list(`${prefix}/`)) entries.push(entry);
    expect(entries.map((e) => e.key).sort()).toEqual(names.map(key).sort());
    for (const entry of entries) expect(Math.abs(entry.lastModified.getTime() - Date.now())).toBeLessThan(60_000);
    expect(await keysOf(storage, 'media/nothing-here')).toEqual([]);
  });
});

describe('S3 bucket reachability', () => {
  it('ISSUE-19-S3-REACHABLE checkReachable (for GET /api/ready) passes for the bucket and fails for a missing one or a stopped server', async () => {
    await expect(s3Storage().checkReachable()).resolves.toBeUndefined();
    const missing = new S3FileStorage({ ...s3Options(), bucket: 'no-such-bucket' });
    await expect(missing.checkReachable()).rejects.toThrow();
    const other = await startS3('gone');
    const stopped = new S3FileStorage({ ...s3Options(), endpoint: other.endpoint, bucket: 'gone' });
    await expect(stopped.checkReachable()).resolves.toBeUndefined();
    await other.stop();
    await expect(stopped.checkReachable()).rejects.toThrow();
  });
});

describe('npm run media:migrate', () => {
  it('ISSUE-19-MEDIA-MIGRATE copies a local media folder into the bucket under the same keys, and a second run copies nothing', async () => {
    const local = localStorage();
    const bucket = s3Storage();
    const run = `migrate-${Date.now()}`;
    const files = {
      [`vehicles/${run}/p-320.webp`]: Buffer.from('p320'),
      [`vehicles/${run}/p-1280.webp`]: Buffer.from('p1280'),
      [`media/logo-${run}.png`]: await pngFixture(8, 8),
    };
    for (const [k, data] of Object.entries(files)) await local.write(k, data);
    // An unfinished write on disk is not media.
    await local.write(`media/${run}.png.1.2.tmp`, Buffer.from('half'));
    const tmp = path.join(local.root, 'media', `${run}.png.1.2.tmp`);
    utimesSync(tmp, new Date(), new Date());

    const first = await migrateMedia(local, bucket);
    expect(first).toEqual({ copied: 3, skipped: 0 });
    for (const [k, data] of Object.entries(files)) expect(await readAll(bucket, k)).toEqual(data);
    expect((await bucket.read(`media/logo-${run}.png`))?.contentType).toBe('image/png');
    expect(await bucket.exists(`media/${run}.png.1.2.tmp`)).toBe(false);

    await local.write(`vehicles/${run}/q-320.webp`, Buffer.from('q'));
    const second = await migrateMedia(local, bucket);
    expect(second).toEqual({ copied: 1, skipped: 3 });
  });

  it('ISSUE-19-MEDIA-MIGRATE-CLI npm run media:migrate copies DATA_DIR/uploads into S3_BUCKET, and says what it did on a second run', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'vm-migrate-'));
    const uploads = new LocalFileStorage(path.join(dataDir, 'uploads'));
    const key = `vehicles/cli-${Date.now()}/p-320.webp`;
    await uploads.write(key, Buffer.from('cli'));
    const run = () =>
      promisify(execFile)(
        process.execPath,
        ['--import', 'tsx', path.join(import.meta.dirname, '../src/media-migrate.ts')],
        {
          env: {
            ...process.env,
            ...s3.env,
            DATA_DIR: dataDir,
            AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
          },
        },
      );
    expect((await run()).stdout).toContain('1 file(s) copied, 0 already in the bucket.');
    expect(await readAll(s3Storage(), key)).toEqual(Buffer.from('cli'));
    expect((await run()).stdout).toContain('0 file(s) copied, 1 already in the bucket.');
  });

  it('ISSUE-19-S3-CACHE objects carry their content type and a year of immutable caching for direct fetches', async () => {
    const bucket = s3Storage();
    const k = `media/cache-${Date.now()}.png`;
    await bucket.write(k, await pngFixture(4, 4));
    const res = await fetch(`${s3.endpoint}/${s3.bucket}/${k}`);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).toBe(MEDIA_CACHE_CONTROL);
  });
});
