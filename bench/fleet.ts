/**
 * Fleet drill (issue #19, "More than one machine"): two server processes with separate data
 * directories (as on two machines), one PostgreSQL cluster, one S3-compatible server (s3rver),
 * rate limits on as in production. Five checks, each with a verdict and its figures:
 *
 *   1. a photo uploaded through A is served by B (the same bytes; neither data dir holds it);
 *   2. a price changed on A is found by a search on B within a second (B polled every 25 ms
 *      from A's acknowledgement; B had answered that search before the change);
 *   3. 30 failed sign-ins for one email alternating between A and B are limited as 30 sent to
 *      A alone (both runs measured, each from its own loopback address and for its own email);
 *   4. kill -9 of A under load (vehicle pages and searches spread over A and B at random) leaves
 *      B serving: no 5xx and no failed request on B; only requests sent to A fail;
 *   5. GET /api/ready on both instances (A restarted) turns 503 naming the database when
 *      PostgreSQL stops and 200 when it returns.
 *
 * The whole drill runs on a PostgreSQL cluster of its own, created and dropped here (as
 * bench/outage.ts does), so stopping it in step 5 cannot disturb anyone's tests on the shared one.
 *
 *   node --import tsx bench/fleet.ts [--vehicles 20000] [--clients 16] [--load-seconds 20] [--trials 10]
 */
import { createHash, randomBytes } from 'node:crypto';
import { execFile, execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { parseArgs, promisify } from 'node:util';
import sharp from 'sharp';
import { type Vehicle, type VehicleImagesResponse, vehicleInputSchema } from '@vm/shared/vehicle';
import { LOGIN_PER_EMAIL_LIMIT } from '../apps/api/src/features/auth/login-limits.ts';
import { BENCH_ADMIN_EMAIL, BENCH_PASSWORD, benchUserEmail } from './catalogue.ts';
import { onCleanup, runBenchmark } from './lib/cleanup.ts';
import { prepareData, statusText } from './lib/drill.ts';
import { HttpClient, type HttpResult, type Requester, SpreadClient } from './lib/http-client.ts';
import { Ledger } from './lib/ledger.ts';
import { machineInfo } from './lib/machine.ts';
import { type Cluster, clusterOnline, dedicatedCluster } from './lib/postgres.ts';
import { table, verdict, writeReport } from './lib/report.ts';
import { startS3 } from './lib/s3.ts';
import { type BenchServer, startServer } from './lib/server.ts';
import { int, ms, summarize } from './lib/stats.ts';
import { type Client, detail, runClients, type Sample, sampleVehicles, search } from './lib/traffic.ts';

const run = promisify(execFile);
const sleep = (t: number) => new Promise((r) => setTimeout(r, t));
const secs = (t: number | undefined) => (t === undefined ? 'never' : `${(t / 1000).toFixed(2)} s`);
const isOk = (status: number) => status >= 200 && status < 300;

/** Both processes must sign and accept the same tokens, as a fleet shares its secret. */
const SHARED_JWT_SECRET = randomBytes(48).toString('base64url');
const PRICE_TARGET_MS = 1000;
const POLL_EVERY_MS = 25;
const READY_RECOVERY_TARGET_MS = 10_000;
/**
 * Searches per second in the load of step 4. The search route allows 600 a minute per address,
 * counted over the whole fleet, and every request of this drill comes from 127.0.0.1: the
 * searches are paced below it (with room for step 2's polls); vehicle pages have no limit.
 */
const SEARCHES_PER_SECOND = 5;

type ServerName = 'A' | 'B';

// ---------------------------------------------------------------------------------------------
// Step 1: a photo uploaded through A is served by B

interface VariantCheck {
  path: string;
  statusB: number;
  contentType: string;
  bytes: number;
  sameAsA: boolean;
  msFromAck: number;
}

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** Every file under DATA_DIR/uploads of an instance (the ready probe's file excepted). */
function uploadFiles(dataDir: string): string[] {
  const dir = path.join(dataDir, 'uploads');
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter(
    (f) => !path.basename(f).startsWith('.') && statSync(path.join(dir, f)).isFile(),
  );
}

async function photoStep(a: BenchServer, b: BenchServer, token: string, vehicleId: string, dirs: string[]) {
  // A photo as a camera would send it: a large JPEG with some noise, processed into every width.
  const jpeg = await sharp({
    create: {
      width: 2000,
      height: 1333,
      channels: 3,
      background: { r: 40, g: 90, b: 160 },
      noise: { type: 'gaussian', mean: 120, sigma: 30 },
    },
  })
    .jpeg({ quality: 85 })
    .toBuffer();
  const form = new FormData();
  form.append('images', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'fleet-photo.jpg');
  const started = performance.now();
  const res = await fetch(`${a.baseUrl}/api/vehicles/${vehicleId}/images`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const ackAt = performance.now();
  const uploadMs = ackAt - started;
  if (res.status !== 200) throw new Error(`upload through A answered ${res.status}: ${await res.text()}`);
  const body = (await res.json()) as VehicleImagesResponse;
  const image = body.images.at(-1);
  if (!image) throw new Error('the upload answered no image');
  // The address in the answer and every width of its srcset, asked of B (then of A, to compare).
  const urls = [image.url, ...image.srcSet.split(',').map((s) => s.trim().split(/\s+/)[0] ?? '')].filter(Boolean);
  const paths = [...new Set(urls.map((u) => new URL(u, a.baseUrl)).map((u) => u.pathname + u.search))];
  const variants: VariantCheck[] = [];
  for (const p of paths) {
    const fromB = await fetch(`${b.baseUrl}${p}`);
    const bytesB = Buffer.from(await fromB.arrayBuffer());
    const msFromAck = performance.now() - ackAt;
    const fromA = await fetch(`${a.baseUrl}${p}`);
    const bytesA = Buffer.from(await fromA.arrayBuffer());
    variants.push({
      path: p,
      statusB: fromB.status,
      contentType: fromB.headers.get('content-type') ?? '',
      bytes: bytesB.length,
      sameAsA: fromA.status === 200 && bytesA.length > 0 && sha256(bytesA) === sha256(bytesB),
      msFromAck,
    });
  }
  // B's own vehicle page lists the new image.
  const page = await fetch(`${b.baseUrl}/api/vehicles/${vehicleId}`);
  const listedOnB = ((await page.json()) as Vehicle).images.some((img) => img.id === image.id);
  const filesOnDisk = dirs.map((d) => uploadFiles(d).length);
  const ok =
    variants.length > 0 &&
    variants.every((v) => v.statusB === 200 && v.sameAsA && v.contentType.startsWith('image/')) &&
    listedOnB &&
    filesOnDisk.every((n) => n === 0);
  return { ok, uploadBytes: jpeg.length, uploadMs, imageId: image.id, variants, listedOnB, filesOnDisk };
}

// ---------------------------------------------------------------------------------------------
// Step 2: a price changed on A is found by a search on B within a second

interface PriceTrial {
  vehicleId: string;
  oldPrice: number;
  newPrice: number;
  shownBefore: boolean;
  putMs: number;
  /** From A's acknowledgement to B's first answer showing the new price. */
  lagMs: number | undefined;
  polls: number;
  /** How long B took to answer the first search after A's acknowledgement. */
  firstPollMs: number;
}

const fieldsOfInput = Object.keys(vehicleInputSchema.shape) as (keyof typeof vehicleInputSchema.shape)[];

async function priceTrial(a: HttpClient, b: HttpClient, token: string, vehicleId: string, newPrice: number) {
  const edit = await a.request('GET', `/api/vehicles/${vehicleId}/edit`, { token });
  if (edit.status !== 200) throw new Error(`GET edit on A answered ${edit.status}: ${JSON.stringify(edit.body)}`);
  const vehicle = edit.body as Record<string, unknown> & { price: number };
  const input = Object.fromEntries(fieldsOfInput.map((k) => [k, vehicle[k]]));
  const searchPath = `/api/vehicles/search?minPrice=${newPrice}&maxPrice=${newPrice}`;
  const shows = (res: HttpResult) =>
    res.status === 200 &&
    (res.body as { vehicles: { id: string; price: number }[] }).vehicles.some(
      (v) => v.id === vehicleId && v.price === newPrice,
    );
  // B answers (and keeps) the search before the change.
  const before = await b.request('GET', searchPath);
  if (before.status !== 200) throw new Error(`search on B answered ${before.status}: ${JSON.stringify(before.body)}`);
  const started = performance.now();
  const put = await a.request('PUT', `/api/vehicles/${vehicleId}`, { token, body: { ...input, price: newPrice } });
  const ackAt = performance.now();
  if (put.status !== 200) throw new Error(`PUT on A answered ${put.status}: ${JSON.stringify(put.body)}`);
  let lagMs: number | undefined;
  let polls = 0;
  let firstPollMs = 0;
  while (performance.now() - ackAt < 5000) {
    const pollStarted = performance.now();
    const res = await b.request('GET', searchPath);
    polls++;
    if (polls === 1) firstPollMs = res.ms;
    if (shows(res)) {
      lagMs = performance.now() - ackAt;
      break;
    }
    await sleep(Math.max(0, POLL_EVERY_MS - (performance.now() - pollStarted)));
  }
  const trial: PriceTrial = {
    vehicleId,
    oldPrice: vehicle.price,
    newPrice,
    shownBefore: shows(before),
    putMs: ackAt - started,
    lagMs,
    polls,
    firstPollMs,
  };
  return trial;
}

// ---------------------------------------------------------------------------------------------
// Step 3: failed sign-ins alternating between A and B

/**
 * One POST from a given loopback address (127.0.0.x all reach 127.0.0.1 on Linux), so each run
 * of step 3 has its own per-address count (30 sign-ins a minute) and only the per-email limit
 * is measured. A fresh connection each time, as separate sign-in attempts would be.
 */
function postFrom(baseUrl: string, localAddress: string, urlPath: string, body: unknown) {
  const url = new URL(urlPath, baseUrl);
  const payload = Buffer.from(JSON.stringify(body));
  const started = performance.now();
  return new Promise<{ status: number; ms: number; error?: string }>((resolve) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        localAddress,
        agent: false,
        headers: { 'content-type': 'application/json', 'content-length': payload.length, accept: 'application/json' },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }));
      },
    );
    req.on('error', (err: NodeJS.ErrnoException) =>
      resolve({ status: 0, ms: performance.now() - started, error: err.code ?? err.message }),
    );
    req.end(payload);
  });
}

interface LoginRun {
  label: string;
  email: string;
  from: string;
  attempts: { server: ServerName; status: number; ms: number }[];
}

async function failedLogins(
  label: string,
  email: string,
  from: string,
  route: (i: number) => [ServerName, BenchServer],
): Promise<LoginRun> {
  const attempts: LoginRun['attempts'] = [];
  for (let i = 0; i < 30; i++) {
    const [name, server] = route(i);
    const res = await postFrom(server.baseUrl, from, '/api/auth/login', { email, password: 'not-the-password-1' });
    attempts.push({ server: name, status: res.status, ms: res.ms });
  }
  return { label, email, from, attempts };
}

/** "401 × 10, then 429 × 20": the sequence of statuses, runs collapsed. */
function sequenceText(statuses: readonly number[]): string {
  const runs: [number, number][] = [];
  for (const s of statuses) {
    const last = runs.at(-1);
    if (last && last[0] === s) last[1]++;
    else runs.push([s, 1]);
  }
  return runs.map(([s, n]) => `${s} × ${n}`).join(', then ');
}

// ---------------------------------------------------------------------------------------------
// Step 4: kill -9 of A under load

interface Routed {
  server: ServerName;
  status: number;
  error: string | undefined;
  sentAt: number;
  doneAt: number;
  ms: number;
}

/** A Requester that records which server each request went to and what came back. */
function recorded(name: ServerName, target: Requester, log: Routed[], startedAt: number): Requester {
  return {
    request: async (method, urlPath, init) => {
      const sentAt = performance.now() - startedAt;
      const res = await target.request(method, urlPath, init);
      log.push({ server: name, status: res.status, error: res.error, sentAt, doneAt: sentAt + res.ms, ms: res.ms });
      return res;
    },
  };
}

const failed = (r: { status: number }) => r.status === 0 || r.status >= 500;
const routedStatuses = (list: readonly Routed[]) => {
  const statuses: Record<string, number> = {};
  for (const r of list) {
    const key = r.status === 0 ? `no answer (${r.error ?? 'error'})` : String(r.status);
    statuses[key] = (statuses[key] ?? 0) + 1;
  }
  return statusText(statuses) || 'none';
};

// ---------------------------------------------------------------------------------------------
// Step 5: /api/ready while the database stops and returns

interface ReadyProbe {
  at: number;
  status: number;
  failed: string[] | undefined;
  message: string | undefined;
  error: string | undefined;
}

function startReadyProbe(baseUrl: string, startedAt: number) {
  const client = new HttpClient(baseUrl, { sockets: 1, timeoutMs: 5000 });
  const probes: ReadyProbe[] = [];
  let running = true;
  const done = (async () => {
    while (running) {
      const res = await client.request('GET', '/api/ready');
      const body = res.body as { failed?: string[]; message?: string } | undefined;
      probes.push({
        at: performance.now() - startedAt,
        status: res.status,
        failed: body?.failed,
        message: body?.message,
        error: res.error,
      });
      await sleep(100);
    }
    client.close();
  })();
  return {
    probes,
    stop: async () => {
      running = false;
      await done;
    },
  };
}

/**
 * A dead server's last log lines, readable: pino's JSON lines as `level msg: error` (with the
 * stack of errors, level 50 and above), other lines as they are.
 */
function lastLogLines(output: string): string {
  const levels: Record<number, string> = { 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };
  return output
    .trim()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .slice(-8)
    .map((line) => {
      try {
        const entry = JSON.parse(line) as { level: number; msg?: string; err?: { message?: string; stack?: string } };
        const head = `${levels[entry.level] ?? entry.level} ${entry.msg ?? ''}: ${entry.err?.message ?? ''}`;
        const stack = entry.level >= 50 ? (entry.err?.stack ?? '').split('\n').slice(1, 14).join('\n') : '';
        return stack ? `${head}\n${stack}` : head;
      } catch {
        return line.slice(0, 400);
      }
    })
    .join('\n');
}

// ---------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      vehicles: { type: 'string', default: '20000' },
      clients: { type: 'string', default: '16' },
      'load-seconds': { type: 'string', default: '20' },
      trials: { type: 'string', default: '10' },
      'down-seconds': { type: 'string', default: '5' },
    },
  });
  const machine = machineInfo();
  const vehicleCount = Number.parseInt(values.vehicles, 10);
  const clientCount = Number.parseInt(values.clients, 10);
  const loadMs = Number.parseFloat(values['load-seconds']) * 1000;
  const trialCount = Number.parseInt(values.trials, 10);
  const downMs = Number.parseFloat(values['down-seconds']) * 1000;

  const cluster: Cluster = dedicatedCluster('vm_bench_fleet');
  const data = await prepareData('fleet', 'postgres', { vehicles: vehicleCount, users: 500 }, cluster.adminUrl);
  // Whatever happens below, the cluster must be running again to drop the database.
  onCleanup(`start cluster ${cluster.version}/${cluster.name}`, () => {
    if (!clusterOnline(cluster)) execFileSync('pg_ctlcluster', [cluster.version, cluster.name, 'start']);
  });
  const ctl = (action: 'start' | 'stop') =>
    run('pg_ctlcluster', [cluster.version, cluster.name, action, ...(action === 'stop' ? ['-m', 'fast'] : [])]);

  const db = data.open();
  const pools = await sampleVehicles(db.db, 30, 2000);
  // Plain listings (not auctions) for the photo and the price changes, away from the load's pools.
  const targets = (
    await db.db
      .selectFrom('vehicles')
      .select('id')
      .where('status', '=', 'Available')
      .where('listing_type', '=', 'listing')
      .orderBy('slug', 'desc')
      .limit(trialCount + 1)
      .execute()
  ).map((r) => r.id);
  await db.close();
  const photoVehicle = targets[0];
  if (!photoVehicle || targets.length < trialCount + 1) throw new Error('not enough Available listings');

  const s3 = await startS3('fleet-media');
  onCleanup('kill s3rver', () => {
    try {
      if (s3.pid) process.kill(s3.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  });

  // Separate data dirs (as on two machines); the same database, bucket and JWT secret; limits on.
  const dirA = path.join(data.dataDir, 'instance-a');
  const dirB = path.join(data.dataDir, 'instance-b');
  const common = {
    databaseUrl: data.databaseUrl ?? '',
    env: { JWT_SECRET: SHARED_JWT_SECRET, RATE_LIMIT: 'on', ...s3.env },
  };
  let serverA = await startServer({ dataDir: dirA, ...common });
  const serverB = await startServer({ dataDir: dirB, ...common });
  const sockets = clientCount + 4;
  let a = new HttpClient(serverA.baseUrl, { sockets, timeoutMs: 10_000 });
  const b = new HttpClient(serverB.baseUrl, { sockets, timeoutMs: 10_000 });

  try {
    const signIn = await a.request('POST', '/api/auth/login', {
      body: { email: BENCH_ADMIN_EMAIL, password: BENCH_PASSWORD },
    });
    const adminToken = (signIn.body as { token?: string }).token;
    if (signIn.status !== 200 || !adminToken) throw new Error(`admin sign-in answered ${signIn.status}`);

    // 1. Photo
    console.log('[fleet] 1. photo uploaded through A, asked of B...');
    const photo = await photoStep(serverA, serverB, adminToken, photoVehicle, [dirA, dirB]);
    console.log(`[fleet]    ${photo.variants.length} files, B ${photo.ok ? 'serves them' : 'FAILS'}`);

    // 2. Price
    console.log(`[fleet] 2. ${trialCount} price changes on A, searched on B...`);
    const trials: PriceTrial[] = [];
    for (let i = 0; i < trialCount; i++) {
      const id = targets[i + 1] as string;
      // A price no generated vehicle has (the catalogue's end in 0 or 5 hundreds at most).
      trials.push(await priceTrial(a, b, adminToken, id, 314_159 + i * 1_003));
    }
    const lags = trials.map((t) => t.lagMs).filter((x): x is number => x !== undefined);
    const lagSummary = summarize(lags);
    const priceOk = trials.every((t) => t.lagMs !== undefined && t.lagMs < PRICE_TARGET_MS && !t.shownBefore);
    console.log(`[fleet]    lag p50 ${ms(lagSummary.p50)}, max ${ms(lagSummary.max)}`);

    // 3. Failed sign-ins
    console.log('[fleet] 3. 30 failed sign-ins on A alone, then 30 alternating A and B...');
    const single = await failedLogins('30 to A alone (one instance)', benchUserEmail(401), '127.0.0.2', () => [
      'A',
      serverA,
    ]);
    const alternating = await failedLogins('30 alternating A, B, A, B...', benchUserEmail(402), '127.0.0.3', (i) =>
      i % 2 === 0 ? ['A', serverA] : ['B', serverB],
    );
    const seqSingle = single.attempts.map((x) => x.status);
    const seqAlt = alternating.attempts.map((x) => x.status);
    const passedAlt = seqAlt.filter((s) => s !== 429).length;
    const loginOk =
      seqAlt.join() === seqSingle.join() &&
      passedAlt === LOGIN_PER_EMAIL_LIMIT.max &&
      seqAlt.slice(LOGIN_PER_EMAIL_LIMIT.max).every((s) => s === 429);
    console.log(`[fleet]    one instance: ${sequenceText(seqSingle)}; alternating: ${sequenceText(seqAlt)}`);

    // 4. kill -9 of A under load
    console.log(`[fleet] 4. load over A and B for ${loadMs / 1000} s, kill -9 of A at ${(loadMs * 0.4) / 1000} s...`);
    const routed: Routed[] = [];
    const samples: Sample[] = [];
    const startedAt = performance.now();
    const spread = new SpreadClient([recorded('A', a, routed, startedAt), recorded('B', b, routed, startedAt)]);
    const visitor = (): Client => ({ user: { id: '', email: '', token: '' }, http: spread, watching: new Map() });
    const ledger = new Ledger();
    const pages = runClients({
      clients: Array.from({ length: clientCount }, visitor),
      durationMs: loadMs,
      next: () => detail(pools),
      ledger,
      samples,
      startedAt,
    });
    const searches = (async () => {
      const client = visitor();
      while (performance.now() - startedAt < loadMs) {
        const res = await search.run(client, ledger);
        samples.push({ type: 'search', status: res.status, ms: res.ms, at: performance.now() - startedAt });
        await sleep(Math.max(0, 1000 / SEARCHES_PER_SECOND - res.ms));
      }
    })();
    await sleep(loadMs * 0.4);
    const killAt = performance.now() - startedAt;
    await serverA.kill9();
    const killedAt = performance.now() - startedAt;
    console.log(`[fleet]    A killed at ${secs(killAt)}`);
    await Promise.all([pages, searches]);
    const loadEnd = performance.now() - startedAt;

    const toA = routed.filter((r) => r.server === 'A');
    const toB = routed.filter((r) => r.server === 'B');
    const aFailures = toA.filter(failed);
    const aFailuresBeforeKill = aFailures.filter((r) => r.doneAt < killAt);
    const aInFlight = toA.filter((r) => r.sentAt < killAt && r.doneAt >= killAt);
    const aAfter = toA.filter((r) => r.sentAt >= killAt);
    const bBefore = toB.filter((r) => r.sentAt < killAt);
    const bAfter = toB.filter((r) => r.sentAt >= killAt);
    const bFailures = toB.filter((r) => failed(r));
    const bNonOk = toB.filter((r) => !isOk(r.status));
    const bLatBefore = summarize(bBefore.map((r) => r.ms));
    const bLatAfter = summarize(bAfter.map((r) => r.ms));
    const bRateBefore = (bBefore.length / killAt) * 1000;
    const bRateAfter = (bAfter.length / (loadEnd - killAt)) * 1000;
    const lastBOk = Math.max(...toB.filter((r) => isOk(r.status)).map((r) => r.doneAt));
    const searchesOnB = samples.filter((s) => s.type === 'search').length;
    const bAliveAfterLoad = serverB.alive();
    const killOk =
      bFailures.length === 0 &&
      bNonOk.length === 0 &&
      aFailuresBeforeKill.length === 0 &&
      bAfter.length > 0 &&
      loadEnd - lastBOk < 1000 &&
      bAliveAfterLoad;
    console.log(
      `[fleet]    B: ${toB.length} requests, ${bFailures.length} failed; A: ${toA.length} requests, ${aFailures.length} failed`,
    );

    // A comes back on its own data dir, as a replaced machine would, and joins the fleet again.
    const restartStarted = performance.now();
    a.close();
    serverA = await startServer({ dataDir: dirA, ...common });
    a = new HttpClient(serverA.baseUrl, { sockets, timeoutMs: 10_000 });
    const restartMs = performance.now() - restartStarted;

    // 5. /api/ready while the database stops and returns
    console.log(`[fleet] 5. /api/ready on A and B; cluster ${cluster.name} stopped for ${downMs / 1000} s...`);
    const readyStart = performance.now();
    const now = () => performance.now() - readyStart;
    const readyProbes = {
      A: startReadyProbe(serverA.baseUrl, readyStart),
      B: startReadyProbe(serverB.baseUrl, readyStart),
    };
    await sleep(2000);
    const stopIssued = now();
    await ctl('stop');
    const stopped = now();
    await sleep(downMs);
    const startIssued = now();
    await ctl('start');
    const started = now();
    const deadline = performance.now() + 30_000;
    const okAfterStart = (p: ReadyProbe[]) => p.some((x) => x.at > startIssued && x.status === 200);
    while (performance.now() < deadline && !(okAfterStart(readyProbes.A.probes) && okAfterStart(readyProbes.B.probes)))
      await sleep(100);
    await sleep(1000);
    await readyProbes.A.stop();
    await readyProbes.B.stop();
    const readyFor = (name: ServerName, server: BenchServer) => {
      const probes = readyProbes[name].probes;
      const before = probes.filter((p) => p.at < stopIssued);
      const first503 = probes.find((p) => p.at >= stopIssued && p.status === 503);
      const firstOkAfter = probes.find((p) => p.at >= startIssued && p.status === 200);
      // While down: from the first 503 to the start command, every answer a 503 naming the database.
      const down = probes.filter((p) => first503 && p.at >= first503.at && p.at < startIssued);
      const downWrong = down.filter((p) => p.status !== 503 || !p.failed?.includes('database'));
      const others = probes.filter((p) => p.status !== 200 && p.status !== 503);
      const messages = [...new Set(probes.filter((p) => p.status === 503).map((p) => p.message ?? '(none)'))];
      const failedNames = [...new Set(probes.filter((p) => p.status === 503).flatMap((p) => p.failed ?? []))];
      const recoveryMs = firstOkAfter ? firstOkAfter.at - startIssued : undefined;
      const alive = server.alive();
      // The server's last words when it died: the evidence its owner needs.
      const lastWords = alive ? '' : lastLogLines(server.output());
      const exit = alive ? '' : `exit code ${server.child.exitCode}, signal ${server.child.signalCode}`;
      const firstRefused = probes.find((p) => p.status === 0);
      const ok =
        before.length > 0 &&
        before.every((p) => p.status === 200) &&
        first503 !== undefined &&
        downWrong.length === 0 &&
        others.length === 0 &&
        recoveryMs !== undefined &&
        recoveryMs < READY_RECOVERY_TARGET_MS &&
        alive;
      return {
        name,
        probes: probes.length,
        before,
        first503,
        firstOkAfter,
        downCount: down.length,
        downWrong,
        others,
        messages,
        failedNames,
        recoveryMs,
        alive,
        lastWords,
        exit,
        firstRefused,
        ok,
      };
    };
    const ready = [readyFor('A', serverA), readyFor('B', serverB)];
    const readyOk = ready.every((r) => r.ok);
    for (const r of ready.filter((x) => !x.alive))
      console.log(`[fleet]    ${r.name} exited (${r.exit}):\n${r.lastWords}`);
    for (const r of ready)
      console.log(
        `[fleet]    ${r.name}: first 503 ${secs(r.first503?.at)}, 200 again ${secs(r.recoveryMs)} after the start command`,
      );

    // -----------------------------------------------------------------------------------------
    const checks: [string, string, string, boolean][] = [
      [
        '1. A photo uploaded through A is served by B',
        'every width B serves is 200, an image, byte for byte what A serves; B lists it; no data dir holds it',
        `${photo.variants.filter((v) => v.statusB === 200 && v.sameAsA).length} of ${photo.variants.length} files identical from B, first ${ms(photo.variants[0]?.msFromAck ?? 0)} after A's answer; files under A's and B's uploads: ${photo.filesOnDisk.join(' and ')}`,
        photo.ok,
      ],
      [
        '2. A price changed on A is found by a search on B',
        `within ${PRICE_TARGET_MS} ms of A's answer, every time`,
        `${lags.length} of ${trials.length} found; p50 ${ms(lagSummary.p50)}, max ${ms(lagSummary.max)} after A's answer`,
        priceOk,
      ],
      [
        '3. 30 failed sign-ins alternating between A and B are limited as on one instance',
        `the same answers as 30 to A alone: ${LOGIN_PER_EMAIL_LIMIT.max} refused passwords, then 429 (${LOGIN_PER_EMAIL_LIMIT.max} per email per ${LOGIN_PER_EMAIL_LIMIT.timeWindow})`,
        `one instance: ${sequenceText(seqSingle)}; alternating: ${sequenceText(seqAlt)}`,
        loginOk,
      ],
      [
        '4. Killing A mid-load leaves B serving',
        'no 5xx and no failed request on B; only requests sent to A fail, and none before the kill',
        `B: ${int(toB.length)} requests, ${bFailures.length} 5xx or unanswered, ${int(bAfter.length)} after the kill; A: ${aFailures.length} failed (${aInFlight.filter(failed).length} in flight at the kill, ${aAfter.length} sent after it)`,
        killOk,
      ],
      [
        '5. /api/ready turns 503 when the database stops and 200 when it returns',
        `503 naming the database while it is down, on both instances; 200 within ${READY_RECOVERY_TARGET_MS / 1000} s of the start command`,
        ready
          .map(
            (r) =>
              `${r.name}: 503 ${secs(r.first503 ? r.first503.at - stopIssued : undefined)} after the stop command, 200 ${secs(r.recoveryMs)} after the start command${r.alive ? '' : ` (the process exited: ${r.exit}, probe refused from ${secs(r.firstRefused ? r.firstRefused.at - stopIssued : undefined)} after the stop command)`}`,
          )
          .join('; '),
        readyOk,
      ],
    ];
    const allOk = checks.every((c) => c[3]);
    console.log(`[fleet] ${allOk ? 'all five checks met' : 'NOT all checks met'}`);

    writeReport({
      script: 'fleet',
      title: 'Fleet drill: two instances, one PostgreSQL, one S3-compatible server (issue #19)',
      dialect: `PostgreSQL ${cluster.version}, cluster "${cluster.name}"`,
      machine,
      sections: [
        `Two server processes, A and B, each with its own DATA_DIR (as on two machines), the same DATABASE_URL, JWT_SECRET and bucket (s3rver, the S3-compatible server the tests use, in a process of its own), RATE_LIMIT=on as in production. The database (${int(vehicleCount)} vehicles, 500 users) is on a PostgreSQL cluster created for this drill and dropped after it, so stopping it in step 5 disturbed nobody else's tests. Every request of the drill comes from the loopback interface; step 3 sends each run from its own address (127.0.0.2, 127.0.0.3) so that the per-address sign-in limit (30 a minute, shared by the fleet) does not mix into the per-email one.`,
        table(
          ['Check', 'Target', 'Figure', 'Result'],
          checks.map(([name, target, figure, ok]) => [name, target, figure, verdict(ok)]),
        ),
        '## 1. A photo uploaded through A, served by B',
        `A ${int(photo.uploadBytes / 1024)} KiB JPEG (2000 × 1333) uploaded by the admin through \`POST /api/vehicles/:id/images\` on A (answered in ${ms(photo.uploadMs)}); then every address of the new image in the answer (its url and each width of its srcset) asked of B, then of A to compare. B's \`GET /api/vehicles/:id\` ${photo.listedOnB ? 'lists' : 'does **not** list'} the image. Files under DATA_DIR/uploads after the upload: A ${photo.filesOnDisk[0]}, B ${photo.filesOnDisk[1]}: the media are in the bucket only.`,
        table(
          [
            'Address',
            'Status from B',
            'Content-Type',
            'Bytes',
            'Same bytes as A',
            'Answered after A\u2019s upload answer',
          ],
          photo.variants.map((v) => [
            `\`${v.path}\``,
            v.statusB,
            v.contentType,
            int(v.bytes),
            v.sameAsA ? 'yes' : '**no**',
            ms(v.msFromAck),
          ]),
        ),
        '## 2. A price changed on A, found by a search on B',
        `${trials.length} times: B answers \`GET /api/vehicles/search?minPrice=P&maxPrice=P\`, the admin sets the vehicle's price to P with \`PUT /api/vehicles/:id\` on A, and from A's answer B is asked the same search every ${POLL_EVERY_MS} ms until the vehicle is in it at price P (for at most 5 s). The lag is from A's answer to B's first answer showing the new price.`,
        table(
          [
            'Vehicle',
            'Old price',
            'New price',
            'In B\u2019s answer before',
            'PUT on A',
            'Found on B after',
            'Searches on B',
            'B\u2019s first answer took',
          ],
          trials.map((t) => [
            t.vehicleId,
            `$${int(t.oldPrice)}`,
            `$${int(t.newPrice)}`,
            t.shownBefore ? '**yes**' : 'no',
            ms(t.putMs),
            t.lagMs === undefined ? '**not within 5 s**' : ms(t.lagMs),
            t.polls,
            ms(t.firstPollMs),
          ]),
        ),
        `Lag over ${lags.length} changes: p50 ${ms(lagSummary.p50)}, p90 ${ms(lagSummary.p90)}, max ${ms(lagSummary.max)}. ${trials.every((t) => t.polls === 1) ? 'Every time the first search B was asked after A\u2019s answer already showed the new price: nothing has to travel between the instances (B reads the catalogue version from the database on every request); the lag is the time B took to answer that first search, which it recomputes under the new catalogue version.' : `Searches B needed before it showed the new price: ${trials.map((t) => t.polls).join(', ')}.`}`,
        '## 3. Failed sign-ins for one email, alternating between A and B',
        `\`POST /api/auth/login\` with a wrong password for an existing account, one at a time: first 30 to A alone (what one instance does), then 30 for another account alternating A, B, A, B... The per-email limit is ${LOGIN_PER_EMAIL_LIMIT.max} attempts per ${LOGIN_PER_EMAIL_LIMIT.timeWindow} (apps/api/src/features/auth/login-limits.ts), counted in PostgreSQL: on one instance attempts 1-${LOGIN_PER_EMAIL_LIMIT.max} are refused passwords (401) and the rest 429. Had each instance counted on its own, the alternating run would have let ${2 * LOGIN_PER_EMAIL_LIMIT.max} passwords be tried before the first 429.`,
        table(
          ['Run', 'From', 'Answers in order', 'Passwords checked (not 429)', 'By server', 'Median answer'],
          [single, alternating].map((r) => [
            r.label,
            r.from,
            sequenceText(r.attempts.map((x) => x.status)),
            r.attempts.filter((x) => x.status !== 429).length,
            (['A', 'B'] as const)
              .map((name) => {
                const own = r.attempts.filter((x) => x.server === name);
                return own.length
                  ? `${name}: ${own.length} (${own.filter((x) => x.status === 429).length} × 429)`
                  : `${name}: 0`;
              })
              .join(', '),
            ms(summarize(r.attempts.map((x) => x.ms)).p50),
          ]),
        ),
        '## 4. kill -9 of A under load',
        `${clientCount} anonymous visitors each opening vehicle pages (\`GET /api/vehicles/:id\`, ${pools.hot.length + pools.wide.length} vehicles) one after another, and storefront searches at ${SEARCHES_PER_SECOND} a second (paced under the search limit of 600 a minute per address, which the fleet counts together); each request goes to A or B at random, as a load balancer without health checks would send them. At ${secs(killAt)} A gets SIGKILL (gone at ${secs(killedAt)}); the load runs on to ${secs(loadEnd)}. A request counts for the server it was sent to.`,
        table(
          ['Requests', 'Count', 'Answers', 'p50', 'p99'],
          [
            [
              'to B before the kill',
              int(bBefore.length),
              routedStatuses(bBefore),
              ms(bLatBefore.p50),
              ms(bLatBefore.p99),
            ],
            ['to B after the kill', int(bAfter.length), routedStatuses(bAfter), ms(bLatAfter.p50), ms(bLatAfter.p99)],
            [
              'to A, answered before the kill',
              int(toA.length - aInFlight.length - aAfter.length),
              routedStatuses(toA.filter((r) => r.doneAt < killAt)),
              '',
              '',
            ],
            ['to A, in flight at the kill', int(aInFlight.length), routedStatuses(aInFlight), '', ''],
            ['to A, sent after the kill', int(aAfter.length), routedStatuses(aAfter), '', ''],
          ],
        ),
        `B answered ${bRateBefore.toFixed(0)} requests a second while it shared the load and ${bRateAfter.toFixed(0)} a second alone after the kill (the clients sending to A after it lost 50 ms per refused connection); its last good answer came ${ms(Math.max(0, loadEnd - lastBOk))} before the load ended. Searches sent in all: ${int(searchesOnB)}. B still running at the end of the load: ${bAliveAfterLoad ? 'yes' : '**no**'}.`,
        `Afterwards A was started again on its own data dir and answered /api/health ${secs(restartMs)} later.`,
        '## 5. /api/ready while PostgreSQL stops and returns',
        `A probe on each instance asks \`GET /api/ready\` every 100 ms. At ${secs(stopIssued)} \`pg_ctlcluster ${cluster.version} ${cluster.name} stop -m fast\` (returned at ${secs(stopped)}); ${downMs / 1000} s later, at ${secs(startIssued)}, \`pg_ctlcluster ${cluster.version} ${cluster.name} start\` (returned at ${secs(started)}). The bucket stays reachable throughout, so only the database can be named.`,
        table(
          [
            'Instance',
            'Before the stop',
            'First 503 after the stop command',
            'Answers while down',
            '503 names',
            'First 200 after the start command',
            'Other answers',
            'Running at the end',
          ],
          ready.map((r) => [
            r.name,
            `${r.before.length} × ${[...new Set(r.before.map((p) => p.status))].join('/')}`,
            r.first503 ? `${secs(r.first503.at - stopIssued)}` : '**never**',
            `${r.downCount} (${r.downWrong.length} not a 503 naming the database)`,
            `${r.failedNames.join(', ') || 'none'}: ${r.messages.map((m) => `"${m}"`).join(', ')}`,
            secs(r.recoveryMs),
            r.others.length
              ? `**${r.others.length}** (${[...new Set(r.others.map((p) => p.error ?? p.status))].join(', ')})`
              : 'none',
            r.alive ? 'yes' : `**no** (${r.exit})`,
          ]),
        ),
        ...ready
          .filter((r) => !r.alive)
          .map(
            (r) =>
              `### ${r.name} exited during step 5 (${r.exit}; its probe was first refused at ${secs(r.firstRefused?.at)})\n\nIts last output:\n\n\`\`\`\n${r.lastWords}\n\`\`\``,
          ),
      ],
    });
    if (!allOk) process.exitCode = 1;
  } finally {
    a.close();
    b.close();
    await serverA.stop();
    await serverB.stop();
    await s3.stop();
  }
}

await runBenchmark(main);
