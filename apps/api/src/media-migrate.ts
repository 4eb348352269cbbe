/**
 * `npm run media:migrate [folder]`: copies a local media folder (DATA_DIR/uploads unless a folder
 * is given) into the bucket of S3_BUCKET, keeping every key, so the same /uploads/... addresses
 * work once the app runs with S3_BUCKET set. Safe to run again: files already in the bucket are
 * skipped (docs/decisions/126-object-storage.md).
 */
import path from 'node:path';
import { loadConfig, StartError } from './config.ts';
import { LocalFileStorage } from './features/images/local-storage.ts';
import { migrateMedia } from './features/images/migrate-media.ts';
import { S3FileStorage } from './features/images/s3-storage.ts';

async function main() {
  const config = loadConfig();
  if (!config.s3) throw new StartError('S3_BUCKET is not set: say which bucket to copy the media into.');
  const folder = path.resolve(process.argv[2] ?? config.uploadsDir);
  const bucket = new S3FileStorage(config.s3);
  console.log(`Copying ${folder} into the bucket ${config.s3.bucket}`);
  const result = await migrateMedia(new LocalFileStorage(folder), bucket);
  console.log(`${result.copied} file(s) copied, ${result.skipped} already in the bucket.`);
}

main().catch((err: unknown) => {
  console.error(err instanceof StartError ? err.message : err);
  process.exit(1);
});
