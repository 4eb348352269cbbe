/**
 * Issue #17: bidding on one auction.
 *
 * 1. Contention: 50 signed-in bidders on one live auction for 30 s, one server per database
 *    (with no pause, then again on a second auction with a pause of about a second per loop).
 *    Each bidder loops: read the auction (GET /api/vehicles/:id/auction, signed in), and unless
 *    they lead, bid the shown minimum plus 0-3 increments as their new maximum. Reported: the
 *    place-bid latency (every POST, whatever its answer), the answers (201, 400 when someone
 *    else's bid raised the minimum between the read and the bid, 409), and afterwards the check:
 *    the price recomputed with auctionPrice from the stored maximums (voided ones left out)
 *    equals the row's and the one the API shows, exactly one leader (the engine's), bid_count
 *    and bidder_count equal the stored rows, each stored bid's visible price and leader equal
 *    the replay of the bids before it, and every 201 is stored with the maximum it was sent.
 * 2. kill -9: the server as a child process, bidders bidding as fast as they can, SIGKILL after
 *    2-4 s; then the database is reopened and every acknowledged (201) bid must be stored with
 *    its maximum, and the auction row must agree with its bids. Then the server restarts on the
 *    same data and must show the same price.
 *
 * Everything runs on 127.0.0.1, bounded in time (about 2 minutes per database).
 *
 *   node --import tsx bench/auction-bids.ts [--dialect sqlite|postgres|both] [--seconds 30]
 *     [--bidders 50] [--kills 2] [--pause 1000]
 */
import { parseArgs } from 'node:util';
import type { Kysely } from 'kysely';
import { auctionPrice, type BidderMaximum, type PublicAuction, replayBids } from '@vm/shared/auction';
import type { DB } from '../apps/api/src/db/schema.ts';
import { BENCH_ADMIN_EMAIL, BENCH_PASSWORD } from './catalogue.ts';
import { runBenchmark } from './lib/cleanup.ts';
import { type DialectName, dialectLabel, type PreparedData, prepareData, statusText } from './lib/drill.ts';
import { HttpClient, type HttpResult } from './lib/http-client.ts';
import { machineInfo } from './lib/machine.ts';
import { table, verdict, writeReport } from './lib/report.ts';
import { type BenchServer, readCpuMs, startServer } from './lib/server.ts';
import { int, ms, percentile } from './lib/stats.ts';
import { type BenchUser, signInBenchUsers } from './lib/traffic.ts';

const P99_TARGET_MS = 50;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Acked {
  id: string;
  bidderId: string;
  amount: number;
}

interface Latency {
  count: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

function latency(samples: readonly number[]): Latency {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    count: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? 0,
  };
}

function countStatuses(results: readonly HttpResult[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const r of results) {
    const key = r.status === 0 ? `no answer (${r.error ?? 'error'})` : String(r.status);
    out[key] = (out[key] ?? 0) + 1;
  }
  return out;
}

interface Check {
  auctionId: string;
  storedBids: number;
  problems: string[];
  price: number | null;
  bidders: number;
}

/**
 * The auction's row against its stored bids: the engine's price and leader from the standing
 * maximums, the counts, each bid's visible price against the replay, and every acknowledged bid.
 */
async function checkAuction(
  db: Kysely<DB>,
  auctionId: string,
  acked: readonly Acked[],
  shown?: PublicAuction,
): Promise<Check> {
  const problems: string[] = [];
  const row = await db.selectFrom('auctions').selectAll().where('id', '=', auctionId).executeTakeFirstOrThrow();
  const bids = await db
    .selectFrom('auction_bids')
    .selectAll()
    .where('auction_id', '=', auctionId)
    .orderBy('seq')
    .execute();
  const standing = bids.filter((b) => b.voided_at === null);
  const maxima = new Map<string, BidderMaximum>();
  for (const b of standing) {
    const had = maxima.get(b.bidder_id);
    if (had && Number(b.max_cents) / 100 <= had.amount)
      problems.push(`bid ${b.id} does not raise its bidder's maximum`);
    maxima.set(b.bidder_id, { bidderId: b.bidder_id, amount: Number(b.max_cents) / 100, order: b.seq });
  }
  const start = Number(row.starting_bid_cents) / 100;
  const reserve = row.reserve_cents === null ? null : Number(row.reserve_cents) / 100;
  const price = auctionPrice(start, reserve, [...maxima.values()]);
  const stored = row.current_bid_cents === null ? null : Number(row.current_bid_cents) / 100;
  if (stored !== price.currentBid) problems.push(`stored price ${stored}, recomputed ${price.currentBid}`);
  if (shown && shown.currentBid !== price.currentBid)
    problems.push(`shown price ${shown.currentBid}, recomputed ${price.currentBid}`);
  if (row.leader_id !== price.leaderId) problems.push(`stored leader ${row.leader_id}, recomputed ${price.leaderId}`);
  // Exactly one leader: one bidder holds the highest maximum, or the earlier of equal ones leads.
  const top = Math.max(0, ...[...maxima.values()].map((m) => m.amount));
  const atTop = [...maxima.values()].filter((m) => m.amount === top).sort((a, b) => a.order - b.order);
  if (maxima.size > 0 && atTop[0]?.bidderId !== row.leader_id)
    problems.push(`leader ${row.leader_id} is not the first of the ${atTop.length} highest maximums`);
  if (Number(row.bid_count) !== standing.length)
    problems.push(`bid_count ${row.bid_count}, stored bids ${standing.length}`);
  if (shown && shown.bidCount !== standing.length)
    problems.push(`shown bidCount ${shown.bidCount}, stored ${standing.length}`);
  if (Number(row.bidder_count) !== maxima.size)
    problems.push(`bidder_count ${row.bidder_count}, stored bidders ${maxima.size}`);
  if (Number(row.next_seq) !== (bids.at(-1)?.seq ?? 0) + 1)
    problems.push(`next_seq ${row.next_seq} after the last bid`);
  const seqs = bids.map((b) => b.seq);
  if (new Set(seqs).size !== seqs.length) problems.push('two bids share a sequence number');
  const replayed = replayBids(
    start,
    reserve,
    standing.map((b) => ({ id: b.id, bidderId: b.bidder_id, amount: Number(b.max_cents) / 100, order: b.seq })),
  );
  let historyMismatches = 0;
  for (const [k, { price: after }] of replayed.entries()) {
    const b = standing[k];
    if (b && (Number(b.price_cents) / 100 !== after.currentBid || b.leader_id !== after.leaderId)) historyMismatches++;
  }
  if (historyMismatches > 0)
    problems.push(`${historyMismatches} bids whose visible price or leader is not the replay's`);
  const byId = new Map(bids.map((b) => [b.id, b]));
  let lost = 0;
  for (const a of acked) {
    const b = byId.get(a.id);
    if (!b || Number(b.max_cents) !== a.amount * 100 || b.bidder_id !== a.bidderId) lost++;
  }
  if (lost > 0) problems.push(`${lost} acknowledged bids missing or different`);
  return { auctionId, storedBids: bids.length, problems, price: price.currentBid, bidders: maxima.size };
}

interface Setup {
  admin: string;
  users: BenchUser[];
}

async function signIn(http: HttpClient, bidders: number): Promise<Setup> {
  const res = await http.request('POST', '/api/auth/login', {
    body: { email: BENCH_ADMIN_EMAIL, password: BENCH_PASSWORD },
  });
  const token = (res.body as { token?: string }).token;
  if (res.status !== 200 || !token) throw new Error(`admin login answered ${res.status}`);
  return { admin: token, users: await signInBenchUsers(http, bidders) };
}

/** Schedules a live auction on the vehicle through the back office's route; returns its id. */
async function schedule(http: HttpClient, admin: string, vehicleId: string): Promise<string> {
  const res = await http.request('POST', '/api/admin/auctions', {
    token: admin,
    body: {
      vehicleId,
      startingBid: 10_000,
      reservePrice: 40_000,
      endsAt: new Date(Date.now() + 86_400_000).toISOString(),
    },
  });
  const id = (res.body as { id?: string }).id;
  if (res.status !== 201 || !id) throw new Error(`scheduling answered ${res.status}: ${JSON.stringify(res.body)}`);
  return id;
}

interface BidLoop {
  bidResults: HttpResult[];
  readMs: number[];
  acked: Acked[];
  skipped: number;
}

/**
 * Each bidder: read, then (unless leading) bid the minimum plus 0-3 increments, until `stop()`;
 * with `pauseMs`, a bidder waits 0.5 to 1.5 times that between loops (a person reading the page).
 */
async function bidLoop(
  http: HttpClient,
  users: readonly BenchUser[],
  vehicleId: string,
  stop: () => boolean,
  pauseMs = 0,
): Promise<BidLoop> {
  const out: BidLoop = { bidResults: [], readMs: [], acked: [], skipped: 0 };
  await Promise.all(
    users.map(async (user) => {
      while (!stop()) {
        if (pauseMs > 0) await sleep(pauseMs * (0.5 + Math.random()));
        if (stop()) break;
        const read = await http.request('GET', `/api/vehicles/${vehicleId}/auction`, { token: user.token });
        out.readMs.push(read.ms);
        if (read.status !== 200) {
          if (read.status === 0) await sleep(20);
          continue;
        }
        const auction = read.body as PublicAuction;
        if (auction.leading) {
          out.skipped++;
          continue;
        }
        const amount = auction.minimumBid + auction.increment * Math.floor(Math.random() * 4);
        if (stop()) break;
        const res = await http.request('POST', `/api/vehicles/${vehicleId}/bids`, {
          token: user.token,
          body: { amount },
        });
        out.bidResults.push(res);
        const bid = (res.body as { bid?: { id?: string } } | undefined)?.bid;
        if (res.status === 201 && bid?.id) out.acked.push({ id: bid.id, bidderId: user.id, amount });
        if (res.status === 0) await sleep(20);
      }
    }),
  );
  return out;
}

interface ContentionResult {
  pauseMs: number;
  seconds: number;
  bidders: number;
  bids: Latency;
  reads: Latency;
  statuses: Record<string, number>;
  acked: number;
  skipped: number;
  bidsPerSecond: number;
  serverCpuShare: number;
  check: Check;
}

interface KillRound {
  killAfterMs: number;
  acked: number;
  unanswered: number;
  statuses: Record<string, number>;
  check: Check;
  restartMs: number;
  shownAfterRestart: number | null;
}

interface DialectResult {
  dialect: DialectName;
  contention: ContentionResult[];
  kills: KillRound[];
}

interface Options {
  seconds: number;
  bidders: number;
  kills: number;
  pauseMs: number;
}

/** One auction, `opts.bidders` bidders for `opts.seconds` (after a 2 s warm-up), then the check. */
async function contend(
  dialect: DialectName,
  data: PreparedData,
  server: BenchServer,
  http: HttpClient,
  setup: Setup,
  vehicleId: string,
  pauseMs: number,
  opts: Options,
): Promise<ContentionResult> {
  const auctionId = await schedule(http, setup.admin, vehicleId);
  // A short warm-up (first compilation of the routes), not counted.
  let warm = false;
  setTimeout(() => {
    warm = true;
  }, 2000);
  const warmUp = await bidLoop(http, setup.users.slice(0, 5), vehicleId, () => warm);
  const mode = pauseMs ? `pausing ~${pauseMs} ms between loops` : 'no pause';
  console.log(`[auction-bids/${dialect}] ${opts.bidders} bidders for ${opts.seconds} s, ${mode}...`);
  const cpuStart = readCpuMs(server.pid);
  const started = performance.now();
  const deadline = started + opts.seconds * 1000;
  const loop = await bidLoop(http, setup.users, vehicleId, () => performance.now() >= deadline, pauseMs);
  const elapsed = (performance.now() - started) / 1000;
  const cpuShare = (readCpuMs(server.pid) - cpuStart) / 1000 / elapsed;
  const shown = await http.request('GET', `/api/vehicles/${vehicleId}/auction`);
  const db = data.open();
  const check = await checkAuction(db.db, auctionId, [...warmUp.acked, ...loop.acked], shown.body as PublicAuction);
  await db.close();
  const c: ContentionResult = {
    pauseMs,
    seconds: elapsed,
    bidders: opts.bidders,
    bids: latency(loop.bidResults.map((r) => r.ms)),
    reads: latency(loop.readMs),
    statuses: countStatuses(loop.bidResults),
    acked: loop.acked.length,
    skipped: loop.skipped,
    bidsPerSecond: loop.bidResults.length / elapsed,
    serverCpuShare: cpuShare,
    check,
  };
  console.log(
    `[auction-bids/${dialect}] place-bid p50 ${ms(c.bids.p50)} p95 ${ms(c.bids.p95)} p99 ${ms(c.bids.p99)}; ${statusText(c.statuses)}; server CPU ${(cpuShare * 100).toFixed(0)}%; ${check.problems.length} problems`,
  );
  for (const p of check.problems) console.log(`  problem: ${p}`);
  return c;
}

async function runDialect(dialect: DialectName, opts: Options): Promise<DialectResult> {
  const data = await prepareData('auction-bids', dialect, { vehicles: 200, users: opts.bidders });
  const probe = data.open();
  const vehicles = (
    await probe.db
      .selectFrom('vehicles')
      .select('id')
      .where('status', '=', 'Available')
      .orderBy('slug')
      .limit(2 + opts.kills)
      .execute()
  ).map((v) => v.id);
  await probe.close();
  if (vehicles.length < 2 + opts.kills) throw new Error('not enough Available vehicles');
  const serverOptions = { dataDir: data.dataDir, ...(data.databaseUrl ? { databaseUrl: data.databaseUrl } : {}) };

  // 1. Contention: as fast as the server answers, then paced like people reading the page.
  let server: BenchServer = await startServer(serverOptions);
  const port = server.port;
  let http = new HttpClient(server.baseUrl, { sockets: opts.bidders + 4, timeoutMs: 10_000 });
  let setup: Setup;
  const contention: ContentionResult[] = [];
  try {
    setup = await signIn(http, opts.bidders);
    for (const [k, pauseMs] of [0, opts.pauseMs].entries())
      contention.push(await contend(dialect, data, server, http, setup, vehicles[k] as string, pauseMs, opts));
  } catch (err) {
    http.close();
    await server.stop();
    throw err;
  }

  // 2. kill -9 while bidding, `kills` times, each on its own auction.
  const kills: KillRound[] = [];
  try {
    for (let k = 1; k <= opts.kills; k++) {
      const vehicleId = vehicles[k + 1] as string;
      const auctionId = await schedule(http, setup.admin, vehicleId);
      let stop = false;
      const loop = bidLoop(http, setup.users, vehicleId, () => stop);
      const killAfterMs = 2000 + Math.floor(Math.random() * 2000);
      await sleep(killAfterMs);
      await server.kill9();
      // The bidders see refused and reset connections, then stop.
      await sleep(500);
      stop = true;
      const result = await loop;
      http.close();
      const db = data.open();
      const check = await checkAuction(db.db, auctionId, result.acked);
      await db.close();
      const restartStarted = performance.now();
      server = await startServer({ ...serverOptions, port });
      const restartMs = performance.now() - restartStarted;
      http = new HttpClient(server.baseUrl, { sockets: opts.bidders + 4, timeoutMs: 10_000 });
      const after = await http.request('GET', `/api/vehicles/${vehicleId}/auction`);
      const shownAfterRestart = (after.body as PublicAuction).currentBid ?? null;
      if (after.status !== 200 || shownAfterRestart !== check.price)
        check.problems.push(`after the restart the API shows ${shownAfterRestart} (status ${after.status})`);
      const round: KillRound = {
        killAfterMs,
        acked: result.acked.length,
        unanswered: result.bidResults.filter((r) => r.status === 0).length,
        statuses: countStatuses(result.bidResults),
        check,
        restartMs,
        shownAfterRestart,
      };
      kills.push(round);
      console.log(
        `[auction-bids/${dialect}] kill ${k}: after ${killAfterMs} ms, ${round.acked} acknowledged, ${check.storedBids} stored, ${check.problems.length} problems`,
      );
      for (const p of check.problems) console.log(`  problem: ${p}`);
    }
  } finally {
    http.close();
    await server.stop();
  }
  return { dialect, contention, kills };
}

function contentionSection(c: ContentionResult): string[] {
  const mode = c.pauseMs
    ? `each bidder pausing 0.5-1.5 × ${c.pauseMs} ms between loops`
    : 'no pause (each bidder reads and bids as fast as the server answers)';
  return [
    `### ${c.bidders} bidders, ${mode}`,
    `${c.seconds.toFixed(1)} s: ${int(c.bids.count)} bids (${c.bidsPerSecond.toFixed(0)} a second), ${int(c.reads.count)} reads, ${int(c.skipped)} reads by the leader (no bid). Server CPU ${(c.serverCpuShare * 100).toFixed(0)}% of one core. Final price $${c.check.price?.toLocaleString('en-US')} from ${int(c.check.storedBids)} stored bids by ${c.check.bidders} bidders.`,
    table(
      ['Request', 'Count', 'p50', 'p95', 'p99', 'max'],
      [
        [
          'POST /bids (every answer)',
          int(c.bids.count),
          ms(c.bids.p50),
          ms(c.bids.p95),
          ms(c.bids.p99),
          ms(c.bids.max),
        ],
        ['GET /auction', int(c.reads.count), ms(c.reads.p50), ms(c.reads.p95), ms(c.reads.p99), ms(c.reads.max)],
      ],
    ),
    table(
      ['Check', 'Result'],
      [
        [`Place-bid p99 < ${P99_TARGET_MS} ms (${ms(c.bids.p99)})`, verdict(c.bids.p99 < P99_TARGET_MS)],
        [
          `Answers: ${statusText(c.statuses)}`,
          verdict(Object.keys(c.statuses).every((s) => ['201', '400'].includes(s))),
        ],
        [
          'Price recomputed from the stored maximums = stored = shown; one leader; counts = stored rows; history = replay; every 201 stored',
          verdict(c.check.problems.length === 0),
        ],
      ],
    ),
    c.check.problems.map((p) => `- ${p}`).join('\n'),
  ];
}

function section(r: DialectResult): string[] {
  return [
    `## ${dialectLabel(r.dialect)}`,
    ...r.contention.flatMap(contentionSection),
    '### kill -9 while bidding',
    table(
      ['kill -9', 'Killed after', 'Acknowledged (201)', 'Stored', 'Unanswered', 'Answers', 'Restart', 'Check'],
      r.kills.map((k, i) => [
        i + 1,
        `${(k.killAfterMs / 1000).toFixed(1)} s`,
        int(k.acked),
        int(k.check.storedBids),
        int(k.unanswered),
        statusText(k.statuses),
        `${(k.restartMs / 1000).toFixed(1)} s`,
        k.check.problems.length
          ? `**${k.check.problems.join('; ')}**`
          : 'every 201 stored; row = bids; same price after restart',
      ]),
    ),
  ];
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      dialect: { type: 'string', default: 'both' },
      seconds: { type: 'string', default: '30' },
      bidders: { type: 'string', default: '50' },
      kills: { type: 'string', default: '2' },
      pause: { type: 'string', default: '1000' },
    },
  });
  const machine = machineInfo();
  const opts = {
    seconds: Number.parseInt(values.seconds, 10),
    bidders: Number.parseInt(values.bidders, 10),
    kills: Number.parseInt(values.kills, 10),
    pauseMs: Number.parseInt(values.pause, 10),
  };
  const dialects: DialectName[] = values.dialect === 'both' ? ['sqlite', 'postgres'] : [values.dialect as DialectName];
  const results: DialectResult[] = [];
  for (const d of dialects) results.push(await runDialect(d, opts));
  writeReport({
    script: 'auction-bids',
    title: 'Auctions: 50 bidders on one auction, and kill -9 while bidding',
    dialect: dialects.map(dialectLabel).join(' and '),
    machine,
    sections: [
      `The real server as a child process on 127.0.0.1 (a 200-vehicle catalogue, rate limits off), one auction scheduled through POST /api/admin/auctions (starting bid $10,000, reserve $40,000, ending in a day). ${opts.bidders} signed-in bidders loop for ${opts.seconds} s after a 2 s warm-up: read the auction, and unless leading, bid the shown minimum plus 0-3 increments as their maximum; then the same on a second auction with each bidder pausing 0.5-1.5 × ${opts.pauseMs} ms between loops, as people reading the page would. A 400 is a bid overtaken between the read and the bid (the minimum rose). Latency is measured by the client, per request, over keep-alive connections.`,
      `Then ${opts.kills} kill -9 drills, each on a new auction: the same bidders bid as fast as they can, the server gets SIGKILL after 2-4 s, the database is reopened and checked (every 201 stored with its maximum; the row's price, leader and counts what the stored bids give), and the server restarts on the same data.`,
      ...results.flatMap(section),
    ],
  });
  // A slow p99 on a busy machine is reported (verdict); a lost or wrong bid fails the run.
  const failed = results.some(
    (r) => r.contention.some((c) => c.check.problems.length > 0) || r.kills.some((k) => k.check.problems.length > 0),
  );
  if (failed) process.exitCode = 1;
}

await runBenchmark(main);
