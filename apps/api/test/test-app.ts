import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import type { AuthResponse } from '@vm/shared/auth';
import { buildApp } from '../src/app.ts';
import { type Config, loadConfig } from '../src/config.ts';
import { type Database, type Dialect, openPostgres, openSqlite } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { hashPassword } from '../src/features/auth/passwords.ts';
import { insertUser } from '../src/features/auth/user-repository.ts';

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL is set. */
export const DIALECTS: Dialect[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  config: Config;
  close: () => Promise<void>;
}

/** A fresh app on a fresh, migrated database: a temp SQLite file or a new PostgreSQL schema. */
export async function createTestContext(
  dialect: Dialect,
  env: Record<string, string> = {},
  options: { clock?: () => Date } = {},
): Promise<TestContext> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'vm-test-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    SEED: 'none',
    LOG_LEVEL: 'silent',
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
    ...env,
  });
  let database: Database;
  let dropSchema = async () => {};
  if (dialect === 'postgres') {
    const url = process.env.TEST_DATABASE_URL as string;
    const schema = `t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
    await admin.end();
    database = openPostgres(url, { schema, max: 5 });
    dropSchema = async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`DROP SCHEMA ${schema} CASCADE`);
      await c.end();
    };
  } else {
    database = openSqlite(path.join(dataDir, 'test.db'));
  }
  await migrateToLatest(database.db, database.dialect);
  const app = await buildApp({ config, database, logger: false, clock: options.clock });
  await app.ready();
  return {
    app,
    database,
    config,
    close: async () => {
      await app.close();
      await database.close();
      await dropSchema();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

let counter = 0;
export const uniqueEmail = (prefix = 'user') => `${prefix}-${Date.now()}-${++counter}@example.com`;

export interface SignedIn {
  id: string;
  email: string;
  password: string;
  token: string;
  refreshToken: string;
  headers: { authorization: string };
}

/** Registers a buyer through the API and returns their tokens. */
export async function registerBuyer(app: FastifyInstance, overrides: Record<string, string> = {}): Promise<SignedIn> {
  const body = {
    firstName: 'Bea',
    lastName: 'Buyer',
    email: uniqueEmail('buyer'),
    phone: '+1 555 010 9999',
    password: 'buyer-pass-1',
    ...overrides,
  };
  const res = await app.inject({ method: 'POST', url: '/api/auth/register', payload: body });
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  const json = res.json<AuthResponse>();
  return {
    id: json.user.id,
    email: body.email,
    password: body.password,
    token: json.token,
    refreshToken: json.refreshToken,
    headers: { authorization: `Bearer ${json.token}` },
  };
}

/** Creates a user with the given role directly in the database, then logs in through the API. */
export async function signInAs(
  ctx: TestContext,
  role: string,
  overrides: { firstName?: string; lastName?: string } = {},
): Promise<SignedIn> {
  const email = uniqueEmail(role.toLowerCase());
  const password = 'staff-pass-1';
  await insertUser(ctx.database.db, {
    email,
    passwordHash: await hashPassword(password),
    firstName: overrides.firstName ?? role,
    lastName: overrides.lastName ?? 'Tester',
    phone: '',
    role,
    isActive: true,
  });
  const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  const json = res.json<AuthResponse>();
  return {
    id: json.user.id,
    email,
    password,
    token: json.token,
    refreshToken: json.refreshToken,
    headers: { authorization: `Bearer ${json.token}` },
  };
}

/** Row counts of every table, to prove a rejected request changed nothing. */
export async function tableCounts(database: Database): Promise<Record<string, number>> {
  const tables = [
    'users',
    'refresh_tokens',
    'vehicles',
    'vehicle_tags',
    'vehicle_former_slugs',
    'vehicle_images',
    'watches',
    'vehicle_views',
    'offers',
    'contact_inquiries',
    'settings',
    'page_visits',
    'activity_events',
    'email_outbox',
    'auctions',
    'auction_bids',
  ];
  const out: Record<string, number> = {};
  for (const t of tables) {
    const r = await sql<{ n: number }>`select count(*) as n from ${sql.table(t)}`.execute(database.db);
    out[t] = Number(r.rows[0]?.n ?? 0);
  }
  return out;
}
