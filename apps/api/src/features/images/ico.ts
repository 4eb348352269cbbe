import sharp from 'sharp';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const MAX_ENTRIES = 32;
const BMP_BIT_COUNTS = new Set([1, 4, 8, 16, 24, 32]);

class IcoError extends Error {}

/** Checks a BITMAPINFOHEADER icon image: the header must agree with the directory entry. */
function checkBmpEntry(data: Buffer, width: number, height: number): void {
  if (data.length < 40 || data.readUInt32LE(0) !== 40) throw new IcoError('not a bitmap');
  const bmpWidth = data.readInt32LE(4);
  const bmpHeight = data.readInt32LE(8);
  const planes = data.readUInt16LE(12);
  const bitCount = data.readUInt16LE(14);
  // An icon bitmap holds the colour image and the AND mask, so its height is doubled.
  if (bmpWidth !== width || Math.abs(bmpHeight) !== height * 2 || planes !== 1 || !BMP_BIT_COUNTS.has(bitCount))
    throw new IcoError('bitmap header does not match');
  const rowBytes = Math.ceil((width * bitCount) / 32) * 4;
  if (data.length < 40 + rowBytes * height) throw new IcoError('bitmap too short');
}

/**
 * Rebuilds an ICO file from its checked entries: every entry must be a PNG that sharp decodes
 * (it is re-encoded) or a bitmap whose header matches the directory. Anything between or after
 * the entries is dropped, so an icon header cannot smuggle an HTML page or a script.
 * Throws when the file is not a well-formed icon.
 */
export async function sanitiseIco(input: Buffer): Promise<Buffer> {
  try {
    if (input.length < 6 || input.readUInt16LE(0) !== 0 || input.readUInt16LE(2) !== 1)
      throw new IcoError('not an icon');
    const count = input.readUInt16LE(4);
    if (count < 1 || count > MAX_ENTRIES || input.length < 6 + count * 16) throw new IcoError('bad directory');
    const images: { entry: Buffer; data: Buffer }[] = [];
    for (let i = 0; i < count; i++) {
      const entry = Buffer.from(input.subarray(6 + i * 16, 22 + i * 16));
      const width = entry.readUInt8(0) || 256;
      const height = entry.readUInt8(1) || 256;
      const size = entry.readUInt32LE(8);
      const offset = entry.readUInt32LE(12);
      if (size === 0 || offset < 6 + count * 16 || offset + size > input.length)
        throw new IcoError('entry out of range');
      let data = input.subarray(offset, offset + size);
      if (data.subarray(0, 8).equals(PNG_SIGNATURE)) {
        const meta = await sharp(data, { failOn: 'error' }).metadata();
        if (meta.width !== width || meta.height !== height) throw new IcoError('PNG size does not match');
        data = await sharp(data, { failOn: 'error' }).png().toBuffer();
      } else {
        checkBmpEntry(data, width, height);
        data = Buffer.from(data);
      }
      images.push({ entry, data });
    }
    const header = Buffer.alloc(6);
    header.writeUInt16LE(1, 2);
    header.writeUInt16LE(count, 4);
    let offset = 6 + count * 16;
    for (const image of images) {
      image.entry.writeUInt32LE(image.data.length, 8);
      image.entry.writeUInt32LE(offset, 12);
      offset += image.data.length;
    }
    return Buffer.concat([header, ...images.map((i) => i.entry), ...images.map((i) => i.data)]);
  } catch (err) {
    throw new Error('Unreadable icon', { cause: err });
  }
}
