import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/**
 * A real S3-compatible server for the tests (s3rver from npm, in this process, on a free port),
 * with one bucket. `env` is what createTestContext needs to store media in it
 * (docs/decisions/126-object-storage.md).
 */
export interface TestS3 {
  bucket: string;
  endpoint: string;
  env: Record<string, string>;
  stop: () => Promise<void>;
}

export async function startS3(bucket = 'media'): Promise<TestS3> {
  const directory = mkdtempSync(path.join(tmpdir(), 'vm-s3-'));
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const address = (await server.run()) as AddressInfo;
  const endpoint = `http://127.0.0.1:${address.port}`;
  return {
    bucket,
    endpoint,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    stop: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
