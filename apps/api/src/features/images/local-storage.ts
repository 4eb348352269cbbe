import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Where uploaded files live. Local disk today; an S3-compatible store can implement the same. */
export interface FileStorage {
  /** Writes a file atomically (temporary file, then rename). */
  write(key: string, data: Buffer): Promise<void>;
  remove(key: string): Promise<void>;
  removeFolder(key: string): Promise<void>;
  /** Whether a file is stored under the key. */
  exists(key: string): Promise<boolean>;
}

export class LocalFileStorage implements FileStorage {
  constructor(private readonly root: string) {}

  private resolve(key: string): string {
    const full = path.resolve(this.root, key);
    if (!full.startsWith(path.resolve(this.root) + path.sep)) throw new Error('Storage key escapes the root');
    return full;
  }

  async write(key: string, data: Buffer): Promise<void> {
    const full = this.resolve(key);
    await mkdir(path.dirname(full), { recursive: true });
    const tmp = `${full}.${process.pid}.${Date.now()}.tmp`;
    await writeFile(tmp, data);
    await rename(tmp, full);
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
}
