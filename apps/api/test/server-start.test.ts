import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { type Database, type Dialect, openPostgres, openSqlite } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { LocalFileStorage } from '../src/features/images/local-storage.ts';
import { addVehicleImage, createVehicle } from './fixtures/vehicles.ts';
import { DIALECTS } from './test-app.ts';

/*
 * Issue #21, what happens when the real server starts (`node --import tsx apps/api/src/server.ts`,
 * as `npm start` runs it; docs/decisions/112-framework-errors-and-start-up.md):
 * - a PostgreSQL that is down is waited for with a clear line per attempt, and a start that
 *   gives up says why in one message, without a stack trace;
 * - the SQLite file (and its -wal and -shm) is created 0600;
 * - upload files that no row points at, and unfinished *.tmp writes, are swept.
 */

const ROOT = path.resolve(import.meta.dirname, '../../..');
const TEST_URL = process.env.TEST_DATABASE_URL;
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

interface RunningServer {
  child: ChildProcess;
  output: () => string;
  /** Resolves with the first match of `pattern` in what the server printed. */
  waitFor: (pattern: RegExp, timeoutMs?: number) => Promise<RegExpMatchArray>;
  exited: Promise<number | null>;
  stop: () => Promise<number | null>;
}

function startServer(env: Record<string, string>): RunningServer {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOST: '127.0.0.1',
      PORT: '0',
      SEED: 'none',
      ADMIN_PASSWORD: 'start-test-pass-1',
      JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  const listeners = new Set<() => void>();
  const collect = (chunk: Buffer) => {
    text += chunk.toString();
    for (const listener of listeners) listener();
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const server: RunningServer = {
    child,
    output: () => text,
    exited,
    waitFor: (pattern, timeoutMs = 60_000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const match = text.match(pattern);
          if (!match) return;
          cleanup();
          resolve(match);
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`no ${pattern} within ${timeoutMs} ms; the server printed:\n${text}`));
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          listeners.delete(check);
        };
        listeners.add(check);
        void exited.then(() => setTimeout(check, 0));
        check();
      }),
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
  cleanups.push(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  return server;
}

const RUNNING = /running at http:\/\/localhost:(\d+)/;

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function tempDataDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'vm-start-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** A throw-away PostgreSQL schema, and the connection string that makes it the server's. */
async function tempSchema(): Promise<{ schema: string; url: (hostPort?: string) => string }> {
  const base = TEST_URL as string;
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  cleanups.push(async () => {
    const c = new pg.Client({ connectionString: base });
    await c.connect();
    await c.query(`DROP SCHEMA ${schema} CASCADE`);
    await c.end();
  });
  return {
    schema,
    url: (hostPort) => {
      const url = new URL(base);
      if (hostPort) url.host = hostPort;
      url.searchParams.set('options', `-c search_path=${schema}`);
      return url.toString();
    },
  };
}

/** Forwards every connection on `port` to the real PostgreSQL: a database that comes up late. */
async function startProxy(port: number): Promise<() => Promise<void>> {
  const target = new URL(TEST_URL as string);
  const sockets = new Set<net.Socket>();
  const proxy = net.createServer((client) => {
    const upstream = net.connect({ host: target.hostname, port: Number(target.port || 5432) });
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('error', () => {});
      s.on('close', () => sockets.delete(s));
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => proxy.listen(port, '127.0.0.1', resolve));
  return async () => {
    for (const s of sockets) s.destroy();
    await new Promise((resolve) => proxy.close(resolve));
  };
}

const describePostgres = TEST_URL ? describe : describe.skip;

describePostgres('a PostgreSQL that is down at start', () => {
  it('ISSUE-21-DB-START-RETRY is tried again with a clear line per attempt, then the start stops with one message and no stack', async () => {
    const port = await freePort(); // nothing listens there
    const { url } = await tempSchema();
    const databaseUrl = new URL(url(`127.0.0.1:${port}`));
    databaseUrl.password = 'never-printed-password';
    const server = startServer({
      DATA_DIR: tempDataDir(),
      DATABASE_URL: databaseUrl.toString(),
      DATABASE_START_TIMEOUT: '2',
    });
    const code = await server.exited;
    const output = server.output();
    expect(code).toBe(1);
    expect(output).toMatch(
      new RegExp(
        `PostgreSQL at 127\\.0\\.0\\.1:${port}/\\w+ is not reachable yet \\(.*ECONNREFUSED.*\\); attempt 1 failed`,
      ),
    );
    expect(output).toContain('attempt 2 failed');
    expect(output).toMatch(
      new RegExp(`Cannot start: PostgreSQL at 127\\.0\\.0\\.1:${port}/\\w+ could not be reached .* giving up`),
    );
    expect(output).toContain('DATABASE_START_TIMEOUT');
    expect(output).not.toMatch(/^\s+at /m); // no stack trace
    expect(output).not.toContain('never-printed-password');
  }, 60_000);

  it('ISSUE-21-DB-START-RETRY a database that comes up during the wait is used, and the server starts', async () => {
    const port = await freePort();
    const { url } = await tempSchema();
    const server = startServer({
      DATA_DIR: tempDataDir(),
      DATABASE_URL: url(`127.0.0.1:${port}`),
      DATABASE_START_TIMEOUT: '60',
    });
    await server.waitFor(/attempt 2 failed/);
    const stopProxy = await startProxy(port);
    cleanups.push(stopProxy);
    const [, appPort] = await server.waitFor(RUNNING);
    const health = await fetch(`http://127.0.0.1:${appPort}/api/health`);
    expect(health.status).toBe(200);
    expect(await server.stop()).toBe(0);
    await stopProxy();
  }, 90_000);
});

describe('the SQLite file', () => {
  it('ISSUE-21-SQLITE-MODE marketplace.db and its -wal and -shm are created readable by the owner only (0600)', async () => {
    const dataDir = tempDataDir();
    const server = startServer({ DATA_DIR: dataDir });
    await server.waitFor(RUNNING);
    for (const name of ['marketplace.db', 'marketplace.db-wal', 'marketplace.db-shm', 'jwt-secret']) {
      const file = path.join(dataDir, name);
      if (name === 'jwt-secret' && !existsSync(file)) continue; // JWT_SECRET is set here
      expect((statSync(file).mode & 0o777).toString(8), name).toBe('600');
    }
    expect(await server.stop()).toBe(0);
  }, 60_000);
});

describe.each(DIALECTS)('stray upload files on %s', (dialect: Dialect) => {
  it('ISSUE-21-STRAY-UPLOADS files no row points at and unfinished *.tmp writes are removed at start; photos, media and fresh files stay', async () => {
    const dataDir = tempDataDir();
    const uploadsDir = path.join(dataDir, 'uploads');
    let database: Database;
    let env: Record<string, string> = { DATA_DIR: dataDir };
    if (dialect === 'postgres') {
      const { schema, url } = await tempSchema();
      database = openPostgres(TEST_URL as string, { schema, max: 2 });
      env = { ...env, DATABASE_URL: url() };
    } else {
      database = openSqlite(path.join(dataDir, 'marketplace.db'));
    }
    await migrateToLatest(database.db, database.dialect);
    const storage = new LocalFileStorage(uploadsDir);
    const vehicle = await createVehicle(database.db, { title: 'Kept with its photo' });
    const photo = await addVehicleImage(database.db, storage, vehicle.id);
    await database.close();

    const hourAgo = new Date(Date.now() - 60 * 60_000);
    const file = (...parts: string[]) => path.join(uploadsDir, ...parts);
    const write = (full: string, old = true) => {
      mkdirSync(path.dirname(full), { recursive: true });
      writeFileSync(full, 'x');
      if (old) utimesSync(full, hourAgo, hourAgo);
      return full;
    };
    const kept = [
      file('vehicles', vehicle.id, `${photo}-320.webp`),
      file('vehicles', vehicle.id, `${photo}-640.webp`),
      file('vehicles', vehicle.id, `${photo}-1280.webp`),
      write(file('media', 'logo-0193.png')),
      write(file('vehicles', vehicle.id, 'notes.txt')),
      // Younger than the grace period: an upload on another instance may still commit its rows.
      write(file('vehicles', vehicle.id, 'fresh-image-320.webp'), false),
      write(file('media', 'fresh.png.1.2.tmp'), false),
    ];
    const strays = [
      // An upload that crashed before its rows were committed.
      write(file('vehicles', vehicle.id, 'crashed-image-320.webp')),
      write(file('vehicles', vehicle.id, 'crashed-image-640.webp')),
      // Writes never renamed into place.
      write(file('vehicles', vehicle.id, `${photo}-1280.webp.123.456.tmp`)),
      write(file('media', 'heroImage-1.jpg.123.456.tmp')),
      // A vehicle deleted from the database before its folder was removed.
      write(file('vehicles', 'deleted-vehicle', 'gone-320.webp')),
      write(file('vehicles', 'deleted-vehicle', 'gone-640.webp')),
    ];
    utimesSync(file('vehicles', 'deleted-vehicle'), hourAgo, hourAgo);

    const server = startServer(env);
    const [line] = await server.waitFor(/.*stray upload files swept.*/);
    expect(JSON.parse(line).removed).toEqual({ images: 4, temporary: 2, folders: 1 });
    for (const full of kept) expect(existsSync(full), full).toBe(true);
    for (const full of strays) expect(existsSync(full), full).toBe(false);
    expect(existsSync(file('vehicles', 'deleted-vehicle'))).toBe(false);
    // The photo is still served.
    const [, port] = await server.waitFor(RUNNING);
    const served = await fetch(`http://127.0.0.1:${port}/uploads/vehicles/${vehicle.id}/${photo}-320.webp`);
    expect(served.status).toBe(200);
    expect(await server.stop()).toBe(0);
  }, 90_000);
});

/*
 * Issue #16: SMTP_URL, MAIL_FROM and PUBLIC_URL are checked at start like the other variables
 * (apps/api/src/config.ts, README "Configuration"): a bad value stops the start with its message.
 */
describe('email settings at start', () => {
  const BAD_VALUES = {
    SMTP_URL: ['mail.example.com:25', 'SMTP_URL must start with smtp:// or smtps://'],
    MAIL_FROM: ['not an address', 'MAIL_FROM must be an email address'],
    PUBLIC_URL: ['cars.example.com', 'PUBLIC_URL must be an http:// or https:// address'],
  } as const;

  it.each(Object.entries(BAD_VALUES))(
    'ISSUE-16-EMAIL-CONFIG a bad %s is refused with its message',
    (name, [value, message]) => {
      expect(() => loadConfig({ DATA_DIR: tempDataDir(), [name]: value })).toThrow(message);
    },
  );

  it('ISSUE-16-EMAIL-CONFIG the defaults: no SMTP server (files under DATA_DIR/mail), From no-reply@ the public host, PUBLIC_URL http://localhost:PORT', () => {
    const dataDir = tempDataDir();
    expect(loadConfig({ DATA_DIR: dataDir, PORT: '4100' })).toMatchObject({
      smtpUrl: undefined,
      mailDir: path.join(dataDir, 'mail'),
      mailFrom: 'no-reply@localhost',
      publicUrl: 'http://localhost:4100',
    });
    expect(
      loadConfig({
        DATA_DIR: dataDir,
        SMTP_URL: 'smtps://user:pass@smtp.example.com:465',
        MAIL_FROM: 'Heritage Motors <sales@example.com>',
        PUBLIC_URL: 'https://cars.example.com/',
      }),
    ).toMatchObject({
      smtpUrl: 'smtps://user:pass@smtp.example.com:465',
      mailFrom: 'Heritage Motors <sales@example.com>',
      publicUrl: 'https://cars.example.com',
    });
    expect(loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: 'https://cars.example.com' }).mailFrom).toBe(
      'no-reply@cars.example.com',
    );
  });

  it('ISSUE-16-EMAIL-CONFIG the real server stops at start with one message naming each bad email setting, and no stack', async () => {
    const server = startServer({
      DATA_DIR: tempDataDir(),
      ...Object.fromEntries(Object.entries(BAD_VALUES).map(([name, [value]]) => [name, value])),
    });
    expect(await server.exited).toBe(1);
    const output = server.output();
    expect(output).toContain('Cannot start: Invalid configuration');
    for (const [name, [, message]] of Object.entries(BAD_VALUES)) expect(output).toContain(`${name}: ${message}`);
    expect(output).not.toMatch(/^\s+at /m);
  }, 60_000);
});
