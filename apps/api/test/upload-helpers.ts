import { randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';

export interface UploadFile {
  field: string;
  filename: string;
  contentType?: string;
  data: Buffer;
}

/** A multipart/form-data body for app.inject(), built by hand so every byte is under the test's control. */
export function multipart(files: UploadFile[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----vm-test-${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const f of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.field}"; filename="${f.filename}"\r\n` +
          `Content-Type: ${f.contentType ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      f.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A small photo-like JPEG (noise, so it is not trivially compressible), optionally with EXIF and GPS. */
export async function jpegFixture(width = 900, height = 600, withGps = false): Promise<Buffer> {
  const noise = randomBytes(Math.ceil((width * height * 3) / 8));
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = ((noise[i >> 3] ?? 0) >> (i & 7)) & 1 ? 200 : 60;
  let img = sharp(raw, { raw: { width, height, channels: 3 } }).jpeg({ quality: 80 });
  if (withGps)
    img = img.withExif({
      IFD0: { Make: 'TestPhone', Model: 'X1' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 0/1' },
    });
  return img.toBuffer();
}

export const pngFixture = (width = 64, height = 48, color = { r: 200, g: 40, b: 40 }) =>
  sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();

/** A tiny PNG whose header claims 20,000 × 20,000 pixels (a decompression bomb's first bytes). */
export async function pixelBombPng(): Promise<Buffer> {
  const png = await pngFixture(1, 1);
  const out = Buffer.from(png);
  // IHDR: type at 12..15, width and height at 16..23, its CRC (over type and data) at 29..32.
  out.writeUInt32BE(20_000, 16);
  out.writeUInt32BE(20_000, 20);
  out.writeUInt32BE(crc32(out.subarray(12, 29)), 29);
  return out;
}

export const SVG_WITH_SCRIPT = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>',
);

/** A 32×32 favicon: an ICO container holding one PNG image. */
export async function icoFixture(): Promise<Buffer> {
  const png = await pngFixture(32, 32, { r: 20, g: 90, b: 200 });
  const header = Buffer.alloc(22);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(1, 4); // one image
  header.writeUInt8(32, 6);
  header.writeUInt8(32, 7);
  header.writeUInt16LE(1, 10); // colour planes
  header.writeUInt16LE(32, 12); // bits per pixel
  header.writeUInt32LE(png.length, 14);
  header.writeUInt32LE(22, 18); // data offset
  return Buffer.concat([header, png]);
}
