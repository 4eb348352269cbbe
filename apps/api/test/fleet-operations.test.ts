import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openPostgres, openSqlite } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { queueEmail } from '../src/features/email/outbox.ts';
import { unreachableDependencies } from '../src/features/health/health-service.ts';
import { METRICS_REFUSED } from '../src/features/metrics/metrics-plugin.ts';
import { createVehicle } from './fixtures/vehicles.ts';
import { createTestContext, DIALECTS, registerBuyer, signInAs, type TestContext } from './test-app.ts';

/*
 * Issue #19, "Operate the fleet" (docs/decisions/127-operating-the-fleet.md): GET /api/ready for
 * load balancers, Prometheus metrics at /metrics behind METRICS_TOKEN, and request ids.
 */

const TOKEN = 'metrics-token-for-the-tests-0123456789';
const bearer = { authorization: `Bearer ${TOKEN}` };
const TEST_URL = process.env.TEST_DATABASE_URL;

describe.each(DIALECTS)('GET /api/health and GET /api/ready on %s', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(dialect);
  });
  afterAll(async () => ctx?.close());

  it('ISSUE-19-READY health keeps its answer; ready answers 200 when the database and the storage are reachable', async () => {
    const health = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
    const ready = await ctx.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
    expect(ready.headers['cache-control']).toBe('no-store');
  });

  it('ISSUE-19-READY ready is 503 naming the storage when the uploads folder cannot be written, and 200 once it can', async () => {
    const uploads = ctx.config.uploadsDir;
    rmSync(uploads, { recursive: true, force: true });
    writeFileSync(uploads, 'not a folder');
    try {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        status: 'unavailable',
        message: 'Not ready: storage unreachable',
        failed: ['storage'],
      });
    } finally {
      rmSync(uploads, { force: true });
      mkdirSync(uploads, { recursive: true });
    }
    expect((await ctx.app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
  });
});

describe('readiness checks', () => {
  it('ISSUE-19-READY a storage with checkReachable() is asked instead of the uploads folder', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'vm-ready-'));
    const database = openSqlite(path.join(dir, 'ready.db'));
    try {
      let reachable = true;
      const storage = {
        checkReachable: async () => {
          if (!reachable) throw new Error('bucket unreachable');
        },
      };
      const targets = { db: database.db, storage, uploadsDir: path.join(dir, 'no-such-folder') };
      expect(await unreachableDependencies(targets)).toEqual([]);
      reachable = false;
      expect(await unreachableDependencies(targets)).toEqual(['storage']);
    } finally {
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('ISSUE-19-READY on SQLite, ready is 503 naming the database once the database is closed', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'vm-ready-'));
    const config = loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent', JWT_SECRET: 'x'.repeat(40) });
    const database = openSqlite(path.join(dir, 'ready.db'));
    await migrateToLatest(database.db, database.dialect);
    const app = await buildApp({ config, database, logger: false });
    try {
      expect((await app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
      await database.close();
      const res = await app.inject({ method: 'GET', url: '/api/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ failed: ['database'], message: 'Not ready: database unreachable' });
    } finally {
      await app.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** Forwards connections on a port to the real PostgreSQL; stop() cuts them and refuses new ones. */
async function pgProxy() {
  const target = new URL(TEST_URL as string);
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  let port = 0;
  const start = async () => {
    server = net.createServer((client) => {
      const upstream = net.connect({ host: target.hostname, port: Number(target.port || 5432) });
      for (const s of [client, upstream]) {
        sockets.add(s);
        s.on('error', () => {});
        s.on('close', () => sockets.delete(s));
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => server?.listen(port, '127.0.0.1', resolve));
    port = (server.address() as net.AddressInfo).port;
  };
  const stop = async () => {
    for (const s of sockets) s.destroy();
    await new Promise((resolve) => server?.close(resolve));
  };
  await start();
  const url = new URL(TEST_URL as string);
  url.host = `127.0.0.1:${port}`;
  return { url: url.toString(), start, stop };
}

(TEST_URL ? describe : describe.skip)('readiness on PostgreSQL', () => {
  it('ISSUE-19-READY ready turns 503 naming the database when PostgreSQL stops answering, and 200 when it is back', async () => {
    const proxy = await pgProxy();
    const dir = mkdtempSync(path.join(tmpdir(), 'vm-ready-'));
    const config = loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent', JWT_SECRET: 'x'.repeat(40) });
    const database = openPostgres(proxy.url, { max: 2 });
    const app = await buildApp({ config, database, logger: false });
    try {
      expect((await app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
      await proxy.stop();
      const down = await app.inject({ method: 'GET', url: '/api/ready' });
      expect(down.statusCode).toBe(503);
      expect(down.json()).toMatchObject({ status: 'unavailable', failed: ['database'] });
      await proxy.start();
      let back = await app.inject({ method: 'GET', url: '/api/ready' });
      for (let i = 0; i < 20 && back.statusCode !== 200; i++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        back = await app.inject({ method: 'GET', url: '/api/ready' });
      }
      expect(back.statusCode).toBe(200);
      expect(back.json()).toEqual({ status: 'ready' });
    } finally {
      await app.close();
      await database.close();
      await proxy.stop().catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    }
  }, 30_000);
});

describe.each(DIALECTS)('Prometheus metrics on %s', (dialect) => {
  let ctx: TestContext;
  let webDist: string;
  beforeAll(async () => {
    // A web build, so that /metrics would be a page URL if it were not excluded.
    webDist = mkdtempSync(path.join(tmpdir(), 'vm-web-dist-'));
    writeFileSync(
      path.join(webDist, 'index.html'),
      '<!doctype html><html><head></head><body><div id="root"></div></body></html>',
    );
    ctx = await createTestContext(dialect, { METRICS_TOKEN: TOKEN, WEB_DIST: webDist, RATE_LIMIT: 'off' });
  });
  afterAll(async () => {
    await ctx?.close();
    rmSync(webDist, { recursive: true, force: true });
  });
  const scrape = async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/metrics', headers: bearer });
    expect(res.statusCode).toBe(200);
    return res.body;
  };
  const value = (text: string, series: string) => {
    const line = text.split('\n').find((l) => l.startsWith(`${series} `));
    return line === undefined ? undefined : Number(line.slice(series.length + 1));
  };

  it('ISSUE-19-METRICS are refused (401, JSON) without the token or with another, and read with it', async () => {
    for (const headers of [
      {},
      { authorization: 'Bearer wrong' },
      { authorization: TOKEN },
      { authorization: `Basic ${TOKEN}` },
    ]) {
      const res = await ctx.app.inject({ method: 'GET', url: '/metrics', headers });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: METRICS_REFUSED });
      expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
    }
    const res = await ctx.app.inject({ method: 'GET', url: '/metrics', headers: bearer });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toContain('process_cpu_user_seconds_total');
    expect(res.body).toContain('nodejs_eventloop_lag_seconds');
  });

  it('ISSUE-19-METRICS HTTP latency by method, route pattern and status; unknown paths share one label', async () => {
    const vehicle = await createVehicle(ctx.database.db);
    await ctx.app.inject({ method: 'GET', url: `/api/vehicles/${vehicle.slug}` });
    for (let i = 0; i < 30; i++) await ctx.app.inject({ method: 'GET', url: `/api/no-such-route-${i}` });
    const text = await scrape();
    expect(text).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/api\/vehicles\/:id",status_code="200"\} 1/,
    );
    expect(text).toMatch(/http_request_duration_seconds_count\{method="GET",route="unmatched",status_code="404"\} 30/);
    expect(text).not.toContain('no-such-route');
  });

  it('ISSUE-19-METRICS outbox queue length, open event streams and accepted bids', async () => {
    const before = await scrape();
    const queued = value(before, 'email_outbox_queued') ?? Number.NaN;
    await queueEmail(ctx.database.db, {
      template: 'staffNewInquiry',
      to: 'staff@example.com',
      data: { subject: 'Metrics', fromName: 'M', fromEmail: 'm@example.com', adminUrl: 'http://localhost/admin' },
    });
    const untrack = ctx.app.auctionEvents.trackStream({ end: () => {} });
    const admin = await signInAs(ctx, 'Admin');
    const vehicle = await createVehicle(ctx.database.db);
    const auction = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/auctions',
      headers: admin.headers,
      payload: { vehicleId: vehicle.id, startingBid: 1_000, endsAt: new Date(Date.now() + 86_400_000).toISOString() },
    });
    expect(auction.statusCode).toBe(201);
    const buyer = await registerBuyer(ctx.app);
    const bid = (amount: number) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/vehicles/${vehicle.id}/bids`,
        headers: buyer.headers,
        payload: { amount },
      });
    expect((await bid(1_000)).statusCode).toBe(201);
    expect((await bid(1)).statusCode).toBe(400); // refused: not counted
    const after = await scrape();
    expect(value(after, 'email_outbox_queued')).toBe(queued + 1);
    expect(value(after, 'auction_event_streams_open')).toBe(1);
    expect(value(after, 'auction_bids_total')).toBe(1);
    untrack();
    expect(value(await scrape(), 'auction_event_streams_open')).toBe(0);
  });

  it('ISSUE-19-METRICS /metrics is never the web app page', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.headers['content-type']).not.toContain('text/html');
    expect((await ctx.app.inject({ method: 'GET', url: '/metrics/x' })).statusCode).toBe(404);
  });
});

describe('metrics off', () => {
  it('ISSUE-19-METRICS without METRICS_TOKEN, /metrics is a 404 in JSON, not the web app page; apps keep their own registries', async () => {
    const webDist = mkdtempSync(path.join(tmpdir(), 'vm-web-dist-'));
    writeFileSync(
      path.join(webDist, 'index.html'),
      '<!doctype html><html><head></head><body><div id="root"></div></body></html>',
    );
    const off = await createTestContext('sqlite', { WEB_DIST: webDist });
    const a = await createTestContext('sqlite', { METRICS_TOKEN: TOKEN });
    const b = await createTestContext('sqlite', { METRICS_TOKEN: TOKEN });
    try {
      for (const url of ['/metrics', '/metrics/']) {
        const res = await off.app.inject({ method: 'GET', url, headers: bearer });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ message: 'Route not found' });
      }
      expect((await off.app.inject({ method: 'GET', url: '/' })).headers['content-type']).toContain('text/html');
      for (let i = 0; i < 3; i++) await a.app.inject({ method: 'GET', url: '/api/ping' });
      const count = async (ctx: TestContext) =>
        (await ctx.app.inject({ method: 'GET', url: '/metrics', headers: bearer })).body.match(
          /http_request_duration_seconds_count\{method="GET",route="\/api\/ping",status_code="200"\} (\d+)/,
        )?.[1];
      expect(await count(a)).toBe('3');
      expect(await count(b)).toBeUndefined();
    } finally {
      await off.close();
      await a.close();
      await b.close();
      rmSync(webDist, { recursive: true, force: true });
    }
  });
});

describe('request ids', () => {
  it('ISSUE-19-REQUEST-ID every answer carries x-request-id; a safe incoming id is kept, another replaced; every log line of the request has it', async () => {
    const lines: { reqId?: string; msg?: string }[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n')) if (line) lines.push(JSON.parse(line));
        done();
      },
    });
    const dir = mkdtempSync(path.join(tmpdir(), 'vm-reqid-'));
    const config = loadConfig({ DATA_DIR: dir, JWT_SECRET: 'x'.repeat(40) });
    const database = openSqlite(path.join(dir, 'ids.db'));
    await migrateToLatest(database.db, database.dialect);
    const app = await buildApp({ config, database, logger: { level: 'info', stream } });
    try {
      const fresh = await app.inject({ method: 'GET', url: '/api/ping' });
      const id = fresh.headers['x-request-id'];
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      const again = await app.inject({ method: 'GET', url: '/api/ping' });
      expect(again.headers['x-request-id']).not.toBe(id);

      const kept = await app.inject({
        method: 'GET',
        url: '/api/ping',
        headers: { 'x-request-id': 'lb-1234.abc_DEF' },
      });
      expect(kept.headers['x-request-id']).toBe('lb-1234.abc_DEF');
      for (const unsafe of ['has space', 'x'.repeat(129), 'semi;colon', 'é']) {
        const res = await app.inject({ method: 'GET', url: '/api/ping', headers: { 'x-request-id': unsafe } });
        expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      }
      // Errors and 404s too.
      const missing = await app.inject({ method: 'GET', url: '/api/no-such-route' });
      expect(missing.statusCode).toBe(404);
      expect(missing.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      const bad = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: '{"email": ',
        headers: { 'content-type': 'application/json', 'x-request-id': 'bad-json-1' },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.headers['x-request-id']).toBe('bad-json-1');

      const ofKept = lines.filter((l) => l.reqId === 'lb-1234.abc_DEF').map((l) => l.msg);
      expect(ofKept).toEqual(['incoming request', 'request completed']);
      expect(lines.filter((l) => l.msg === 'incoming request').every((l) => typeof l.reqId === 'string')).toBe(true);
    } finally {
      await app.close();
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
