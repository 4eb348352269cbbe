import type { FastifyInstance } from 'fastify';
import type { AuthResponse } from '@vm/shared/auth';
import { buildApp } from '../../apps/api/src/app.ts';
import { type Config, loadConfig } from '../../apps/api/src/config.ts';
import { openDatabase } from '../../apps/api/src/open-database.ts';
import { ensureInitialData } from '../../apps/api/src/seed/initial-data.ts';
import { tempDir } from './server.ts';

const ADMIN_PASSWORD = 'bench-admin-password';

export interface InProcessApp {
  app: FastifyInstance;
  config: Config;
  /** Headers that sign a request in as the SuperAdmin. */
  adminHeaders: { authorization: string };
  close: () => Promise<void>;
}

/**
 * The API in this process on a fresh SQLite database in a temporary directory, started as
 * server.ts starts it (config, migrations, first-start data, app) but not listening: requests go
 * through app.inject(), so no network is in the figures. The environment is not read, so a
 * DATABASE_URL set for other benchmarks does not apply.
 */
export async function startInProcessApp(label: string): Promise<InProcessApp> {
  const config = loadConfig({
    DATA_DIR: tempDir(label),
    SEED: 'none',
    LOG_LEVEL: 'silent',
    RATE_LIMIT: 'off',
    ADMIN_PASSWORD,
  });
  const database = await openDatabase(config);
  const admin = await ensureInitialData(database, config);
  const app = await buildApp({ config, database, logger: false });
  const close = async () => {
    await app.close();
    await database.close();
  };
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: admin.email, password: ADMIN_PASSWORD },
  });
  if (res.statusCode !== 200) {
    await close();
    throw new Error(`admin login failed: ${res.statusCode} ${res.body}`);
  }
  return { app, config, adminHeaders: { authorization: `Bearer ${res.json<AuthResponse>().token}` }, close };
}

export interface UploadFile {
  field: string;
  filename: string;
  contentType: string;
  data: Uint8Array;
}

/** A multipart/form-data body for app.inject(), encoded by the platform's FormData. */
export async function multipartBody(
  files: readonly UploadFile[],
): Promise<{ payload: Buffer; headers: { 'content-type': string } }> {
  const form = new FormData();
  for (const f of files) form.append(f.field, new Blob([new Uint8Array(f.data)], { type: f.contentType }), f.filename);
  const encoded = new Request('http://bench.invalid/', { method: 'POST', body: form });
  const contentType = encoded.headers.get('content-type');
  if (!contentType) throw new Error('FormData gave no content type');
  return { payload: Buffer.from(await encoded.arrayBuffer()), headers: { 'content-type': contentType } };
}
