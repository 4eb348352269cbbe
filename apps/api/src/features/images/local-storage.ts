import { createReadStream, type Dirent } from 'node:fs';
import { mkdir, readdir, rename, rm, rmdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/** One stored file, read for sending: its bytes as a stream and what the answer's headers need. */
export interface StoredFile {
  body: Readable;
  contentType: string;
  contentLength: number;
  etag: string;
  lastModified: Date;
}

/** A stored file found by `list`. */
export interface StoredEntry {
  key: string;
  lastModified: Date;
}

/**
 * Where uploaded media live (vehicle photos under vehicles/, site media under media/): the local
 * disk (LocalFileStorage) or an S3-compatible bucket (S3FileStorage, when S3_BUCKET is set;
 * docs/decisions/126-object-storage.md). Keys are paths under the uploads root, served at
 * /uploads/<key>. Every part of the app that writes, reads or removes media goes through this.
 */
export interface FileStorage {
  /** Stores a file whole or not at all (a temporary file renamed into place; one PUT). */
  write(key: string, data: Buffer): Promise<void>;
  /** The file under the key, or undefined when there is none. */
  read(key: string): Promise<StoredFile | undefined>;
  remove(key: string): Promise<void>;
  /** Removes every file under `key/` (a vehicle's folder). */
  removeFolder(key: string): Promise<void>;
  /** Whether a file is stored under the key. */
  exists(key: string): Promise<boolean>;
  /** Every file whose key starts with `prefix`, in no particular order (the sweep of stray uploads). */
  list(prefix: string): AsyncIterable<StoredEntry>;
  /** Removes the folder `key` if it holds nothing; false when it does, or when the store has no folders. */
  removeEmptyFolder(key: string): Promise<boolean>;
}

/** Content types of the files the app stores, told by the key's extension. */
const CONTENT_TYPES: Record<string, string> = {
  '.webp': 'image/webp',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
};

export const contentTypeOf = (key: string) =>
  CONTENT_TYPES[path.extname(key).toLowerCase()] ?? 'application/octet-stream';

/** A key the stores accept: relative, `/`-separated, no `.` or `..` segment, no odd characters. */
export function isValidKey(key: string): boolean {
  return /^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/.test(key) && !key.split('/').some((s) => s === '.' || s === '..');
}

export class LocalFileStorage implements FileStorage {
  constructor(readonly root: string) {}

  private resolve(key: string): string {
    const full = path.resolve(this.root, key);
    if (!full.startsWith(path.resolve(this.root) + path.sep)) throw new Error('Storage key escapes the root');
    return full;
  }

  async write(key: string, data: Buffer): Promise<void> {
    const full = this.resolve(key);
    await mkdir(path.dirname(full), { recursive: true });
    const tmp = `${full}.${process.pid}.${Date.now()}.tmp`;
    try {
      await writeFile(tmp, data);
      await rename(tmp, full);
    } catch (err) {
      await rm(tmp, { force: true });
      throw err;
    }
  }

  async read(key: string): Promise<StoredFile | undefined> {
    if (!isValidKey(key)) return undefined;
    const full = this.resolve(key);
    const info = await stat(full).catch(() => undefined);
    if (!info?.isFile()) return undefined;
    return {
      body: createReadStream(full),
      contentType: contentTypeOf(key),
      contentLength: info.size,
      // Like @fastify/static's: a stored file is never rewritten in place, so size and time name it.
      etag: `"${info.size.toString(16)}-${Math.trunc(info.mtimeMs).toString(16)}"`,
      lastModified: info.mtime,
    };
  }

  async remove(key: string): Promise<void> {
    await rm(this.resolve(key), { force: true });
  }

  async removeFolder(key: string): Promise<void> {
    await rm(this.resolve(key), { recursive: true, force: true });
  }

  async exists(key: string): Promise<boolean> {
    const info = await stat(this.resolve(key)).catch(() => undefined);
    return info?.isFile() ?? false;
  }

  async *list(prefix: string): AsyncIterable<StoredEntry> {
    const root = path.resolve(this.root);
    const walk = async function* (dir: string): AsyncGenerator<StoredEntry> {
      const entries: Dirent[] = await readdir(dir, { withFileTypes: true }).catch(() => []);
      for (const entry of entries) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) {
          yield* walk(full);
        } else if (entry.isFile()) {
          const key = path.relative(root, full).split(path.sep).join('/');
          if (!key.startsWith(prefix)) continue;
          const info = await stat(full).catch(() => undefined);
          if (info) yield { key, lastModified: info.mtime };
        }
      }
    };
    // Walk only the folder the prefix names (vehicles/ for vehicles/…), not the whole root.
    const folder = prefix.includes('/') ? prefix.slice(0, prefix.lastIndexOf('/')) : '';
    yield* walk(folder === '' ? root : this.resolve(folder));
  }

  async removeEmptyFolder(key: string): Promise<boolean> {
    // rmdir, not rm -r: a file that arrived meanwhile makes it fail and the folder stays.
    return rmdir(this.resolve(key)).then(
      () => true,
      () => false,
    );
  }
}
