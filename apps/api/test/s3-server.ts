import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';

/**
 * A real S3-compatible server for the tests: s3rver from npm in a child process
 * (s3rver-main.mjs, which says why a process of its own), on a free port, with one bucket. `env`
 * is what createTestContext needs to store media in it (docs/decisions/126-object-storage.md).
 */
export interface TestS3 {
  bucket: string;
  endpoint: string;
  env: Record<string, string>;
  stop: () => Promise<void>;
}

export async function startS3(bucket = 'media'): Promise<TestS3> {
  const directory = mkdtempSync(path.join(tmpdir(), 'vm-s3-'));
  const child = spawn(
    process.execPath,
    ['--openssl-legacy-provider', path.join(import.meta.dirname, 's3rver-main.mjs'), directory, bucket],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`s3rver exited with ${code} before it listened`)));
    createInterface({ input: child.stdout }).once('line', (line) =>
      resolve((JSON.parse(line) as { port: number }).port),
    );
  });
  const endpoint = `http://127.0.0.1:${port}`;
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
      child.kill('SIGTERM');
      await exited;
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
