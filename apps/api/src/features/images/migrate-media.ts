import type { FileStorage } from './local-storage.ts';

export interface MigrateResult {
  /** Files written to the target. */
  copied: number;
  /** Files the target already had (an earlier run): stored media never change under a key. */
  skipped: number;
}

/** LocalFileStorage.write's temporary file: a write that never finished is not media. */
const isTemporary = (key: string) => key.endsWith('.tmp');

/**
 * Copies every media file of `from` (a local uploads folder) into `to` (the bucket) under the same
 * key, so /uploads/<key> and the rows and settings that name it stay right. A key the target has
 * is left alone, so running it again copies only what is missing (docs/decisions/126-object-storage.md).
 */
export async function migrateMedia(
  from: FileStorage,
  to: FileStorage,
  onFile: (key: string, copied: boolean) => void = () => {},
): Promise<MigrateResult> {
  const result: MigrateResult = { copied: 0, skipped: 0 };
  for await (const entry of from.list('')) {
    if (isTemporary(entry.key)) continue;
    if (await to.exists(entry.key)) {
      result.skipped += 1;
      onFile(entry.key, false);
      continue;
    }
    const file = await from.read(entry.key);
    if (!file) continue;
    const chunks: Buffer[] = [];
    for await (const chunk of file.body) chunks.push(chunk as Buffer);
    await to.write(entry.key, Buffer.concat(chunks));
    result.copied += 1;
    onFile(entry.key, true);
  }
  return result;
}
