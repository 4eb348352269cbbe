import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { S3Config } from '../../config.ts';
import { contentTypeOf, type FileStorage, type StoredEntry, type StoredFile } from './local-storage.ts';

/** Stored media never change under a key (every upload gets a new id), so they are cached for a year. */
export const MEDIA_CACHE_CONTROL = 'public, max-age=31536000, immutable';

const notFound = (err: unknown) =>
  err instanceof S3ServiceException && (err.$metadata.httpStatusCode === 404 || err.name === 'NoSuchKey');

/**
 * Media in an S3-compatible bucket (AWS SDK v3), keys as on disk (vehicles/<id>/<image>-<w>.webp,
 * media/...). A PUT stores an object whole or not at all, so no temporary objects exist. Objects
 * carry their content type and a year's immutable Cache-Control, for browsers that fetch them
 * straight from the bucket or a CDN (MEDIA_PUBLIC_URL).
 */
export class S3FileStorage implements FileStorage {
  readonly client: S3Client;
  readonly bucket: string;
  /** Keys per list request: S3's own 1000 unless a test asks for smaller pages. */
  private readonly pageSize: number | undefined;

  constructor(options: S3Config, { pageSize }: { pageSize?: number } = {}) {
    this.bucket = options.bucket;
    this.pageSize = pageSize;
    this.client = new S3Client({
      region: options.region,
      ...(options.endpoint ? { endpoint: options.endpoint } : {}),
      forcePathStyle: options.forcePathStyle,
      ...(options.accessKeyId && options.secretAccessKey
        ? { credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } }
        : {}),
      // Checksums only where S3 requires them: many S3-compatible stores do not take the
      // SDK's default streaming checksums (aws-chunked with trailers).
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async write(key: string, data: Buffer): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Body: data,
        ContentLength: data.length,
        ContentType: contentTypeOf(key),
        CacheControl: MEDIA_CACHE_CONTROL,
      }),
    );
  }

  async read(key: string): Promise<StoredFile | undefined> {
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      return {
        body: answer.Body as Readable,
        contentType: answer.ContentType ?? contentTypeOf(key),
        contentLength: answer.ContentLength ?? 0,
        etag: answer.ETag ?? '',
        lastModified: answer.LastModified ?? new Date(0),
      };
    } catch (err) {
      if (notFound(err)) return undefined;
      throw err;
    }
  }

  async remove(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async removeFolder(key: string): Promise<void> {
    const batch: string[] = [];
    const flush = async () => {
      if (batch.length === 0) return;
      const Objects = batch.splice(0).map((Key) => ({ Key }));
      const answer = await this.client.send(
        new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects, Quiet: true } }),
      );
      const failed = answer.Errors?.[0];
      if (failed) throw new Error(`Could not remove ${failed.Key}: ${failed.Code} ${failed.Message}`);
    };
    for await (const entry of this.list(`${key}/`)) {
      batch.push(entry.key);
      // DeleteObjects takes at most 1000 keys.
      if (batch.length === 1000) await flush();
    }
    await flush();
  }

  async exists(key: string): Promise<boolean> {
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return true;
    } catch (err) {
      if (notFound(err)) return false;
      throw err;
    }
  }

  async *list(prefix: string): AsyncIterable<StoredEntry> {
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({
          Bucket: this.bucket,
          Prefix: prefix,
          ContinuationToken: token,
          MaxKeys: this.pageSize,
        }),
      );
      for (const object of page.Contents ?? []) {
        if (object.Key) yield { key: object.Key, lastModified: object.LastModified ?? new Date(0) };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async removeEmptyFolder(): Promise<boolean> {
    return false;
  }

  /** Whether the bucket answers with these credentials (GET /api/ready, features/health/health-service.ts). */
  async checkReachable(): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
  }
}
