/**
 * Issue #7: mixed traffic from 50 signed-in clients for 60 s on a 100,000-vehicle catalogue,
 * on SQLite and then on PostgreSQL, one server each.
 *
 * Every answer is recorded. Afterwards the database is checked against what the clients were
 * told: each vehicle's view_count against the isNewView=true answers, the watches against the
 * last isWatching each user got, the offers against the 2xx answers (same id, same amount).
 *
 *   node --import tsx bench/load.ts [--dialect sqlite|postgres|both] [--seconds 60] [--clients 50]
 */
import { parseArgs } from 'node:util';
import { runBenchmark } from './lib/cleanup.ts';
import {
  type DialectName,
  dialectLabel,
  prepareData,
  statusText,
  summarizeSamples,
  type TypeSummary,
} from './lib/drill.ts';
import { HttpClient } from './lib/http-client.ts';
import { Ledger } from './lib/ledger.ts';
import { machineInfo } from './lib/machine.ts';
import type { ExplainedQuery } from './lib/capture-sql.ts';
import { table, verdict, writeReport } from './lib/report.ts';
import { type DbTarget, explainSearches, timeSearches } from './lib/search-plans.ts';
import { readCpuMs, readRss, startServer } from './lib/server.ts';
import { int, type LatencySummary, mib, ms, pct, summarize } from './lib/stats.ts';
import {
  type Client,
  detail,
  mix,
  offer,
  runClients,
  type Sample,
  sampleVehicles,
  search,
  signInBenchUsers,
  view,
  watch,
} from './lib/traffic.ts';
import { type Verification, verifyAgainstLedger } from './lib/verify.ts';

const P99_TARGET_MS = 100;
const RSS_TOLERANCE = 0.2;
/**
 * Long enough for V8 to size its heap to the traffic: under this mix the heap in use after each
 * collection stays at 70-100 MB from the first seconds on, but V8 grows the heap it keeps from
 * about 120 MB to 170-215 MB over the first 30 s (process.memoryUsage() sampled in the server,
 * 2026-11-23), so an RSS taken after 10 s compared a heap still sizing itself with a sized one.
 */
const WARMUP_SECONDS = 30;
const MIX_WEIGHTS = { search: 40, detail: 25, view: 15, watch: 10, offer: 10 } as const;

interface LoadResult {
  dialect: DialectName;
  seconds: number;
  clients: number;
  types: TypeSummary[];
  requests: number;
  unexpected: number;
  rssAfterWarmup: number;
  rssEnd: number;
  rssMax: number;
  /** RSS every 10 s of the measured run: a bounded cache levels off, a leak keeps climbing. */
  rssTimeline: number[];
  cpuShare: number;
  ledger: ReturnType<Ledger['totals']>;
  verification: Verification;
  serverAlive: boolean;
  searches: SearchCost;
}

/** Every distinct search the clients sent, re-run alone and uncached after the load. */
interface SearchCost {
  distinct: number;
  timing: LatencySummary;
  slowest: { path: string; ms: number; observedP50: number; count: number }[];
  plans: { path: string; queries: ExplainedQuery[] }[];
}

async function searchCost(target: DbTarget, samples: readonly Sample[]): Promise<SearchCost> {
  const observed = new Map<string, number[]>();
  for (const s of samples) if (s.path) observed.set(s.path, [...(observed.get(s.path) ?? []), s.ms]);
  const timed = await timeSearches(target, [...observed.keys()]);
  const slowest = [...timed]
    .sort((a, b) => b.ms - a.ms)
    .slice(0, 10)
    .map((t) => ({
      path: t.path,
      ms: t.ms,
      observedP50: summarize(observed.get(t.path) ?? []).p50,
      count: observed.get(t.path)?.length ?? 0,
    }));
  return {
    distinct: timed.length,
    timing: summarize(timed.map((t) => t.ms)),
    slowest,
    plans: await explainSearches(
      target,
      slowest.slice(0, 3).map((t) => t.path),
    ),
  };
}

async function loadDialect(dialect: DialectName, opts: { seconds: number; clients: number; vehicles: number }) {
  const data = await prepareData('load', dialect, { vehicles: opts.vehicles, users: 2000 });
  const db = data.open();
  const pools = await sampleVehicles(db.db, 40, 3000);
  await db.close();
  const server = await startServer({
    dataDir: data.dataDir,
    ...(data.databaseUrl ? { databaseUrl: data.databaseUrl } : {}),
  });
  const http = new HttpClient(server.baseUrl, { sockets: opts.clients + 5 });
  const ledger = new Ledger();
  try {
    console.log(`[load/${dialect}] signing in ${opts.clients} bench users...`);
    const users = await signInBenchUsers(http, opts.clients);
    const clients: Client[] = users.map((user) => ({ user, http, watching: new Map() }));
    const next = mix([
      [search, MIX_WEIGHTS.search],
      [detail(pools), MIX_WEIGHTS.detail],
      [view(pools), MIX_WEIGHTS.view],
      [watch(pools), MIX_WEIGHTS.watch],
      [offer(pools), MIX_WEIGHTS.offer],
    ]);

    console.log(`[load/${dialect}] warm-up ${WARMUP_SECONDS} s...`);
    const warmupSamples: Sample[] = [];
    await runClients({
      clients,
      durationMs: WARMUP_SECONDS * 1000,
      next,
      ledger,
      samples: warmupSamples,
      startedAt: performance.now(),
    });
    const rssAfterWarmup = readRss(server.pid);
    let rssMax = rssAfterWarmup;
    const rssTimeline: number[] = [rssAfterWarmup];
    let ticks = 0;
    const sampler = setInterval(() => {
      if (!server.alive()) return;
      const rss = readRss(server.pid);
      rssMax = Math.max(rssMax, rss);
      if (++ticks % 10 === 0) rssTimeline.push(rss);
    }, 1000);
    const cpuBefore = readCpuMs(server.pid);
    const started = performance.now();
    console.log(`[load/${dialect}] measuring ${opts.seconds} s with ${opts.clients} clients...`);
    const samples: Sample[] = [];
    await runClients({ clients, durationMs: opts.seconds * 1000, next, ledger, samples, startedAt: started });
    const wallMs = performance.now() - started;
    clearInterval(sampler);
    const cpuShare = (readCpuMs(server.pid) - cpuBefore) / wallMs;
    const rssEnd = readRss(server.pid);
    rssMax = Math.max(rssMax, rssEnd);
    const serverAlive = server.alive();
    const unexpected = [...warmupSamples, ...samples].filter((s) => s.status < 200 || s.status >= 300).length;
    await server.stop();

    const check = data.open();
    const verification = await verifyAgainstLedger(
      check.db,
      ledger,
      users.map((u) => u.id),
    );
    await check.close();
    console.log(`[load/${dialect}] re-running every distinct search alone, uncached...`);
    const searches = await searchCost(data.target, [...warmupSamples, ...samples]);
    const types = summarizeSamples(samples);
    const all = types.find((t) => t.type === 'all');
    console.log(
      `[load/${dialect}] ${int(samples.length)} requests (${int(samples.length / (wallMs / 1000))}/s), p50 ${ms(all?.latency.p50 ?? 0)}, p99 ${ms(all?.latency.p99 ?? 0)}, unexpected statuses ${unexpected}, RSS ${mib(rssAfterWarmup)} -> ${mib(rssEnd)}, problems ${verification.problems.length}`,
    );
    for (const p of verification.problems) console.log(`  problem: ${p}`);
    const result: LoadResult = {
      dialect,
      seconds: wallMs / 1000,
      clients: opts.clients,
      types,
      requests: samples.length,
      unexpected,
      rssAfterWarmup,
      rssEnd,
      rssMax,
      rssTimeline,
      cpuShare,
      ledger: ledger.totals(),
      verification,
      serverAlive,
      searches,
    };
    return result;
  } finally {
    http.close();
    await server.stop();
  }
}

function section(r: LoadResult): string[] {
  const all = r.types.find((t) => t.type === 'all');
  const p99 = all?.latency.p99 ?? Number.POSITIVE_INFINITY;
  const rssGrowth = (r.rssEnd - r.rssAfterWarmup) / r.rssAfterWarmup;
  const l = r.ledger;
  return [
    `## ${dialectLabel(r.dialect)}`,
    `${int(r.requests)} requests in ${r.seconds.toFixed(1)} s (${int(r.requests / r.seconds)}/s) from ${r.clients} clients; the server used ${pct(r.cpuShare)} of one core on average.`,
    table(
      ['Request', 'Count', 'p50', 'p90', 'p99', 'Max', 'Statuses'],
      r.types.map((t) => [
        t.type === 'all' ? '**All**' : t.type,
        int(t.latency.count),
        ms(t.latency.p50),
        ms(t.latency.p90),
        ms(t.latency.p99),
        ms(t.latency.max),
        statusText(t.statuses),
      ]),
    ),
    table(
      ['Target', 'Figure', 'Result'],
      [
        [
          'No error statuses (none are intended: RATE_LIMIT=off)',
          `${r.unexpected} non-2xx or unanswered, warm-up included`,
          verdict(r.unexpected === 0),
        ],
        [`p99 < ${P99_TARGET_MS} ms (all requests)`, ms(p99), verdict(p99 < P99_TARGET_MS)],
        [
          'Server RSS within 20% from after warm-up to the end',
          `${mib(r.rssAfterWarmup)} -> ${mib(r.rssEnd)} (${rssGrowth >= 0 ? '+' : ''}${pct(rssGrowth)}; max ${mib(r.rssMax)}); every 10 s: ${r.rssTimeline.map((b) => (b / 1024 ** 2).toFixed(0)).join(', ')} MiB`,
          verdict(Math.abs(rssGrowth) <= RSS_TOLERANCE),
        ],
        ['Server still running at the end', r.serverAlive ? 'yes' : 'no', verdict(r.serverAlive)],
        [
          'Database matches what clients were told',
          `${r.verification.problems.length} problems`,
          verdict(r.verification.problems.length === 0),
        ],
      ],
    ),
    `What the clients were told (warm-up included): ${int(l.newViews)} isNewView=true answers; ${int(l.watchPairs)} (user, vehicle) watch pairs, ${int(l.watchingNow)} watching at their last answer; ${int(l.offerSubmissions)} offers accepted (2xx) on ${int(l.offers)} (user, vehicle) pairs; unanswered requests: ${l.uncertainViews + l.uncertainWatch + l.uncertainOfferSubmissions}.`,
    `What the database holds: ${int(r.verification.checked.viewRows ?? 0)} view rows on ${int(r.verification.checked.vehiclesWithViews ?? 0)} vehicles; ${int(r.verification.checked.watchRows ?? 0)} watch rows of the bench users; ${int(r.verification.checked.offerRows ?? 0)} offers with ${int(r.verification.checked.offerEvents ?? 0)} offer_submitted events. Every vehicle's view_count and watch_count equal its rows.`,
    r.verification.problems.length
      ? `Problems:\n${r.verification.problems.map((p) => `- ${p}`).join('\n')}`
      : 'No problem found.',
    `### Cost of the searches alone (${dialectLabel(r.dialect)})`,
    `After the run, each of the ${int(r.searches.distinct)} distinct search URLs the clients sent was run once more in this process through the catalogue's own \`search\`, with nothing else running: median ${ms(r.searches.timing.p50)}, p90 ${ms(r.searches.timing.p90)}, p99 ${ms(r.searches.timing.p99)}, max ${ms(r.searches.timing.max)}. On SQLite the server runs every query on its one thread, so each of these milliseconds is a millisecond every other request waits.`,
    table(
      ['Slowest searches (uncached, alone)', 'Time alone', 'Sent', 'p50 under load'],
      r.searches.slowest.map((x) => [`\`${x.path}\``, ms(x.ms), x.count, ms(x.observedP50)]),
    ),
    ...r.searches.plans.map((p) =>
      [
        `Plan of \`${p.path}\`:`,
        '',
        ...p.queries.flatMap((q) => [
          `- ${ms(q.medianMs)}: \`${q.sql.replace(/\s+/g, ' ').trim().slice(0, 400)}\``,
          '',
          '```',
          q.plan,
          '```',
        ]),
      ].join('\n'),
    ),
  ];
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      dialect: { type: 'string', default: 'both' },
      seconds: { type: 'string', default: '60' },
      clients: { type: 'string', default: '50' },
      vehicles: { type: 'string', default: '100000' },
    },
  });
  const machine = machineInfo();
  const opts = {
    seconds: Number.parseInt(values.seconds, 10),
    clients: Number.parseInt(values.clients, 10),
    vehicles: Number.parseInt(values.vehicles, 10),
  };
  const dialects: DialectName[] = values.dialect === 'both' ? ['sqlite', 'postgres'] : [values.dialect as DialectName];
  const results: LoadResult[] = [];
  for (const d of dialects) results.push(await loadDialect(d, opts));
  writeReport({
    script: 'load',
    title: 'Mixed load with a consistency check (issue #7)',
    dialect: dialects.map(dialectLabel).join(' and '),
    machine,
    sections: [
      `${int(opts.vehicles)} vehicles and 2,000 users from \`bench/catalogue.ts\`; one server process per database (SEED=none, RATE_LIMIT=off, LOG_LEVEL=warn) on 127.0.0.1; ${opts.clients} clients, each signed in as its own bench user through POST /api/auth/login and sending one request at a time over keep-alive connections, for a ${WARMUP_SECONDS} s warm-up and then ${opts.seconds} s measured. Mix: search ${MIX_WEIGHTS.search}% (random make, model, years, prices, words, tag, category, sort and page), detail ${MIX_WEIGHTS.detail}% (GET /api/vehicles/:id), view ${MIX_WEIGHTS.view}% (POST /:id/view, 70% fresh fingerprints, 30% from a pool of 200 so some are repeats), watch ${MIX_WEIGHTS.watch}% (POST /:id/watch flipping the user's state), offer ${MIX_WEIGHTS.offer}% (POST /:id/offers, create or amend). Watches, offers and half the views go to 40 "hot" Available vehicles so requests collide; the rest spread over 3,000 vehicles. RSS is VmRSS from /proc/<pid>/status, sampled each second.`,
      ...results.flatMap(section),
    ],
  });
}

await runBenchmark(main);
