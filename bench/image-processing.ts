/**
 * Image upload processing: 8 photo-sized JPEGs (4000×3000) uploaded in one request to
 * POST /api/vehicles/:id/images on a fresh SQLite app (app.inject, so no network in the figure).
 * Reports the time of the whole request (checks, WebP encoding at three widths, rows) and the bytes
 * a visitor downloads (the 1280 main image and the 320 thumbnail of each photo) against the
 * originals. Targets: under 4 s on this machine; downloads at most 15% of the originals.
 *
 *   node --import tsx bench/image-processing.ts [--runs 3]
 */
import { statSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { vehicleImageFile } from '@vm/shared/image-path';
import type { Vehicle, VehicleImagesResponse } from '@vm/shared/vehicle';
import { DEMO_VEHICLES, demoVehicleInput } from '../apps/api/src/seed/demo-catalogue.ts';
import { runBenchmark } from './lib/cleanup.ts';
import { multipartBody, startInProcessApp } from './lib/in-process-app.ts';
import { machineInfo } from './lib/machine.ts';
import { table, verdict, writeReport } from './lib/report.ts';

const WIDTH = 4000;
const HEIGHT = 3000;
const PHOTOS = 8;
const TARGET_SECONDS = 4;
const TARGET_RATIO = 0.15;

/**
 * A photo-like JPEG: a colour field with detail at two scales, mid-sized texture (like gravel,
 * foliage or upholstery, which survives downscaling to 1280) and fine sensor grain, so it
 * compresses like a real 12-megapixel photo (a few MB) rather than like flat colour or pure noise.
 */
async function photo(seed: number): Promise<Buffer> {
  const hue = (n: number) => Math.round(127 + 90 * Math.sin(seed * 1.7 + n));
  const textureW = WIDTH / 4;
  const textureH = HEIGHT / 4;
  let state = seed * 2654435761;
  const random = () => {
    // xorshift: the same photos on every run, so runs compare.
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4294967296;
  };
  const texture = Buffer.alloc(textureW * textureH * 3);
  for (let i = 0; i < texture.length; i++) texture[i] = Math.round(70 + 115 * random());
  const textureLayer = await sharp(texture, { raw: { width: textureW, height: textureH, channels: 3 } })
    .resize(WIDTH, HEIGHT, { kernel: 'cubic' })
    .png({ compressionLevel: 1 })
    .toBuffer();
  const grain = await sharp({
    create: {
      width: WIDTH,
      height: HEIGHT,
      channels: 3,
      background: { r: 128, g: 128, b: 128 },
      noise: { type: 'gaussian', mean: 128, sigma: 10 },
    },
  })
    .png({ compressionLevel: 1 })
    .toBuffer();
  return sharp({
    create: { width: WIDTH, height: HEIGHT, channels: 3, background: { r: hue(0), g: hue(2), b: hue(4) } },
  })
    .composite([
      { input: textureLayer, blend: 'overlay' },
      { input: grain, blend: 'soft-light' },
    ])
    .jpeg({ quality: 90 })
    .toBuffer();
}

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(2);

async function run(): Promise<void> {
  const { values } = parseArgs({ options: { runs: { type: 'string', default: '3' } } });
  const runs = Math.max(1, Number(values.runs) || 3);
  const machine = machineInfo();
  console.log(`Generating ${PHOTOS} ${WIDTH}×${HEIGHT} JPEGs...`);
  const originals = await Promise.all(Array.from({ length: PHOTOS }, (_, i) => photo(i + 1)));
  const originalBytes = originals.reduce((sum, b) => sum + b.length, 0);

  const vehicleInput = DEMO_VEHICLES[0] && demoVehicleInput(DEMO_VEHICLES[0]);
  if (!vehicleInput) throw new Error('no demo vehicle to upload photos to');
  const ctx = await startInProcessApp('image-processing');
  try {
    const timings: number[] = [];
    let downloadBytes = 0;
    let storedAllWidths = 0;
    for (let r = 0; r < runs; r++) {
      const created = await ctx.app.inject({
        method: 'POST',
        url: '/api/vehicles',
        headers: ctx.adminHeaders,
        payload: vehicleInput,
      });
      if (created.statusCode !== 201) throw new Error(`create failed: ${created.statusCode} ${created.body}`);
      const vehicle = created.json<Vehicle>();
      const body = await multipartBody(
        originals.map((data, i) => ({
          field: 'images',
          filename: `photo-${i + 1}.jpg`,
          contentType: 'image/jpeg',
          data,
        })),
      );
      const started = process.hrtime.bigint();
      const res = await ctx.app.inject({
        method: 'POST',
        url: `/api/vehicles/${vehicle.id}/images`,
        headers: { ...ctx.adminHeaders, ...body.headers },
        payload: body.payload,
      });
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      if (res.statusCode !== 200) throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
      timings.push(seconds);
      console.log(`run ${r + 1}: ${seconds.toFixed(2)} s`);
      const images = res.json<VehicleImagesResponse>().images;
      const size = (width: number, imageId: string) =>
        statSync(
          path.join(ctx.config.uploadsDir, vehicleImageFile(vehicle.id, imageId, width).replace(/^\/uploads\//, '')),
        ).size;
      downloadBytes = images.reduce((sum, img) => sum + size(1280, img.id) + size(320, img.id), 0);
      storedAllWidths = images.reduce(
        (sum, img) => sum + size(1280, img.id) + size(640, img.id) + size(320, img.id),
        0,
      );
    }
    const sorted = [...timings].sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)] ?? 0;
    const ratio = downloadBytes / originalBytes;
    writeReport({
      script: 'image-processing',
      title: 'Image upload processing',
      dialect: 'sqlite',
      machine,
      sections: [
        `${PHOTOS} JPEGs of ${WIDTH}×${HEIGHT} (${mb(originalBytes)} MB in all) uploaded in one request to ` +
          '`POST /api/vehicles/:id/images` through `app.inject` on a fresh SQLite app: byte checks, header pixel ' +
          'checks, one decode per photo down to 1280 wide, WebP encoding at 320/640/1280 from it (auto-rotated, ' +
          'metadata stripped, `quality 78`, `effort 2`, one photo per core at a time) and the rows in one transaction.',
        table(
          ['Figure', 'Value', 'Target', 'Verdict'],
          [
            [
              'Request time (median of runs)',
              `${median.toFixed(2)} s`,
              `< ${TARGET_SECONDS} s`,
              verdict(median < TARGET_SECONDS),
            ],
            ['Each run', timings.map((t) => `${t.toFixed(2)} s`).join(', '), '', ''],
            ['Originals', `${mb(originalBytes)} MB`, '', ''],
            [
              'What the detail page downloads (1280 main + 320 thumbnail of each photo)',
              `${mb(downloadBytes)} MB (${(ratio * 100).toFixed(1)}%)`,
              `≤ ${TARGET_RATIO * 100}%`,
              verdict(ratio <= TARGET_RATIO),
            ],
            ['Stored, all three widths', `${mb(storedAllWidths)} MB`, '', ''],
          ],
        ),
        'The first run includes warming up sharp and libvips, so the median is the figure that counts.',
        '**Tuning.** Encoding the three widths straight from the original decoded the 12-megapixel JPEG three ' +
          'times. Decoding it once, upright and down to 1280 wide, into a lossless intermediate and encoding the ' +
          'widths from that took about a quarter off the time (4 photos: 2.8 s → 2.2 s, measured side by side). ' +
          'Two photos at a time on two cores keeps both busy; more only queues inside libvips. WebP `effort 2` ' +
          'is kept: higher efforts cost more CPU than the few percent of bytes they save. The load average in the ' +
          'machine line is other work sharing the machine during the run: an idle machine is faster.',
      ],
    });
    console.log(`median ${median.toFixed(2)} s; downloads ${(ratio * 100).toFixed(1)}% of originals`);
  } finally {
    await ctx.close();
  }
}

await runBenchmark(run);
