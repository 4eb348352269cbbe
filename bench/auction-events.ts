/**
 * Live auction updates (issue #17), through the real server processes:
 *
 *  (a) fan-out: 1,000 event streams (GET /api/auctions/:id/events) open on one server, then bids
 *      one after another; each bid is timed from the moment its POST is sent to the moment each
 *      stream has received it. Target: p99 under 500 ms. On SQLite and on PostgreSQL.
 *  (b) across instances: two server processes on one PostgreSQL, watchers on both; bids posted
 *      on either; each bid timed to the watchers of the other instance (LISTEN/NOTIFY) and, for
 *      comparison, of its own. Target: under 1 s.
 *
 * The streams are read in this process, one socket each; a receipt time includes this process's
 * own reading of the other streams that got the bid first, so the figures are an upper bound of
 * what a browser sees.
 *
 *   node --import tsx bench/auction-events.ts [--streams 1000] [--bids 20] [--cross-bids 50]
 *                                             [--cross-watchers 20] [--dialect both|sqlite|postgres]
 */
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { parseArgs } from 'node:util';
import { runBenchmark } from './lib/cleanup.ts';
import { HttpClient } from './lib/http-client.ts';
import { type MachineInfo, machineInfo } from './lib/machine.ts';
import { freshPostgresDatabase } from './lib/postgres.ts';
import { table, verdict, writeReport } from './lib/report.ts';
import { type BenchServer, readRss, startServer, tempDir } from './lib/server.ts';
import { type LatencySummary, mib, ms, summarize } from './lib/stats.ts';

const ADMIN = { email: 'bench-admin@bench.example', password: 'bench-admin-pass-1' };
const FAN_OUT_TARGET_MS = 500;
const CROSS_TARGET_MS = 1_000;
/** How long a bid may take to reach every watcher before the missing ones are counted as lost. */
const ROUND_TIMEOUT_MS = 10_000;

interface AuctionAnswer {
  auction: { id?: string; minimumBid: number; currentBid: number | null };
}

/**
 * One open event stream, read from a bare TCP socket: the request written by hand and the answer
 * scanned for each event's `id:` line, without an HTTP parser or stream objects, so that this
 * process reading 1,000 streams adds as little as it can to the times measured. Each event is one
 * write on the server, so one HTTP chunk: the chunk-size lines fall between events, never inside one.
 */
class Watcher {
  readonly arrivals = new Map<number, { at: number; currentBid: number | null }>();
  lastId = -1;
  #buffer = '';
  #socket: net.Socket | undefined;
  #waiting: { id: number; resolve: () => void } | undefined;
  closed = false;

  constructor(
    readonly server: string,
    private readonly url: URL,
  ) {}

  /** Opens the stream and resolves with its first event (the auction's current state). */
  open(): Promise<void> {
    return new Promise((resolve, reject) => {
      let checked = false;
      const socket = net.connect(Number(this.url.port), this.url.hostname, () => {
        socket.write(
          `GET ${this.url.pathname} HTTP/1.1\r\nHost: ${this.url.host}\r\nAccept: text/event-stream\r\n` +
            'Accept-Encoding: br, gzip\r\n\r\n',
        );
      });
      this.#socket = socket;
      socket.setNoDelay(true);
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => {
        const at = performance.now();
        this.#buffer += chunk;
        if (!checked) {
          const head = this.#buffer.indexOf('\r\n\r\n');
          if (head === -1) return;
          const headers = this.#buffer.slice(0, head).toLowerCase();
          if (!headers.startsWith('http/1.1 200') || !headers.includes('content-type: text/event-stream')) {
            reject(new Error(`stream answered ${headers.split('\r\n')[0]}`));
            socket.destroy();
            return;
          }
          if (headers.includes('content-encoding')) {
            reject(new Error('the event stream came compressed'));
            socket.destroy();
            return;
          }
          checked = true;
          this.#buffer = this.#buffer.slice(head + 4);
        }
        let end = this.#buffer.indexOf('\n\n');
        while (end !== -1) {
          this.#take(this.#buffer.slice(0, end), at);
          this.#buffer = this.#buffer.slice(end + 2);
          end = this.#buffer.indexOf('\n\n');
        }
        if (this.lastId >= 0) resolve();
      });
      socket.on('close', () => {
        this.closed = true;
      });
      socket.on('error', (err) => {
        this.closed = true;
        reject(err);
      });
    });
  }

  #take(block: string, at: number): void {
    const id = /(?:^|\n)id: (\d+)\n/.exec(block)?.[1];
    if (!id) return;
    const version = Number(id);
    if (!this.arrivals.has(version)) {
      const bid = /"currentBid":(\d+|null)/.exec(block)?.[1];
      this.arrivals.set(version, { at, currentBid: bid === undefined || bid === 'null' ? null : Number(bid) });
    }
    this.lastId = Math.max(this.lastId, version);
    if (this.#waiting && version >= this.#waiting.id) {
      const { resolve } = this.#waiting;
      this.#waiting = undefined;
      resolve();
    }
  }

  /** Resolves once an event with an id above `after` has arrived, or after the timeout. */
  next(after: number, timeoutMs: number): Promise<void> {
    if (this.lastId > after) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.#waiting = undefined;
        resolve();
      }, timeoutMs);
      this.#waiting = {
        id: after + 1,
        resolve: () => {
          clearTimeout(timer);
          resolve();
        },
      };
    });
  }

  /** The first event with an id above `after`. */
  firstAfter(after: number): { id: number; at: number; currentBid: number | null } | undefined {
    let best: { id: number; at: number; currentBid: number | null } | undefined;
    for (const [id, arrival] of this.arrivals) if (id > after && (!best || id < best.id)) best = { id, ...arrival };
    return best;
  }

  close(): void {
    this.#socket?.destroy();
  }
}

interface Bidder {
  token: string;
}

async function signIn(api: HttpClient, email: string, password: string): Promise<string> {
  const res = await api.request('POST', '/api/auth/login', { body: { email, password } });
  const token = (res.body as { token?: string }).token;
  if (res.status !== 200 || !token) throw new Error(`login of ${email}: ${res.status} ${JSON.stringify(res.body)}`);
  return token;
}

async function registerBidder(api: HttpClient, n: number): Promise<Bidder> {
  const email = `bench-bidder-${n}-${randomBytes(4).toString('hex')}@bench.example`;
  const res = await api.request('POST', '/api/auth/register', {
    body: { firstName: 'Bench', lastName: `Bidder ${n}`, email, phone: '+1 555 010 9999', password: 'bench-bidder-1' },
  });
  const token = (res.body as { token?: string }).token;
  if (res.status !== 201 || !token) throw new Error(`register ${email}: ${res.status} ${JSON.stringify(res.body)}`);
  return { token };
}

/** A vehicle and a live auction on it, ending in a day (no soft close during the run). */
async function scheduleAuction(
  api: HttpClient,
  adminToken: string,
): Promise<{ auctionId: string; vehicleId: string; minimumBid: number }> {
  const vehicle = await api.request('POST', '/api/vehicles', {
    token: adminToken,
    body: {
      title: `Bench auction car ${randomBytes(3).toString('hex')}`,
      year: 1967,
      make: 'Jaguar',
      model: 'E-Type',
      bodyType: 'Convertible',
      category: 'Classics',
      price: 85_000,
      status: 'Available',
    },
  });
  const vehicleId = (vehicle.body as { id?: string }).id;
  if (vehicle.status !== 201 || !vehicleId)
    throw new Error(`vehicle: ${vehicle.status} ${JSON.stringify(vehicle.body)}`);
  const res = await api.request('POST', '/api/admin/auctions', {
    token: adminToken,
    body: { vehicleId, startingBid: 1_000, endsAt: new Date(Date.now() + 24 * 3600_000).toISOString() },
  });
  const auction = res.body as { id?: string; minimumBid?: number };
  if (res.status !== 201 || !auction.id || auction.minimumBid === undefined)
    throw new Error(`schedule: ${res.status} ${JSON.stringify(res.body)}`);
  return { auctionId: auction.id, vehicleId, minimumBid: auction.minimumBid };
}

/** Opens `count` streams, `batch` at a time. */
async function openWatchers(server: BenchServer, label: string, auctionId: string, count: number) {
  const url = new URL(`/api/auctions/${auctionId}/events`, server.baseUrl);
  const watchers = Array.from({ length: count }, () => new Watcher(label, url));
  const batch = 100;
  for (let i = 0; i < watchers.length; i += batch) await Promise.all(watchers.slice(i, i + batch).map((w) => w.open()));
  return watchers;
}

interface RoundResult {
  /** Milliseconds from sending the POST to each watcher's receipt, by watcher group. */
  latencies: Map<string, number[]>;
  missing: number;
  wrongPrice: number;
  postMs: number;
  /** The first and the last stream to receive the bid. */
  firstMs: number;
  lastMs: number;
}

/**
 * Places one bid (the next minimum, so the price and the leader change) and waits until every
 * watcher has an event newer than what it had.
 */
async function timedBid(
  via: HttpClient,
  vehicleId: string,
  bidder: Bidder,
  amount: number,
  watchers: readonly Watcher[],
): Promise<{ round: RoundResult; nextMinimum: number }> {
  const before = watchers.map((w) => w.lastId);
  const sent = performance.now();
  const res = await via.request('POST', `/api/vehicles/${vehicleId}/bids`, { token: bidder.token, body: { amount } });
  const postMs = performance.now() - sent;
  const answer = res.body as AuctionAnswer;
  if (res.status !== 201) throw new Error(`bid of ${amount}: ${res.status} ${JSON.stringify(res.body)}`);
  await Promise.all(watchers.map((w, i) => w.next(before[i] ?? 0, ROUND_TIMEOUT_MS)));
  const latencies = new Map<string, number[]>();
  let missing = 0;
  let wrongPrice = 0;
  watchers.forEach((w, i) => {
    const got = w.firstAfter(before[i] ?? 0);
    if (!got) {
      missing++;
      return;
    }
    if (got.currentBid !== answer.auction.currentBid) wrongPrice++;
    const list = latencies.get(w.server) ?? [];
    list.push(got.at - sent);
    latencies.set(w.server, list);
  });
  const every = [...latencies.values()].flat();
  const firstMs = Math.min(...every);
  const lastMs = Math.max(...every);
  return {
    round: { latencies, missing, wrongPrice, postMs, firstMs, lastMs },
    nextMinimum: answer.auction.minimumBid,
  };
}

interface FanOutResult {
  dialect: string;
  streams: number;
  bids: number;
  latency: LatencySummary;
  post: LatencySummary;
  first: LatencySummary;
  last: LatencySummary;
  missing: number;
  wrongPrice: number;
  closedEarly: number;
  rssBefore: number;
  rssAfter: number;
}

async function fanOut(dialect: 'sqlite' | 'postgres', streams: number, bids: number): Promise<FanOutResult> {
  const databaseUrl = dialect === 'postgres' ? freshPostgresDatabase('auction_events_fanout') : undefined;
  const server = await startServer({ dataDir: tempDir(`auction-events-${dialect}`), databaseUrl });
  const api = new HttpClient(server.baseUrl, { sockets: 8 });
  let watchers: Watcher[] = [];
  try {
    const adminToken = await signIn(api, ADMIN.email, ADMIN.password);
    const bidders = [await registerBidder(api, 1), await registerBidder(api, 2)];
    const { auctionId, vehicleId, minimumBid } = await scheduleAuction(api, adminToken);
    const rssBefore = readRss(server.pid);
    console.log(`[auction-events/${dialect}] opening ${streams} event streams...`);
    watchers = await openWatchers(server, 'server', auctionId, streams);
    console.log(`[auction-events/${dialect}] ${bids} bids, each timed to all ${streams} streams...`);
    const all: number[] = [];
    const posts: number[] = [];
    const firsts: number[] = [];
    const lasts: number[] = [];
    let missing = 0;
    let wrongPrice = 0;
    let amount = minimumBid;
    for (let i = 0; i < bids; i++) {
      const bidder = bidders[i % bidders.length] as Bidder;
      const { round, nextMinimum } = await timedBid(api, vehicleId, bidder, amount, watchers);
      for (const list of round.latencies.values()) all.push(...list);
      posts.push(round.postMs);
      firsts.push(round.firstMs);
      lasts.push(round.lastMs);
      missing += round.missing;
      wrongPrice += round.wrongPrice;
      amount = nextMinimum;
      await new Promise((r) => setTimeout(r, 100));
    }
    const rssAfter = readRss(server.pid);
    return {
      dialect,
      streams,
      bids,
      latency: summarize(all),
      post: summarize(posts),
      first: summarize(firsts),
      last: summarize(lasts),
      missing,
      wrongPrice,
      closedEarly: watchers.filter((w) => w.closed).length,
      rssBefore,
      rssAfter,
    };
  } finally {
    for (const w of watchers) w.close();
    api.close();
    await server.stop();
  }
}

interface CrossResult {
  bids: number;
  watchersPerInstance: number;
  other: LatencySummary;
  same: LatencySummary;
  missing: number;
  wrongPrice: number;
}

async function acrossInstances(bids: number, watchersPerInstance: number): Promise<CrossResult> {
  const databaseUrl = freshPostgresDatabase('auction_events_two');
  const dataDir = tempDir('auction-events-two');
  // Both processes sign and accept the same tokens.
  const env = { JWT_SECRET: randomBytes(48).toString('base64url') };
  const serverA = await startServer({ dataDir, databaseUrl, env });
  const serverB = await startServer({ dataDir: `${dataDir}/instance-b`, databaseUrl, env });
  const a = new HttpClient(serverA.baseUrl, { sockets: 8 });
  const b = new HttpClient(serverB.baseUrl, { sockets: 8 });
  let watchers: Watcher[] = [];
  try {
    const adminToken = await signIn(a, ADMIN.email, ADMIN.password);
    const bidders = [await registerBidder(a, 1), await registerBidder(b, 2)];
    const { auctionId, vehicleId, minimumBid } = await scheduleAuction(a, adminToken);
    console.log(`[auction-events/two] ${watchersPerInstance} streams on each instance, ${bids} bids...`);
    watchers = [
      ...(await openWatchers(serverA, 'A', auctionId, watchersPerInstance)),
      ...(await openWatchers(serverB, 'B', auctionId, watchersPerInstance)),
    ];
    const other: number[] = [];
    const same: number[] = [];
    let missing = 0;
    let wrongPrice = 0;
    let amount = minimumBid;
    for (let i = 0; i < bids; i++) {
      // Alternately on A and on B, each by the bidder who is not leading.
      const [via, here] = i % 2 === 0 ? [a, 'A'] : [b, 'B'];
      const bidder = bidders[i % bidders.length] as Bidder;
      const { round, nextMinimum } = await timedBid(via, vehicleId, bidder, amount, watchers);
      for (const [server, list] of round.latencies) (server === here ? same : other).push(...list);
      missing += round.missing;
      wrongPrice += round.wrongPrice;
      amount = nextMinimum;
      await new Promise((r) => setTimeout(r, 50));
    }
    return {
      bids,
      watchersPerInstance,
      other: summarize(other),
      same: summarize(same),
      missing,
      wrongPrice,
    };
  } finally {
    for (const w of watchers) w.close();
    a.close();
    b.close();
    await Promise.all([serverA.stop(), serverB.stop()]);
  }
}

function fanOutSection(results: readonly FanOutResult[]): string {
  return [
    '## (a) One server, many open event streams',
    '',
    'Each bid is the next minimum (so the price and the leader change every time), posted once the',
    'previous one has reached every stream; its latency is from sending the POST to each stream',
    "receiving the event, so it includes the bid's own transaction. Lost: a stream that had not",
    `received the bid ${ROUND_TIMEOUT_MS / 1000} s later; wrong price: an event whose current bid`,
    "was not the one the bid's answer gave. First and last stream: per bid, the stream that got it",
    'first and the one that got it last (their gap is the fan-out, writing and reading included).',
    '',
    table(
      [
        'Dialect',
        'Streams',
        'Bids',
        'Deliveries',
        'p50',
        'p90',
        'p99',
        'Max',
        `p99 < ${FAN_OUT_TARGET_MS} ms`,
        'Lost',
        'Wrong price',
        'Streams closed early',
        'Bid POST p50 / p99',
        'First stream p50 / max',
        'Last stream p50 / max',
        'Server RSS before / with the streams',
      ],
      results.map((r) => [
        r.dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL',
        r.streams,
        r.bids,
        r.latency.count,
        ms(r.latency.p50),
        ms(r.latency.p90),
        ms(r.latency.p99),
        ms(r.latency.max),
        verdict(r.latency.p99 < FAN_OUT_TARGET_MS && r.missing === 0),
        r.missing,
        r.wrongPrice,
        r.closedEarly,
        `${ms(r.post.p50)} / ${ms(r.post.p99)}`,
        `${ms(r.first.p50)} / ${ms(r.first.max)}`,
        `${ms(r.last.p50)} / ${ms(r.last.max)}`,
        `${mib(r.rssBefore)} / ${mib(r.rssAfter)}`,
      ]),
    ),
  ].join('\n');
}

function crossSection(r: CrossResult): string {
  return [
    '## (b) Two instances on one PostgreSQL',
    '',
    `${r.watchersPerInstance} streams on each of two server processes; ${r.bids} bids posted alternately on`,
    'each. "Other instance": the streams of the instance that did not take the bid (the event went',
    'through NOTIFY and the other LISTEN connection); "same instance": those of the one that did',
    '(its event also comes back through its own LISTEN).',
    '',
    table(
      ['Watchers', 'Deliveries', 'p50', 'p90', 'p99', 'Max', `Under ${CROSS_TARGET_MS} ms`],
      [
        ['Other instance', r.other.count, ms(r.other.p50), ms(r.other.p90), ms(r.other.p99), ms(r.other.max)],
        ['Same instance', r.same.count, ms(r.same.p50), ms(r.same.p90), ms(r.same.p99), ms(r.same.max)],
      ].map((row, i) => [
        ...row,
        i === 0 ? verdict(r.other.max < CROSS_TARGET_MS && r.missing === 0) : verdict(r.same.max < CROSS_TARGET_MS),
      ]),
    ),
    '',
    `Lost: ${r.missing}; wrong price: ${r.wrongPrice}.`,
  ].join('\n');
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      streams: { type: 'string', default: '1000' },
      bids: { type: 'string', default: '20' },
      'cross-bids': { type: 'string', default: '50' },
      'cross-watchers': { type: 'string', default: '20' },
      dialect: { type: 'string', default: 'both' },
    },
  });
  const machine: MachineInfo = machineInfo();
  const dialects = values.dialect === 'both' ? (['sqlite', 'postgres'] as const) : [values.dialect];
  for (const d of dialects)
    if (d !== 'sqlite' && d !== 'postgres') throw new Error(`--dialect must be both, sqlite or postgres, not ${d}`);
  const streams = Number.parseInt(values.streams, 10);
  const bids = Number.parseInt(values.bids, 10);

  const fanOuts: FanOutResult[] = [];
  for (const dialect of dialects as readonly ('sqlite' | 'postgres')[]) {
    const result = await fanOut(dialect, streams, bids);
    console.log(
      `[auction-events/${dialect}] ${result.latency.count} deliveries: p50 ${ms(result.latency.p50)}, ` +
        `p99 ${ms(result.latency.p99)}, max ${ms(result.latency.max)}; lost ${result.missing}`,
    );
    fanOuts.push(result);
  }
  const sections = [fanOutSection(fanOuts)];
  let ok = fanOuts.every((r) => r.latency.p99 < FAN_OUT_TARGET_MS && r.missing === 0 && r.wrongPrice === 0);
  if ((dialects as readonly string[]).includes('postgres')) {
    const cross = await acrossInstances(
      Number.parseInt(values['cross-bids'], 10),
      Number.parseInt(values['cross-watchers'], 10),
    );
    console.log(
      `[auction-events/two] other instance: p50 ${ms(cross.other.p50)}, p99 ${ms(cross.other.p99)}, ` +
        `max ${ms(cross.other.max)}; lost ${cross.missing}`,
    );
    sections.push(crossSection(cross));
    ok &&= cross.other.max < CROSS_TARGET_MS && cross.missing === 0 && cross.wrongPrice === 0;
  }
  writeReport({
    script: 'auction-events',
    title: 'Live auction updates: event stream fan-out and delivery across instances',
    dialect: dialects.join(' and '),
    machine,
    sections,
  });
  if (!ok) process.exitCode = 1;
}

await runBenchmark(main);
