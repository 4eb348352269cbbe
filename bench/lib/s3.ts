import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';

/**
 * A real S3-compatible server for the tests and the drills: s3rver from npm in a child process
 * (s3rver-main.mjs, which says why a process of its own), on a free port, with one bucket. `env`
 * is what a server (or createTestContext) needs to store media in it
 * (docs/decisions/126-object-storage.md). The one copy: apps/api/test/s3-server.ts re-exports it.
 */
export interface TestS3 {
  bucket: string;
  endpoint: string;
  env: Record<string, string>;
  /** The s3rver process, for a drill's exit handler. */
  pid: number | undefined;
  /** The folder s3rver keeps the objects in (removed by stop()). */
  directory: string;
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
    pid: child.pid,
    directory,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
