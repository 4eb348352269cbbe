import type { Config } from '../../config.ts';
import { type FileStorage, LocalFileStorage } from './local-storage.ts';
import { S3FileStorage } from './s3-storage.ts';

/** The configured storage of media: the bucket when S3_BUCKET is set, else the uploads folder. */
export function openMediaStorage(config: Pick<Config, 's3' | 'uploadsDir'>): FileStorage {
  return config.s3 ? new S3FileStorage(config.s3) : new LocalFileStorage(config.uploadsDir);
}
