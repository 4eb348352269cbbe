/**
 * Issue #18: the public pages at 10,000 and 100,000 vehicles.
 *
 * For each size, fills a SQLite catalogue with the product's own generator (bench/catalogue.ts),
 * starts the real server with the web build (apps/web/dist: `npm run build` first) and loads it
 * with autocannon, 10 connections, a browser's Accept-Encoding (`gzip, deflate, br, zstd`):
 * - GET /api/ping, the ceiling, measured in the same run as the rest;
 * - home `/`, results `/vehicles`, keyword results `/vehicles?query=porsche` (HTML);
 * - vehicle pages `/vehicles/<slug>` (HTML) and `GET /api/vehicles/<slug>`, each request a
 *   vehicle drawn at random from 2,000 public vehicles whose pages were each shown once before;
 *   and vehicle pages of vehicles not shown before (each request another vehicle);
 * - computed searches, each request a search nobody sent before (a make, a price range of its
 *   own, a year, a sort and a page), through the API and as the HTML results page.
 * Every endpoint is measured `--runs` times at every size, the sizes side by side (measureSizes),
 * and the medians are reported, each as a share of the ping ceiling of the same size and round.
 * Writes docs/benchmarks/pages.md.
 *
 *   node --import tsx bench/pages.ts [--sizes 10000,100000] [--seconds 8] [--runs 2]
 *     [--catalogues DIR]   keep the filled catalogues in DIR and reuse them on the next run
 *     [--report NAME]      write docs/benchmarks/NAME.md (default pages)
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import SQLite from 'better-sqlite3';
import { openSqlite } from '../apps/api/src/db/database.ts';
import { cannon } from './lib/cannon.ts';
import { runBenchmark } from './lib/cleanup.ts';
import { computedSearches, SEARCH_PRICE_CYCLE } from './lib/computed-searches.ts';
import { catalogueFile } from './lib/kept-catalogues.ts';
import { machineInfo } from './lib/machine.ts';
import { ROOT, table, verdict, writeReport } from './lib/report.ts';
import { readCpuMs, startServer, waitUntilIdle } from './lib/server.ts';
import { int, median, pct } from './lib/stats.ts';

const CONNECTIONS = 10;
const BROWSER_ENCODING = { 'accept-encoding': 'gzip, deflate, br, zstd' };
const VEHICLES_ROTATED = 2000;

interface Endpoint {
  name: string;
  /** Share of the ping ceiling and p99 it must reach (undefined: the ceiling itself). */
  target?: { share: number; p99Ms?: number };
  /** A fixed path, or a new one for every request. */
  path?: string;
  nextPath?: () => string;
}

interface Figure {
  rps: number;
  /** The server's CPU time per request, in microseconds (user and system, from /proc). */
  cpuUs: number;
  p99: number;
  share: number;
  errors: number;
  non2xx: number;
}

/**
 * `fresh` names vehicles not shown before; once all of them have been asked for, the catalogue
 * version moves on (`renew`), as any change to the catalogue moves it, so each comes round again
 * with nothing kept of its first showing. At 10,000 vehicles a round asks for more vehicle pages
 * than there are vehicles not shown before: they used to come round as kept answers and pages.
 */
function endpoints(shown: readonly string[], fresh: readonly string[], renew: () => void): Endpoint[] {
  const randomSlug = () => encodeURIComponent(shown[Math.floor(Math.random() * shown.length)] ?? '');
  const computedSearch = computedSearches();
  let next = 0;
  const freshSlug = () => {
    if (next > 0 && next % fresh.length === 0) renew();
    return encodeURIComponent(fresh[next++ % fresh.length] ?? '');
  };
  return [
    { name: 'GET /api/ping (ceiling)', path: '/api/ping' },
    { name: 'Home / (HTML)', path: '/', target: { share: 0.25, p99Ms: 25 } },
    { name: 'Results /vehicles (HTML)', path: '/vehicles', target: { share: 0.25, p99Ms: 25 } },
    {
      name: 'Keyword results /vehicles?query=porsche (HTML)',
      path: '/vehicles?query=porsche',
      target: { share: 0.25, p99Ms: 25 },
    },
    {
      name: `Vehicle page /vehicles/:slug (HTML), ${int(VEHICLES_ROTATED)} vehicles each shown before`,
      nextPath: () => `/vehicles/${randomSlug()}`,
      target: { share: 0.25, p99Ms: 25 },
    },
    {
      name: `Vehicle API /api/vehicles/:slug, ${int(VEHICLES_ROTATED)} vehicles`,
      nextPath: () => `/api/vehicles/${randomSlug()}`,
      target: { share: 0.25, p99Ms: 25 },
    },
    {
      name: 'Computed search, API',
      nextPath: () => `/api/vehicles/search?${computedSearch()}`,
      target: { share: 0.25 },
    },
    {
      name: 'Computed search, results page (HTML)',
      nextPath: () => `/vehicles?${computedSearch()}`,
      target: { share: 0.15 },
    },
    // Last in the round: once it moves the catalogue version on (renew), nothing kept before
    // holds. The next round shows the vehicles shown before again before it measures them; the
    // other pages are made again once, on their first request.
    {
      name: 'Vehicle page /vehicles/:slug (HTML), each request a vehicle not shown before',
      nextPath: () => `/vehicles/${freshSlug()}`,
      target: { share: 0.25, p99Ms: 25 },
    },
  ];
}

/** Public vehicles: `shown`, spread evenly over the catalogue (old and new, every make), and the rest in a shuffled order. */
async function publicSlugs(dataDir: string): Promise<{ shown: string[]; fresh: string[] }> {
  const database = openSqlite(path.join(dataDir, 'marketplace.db'));
  try {
    const rows = await database.db
      .selectFrom('vehicles')
      .select('slug')
      .where('status', '!=', 'Archived')
      .orderBy('id')
      .execute();
    const step = Math.max(2, Math.floor(rows.length / VEHICLES_ROTATED));
    const shown = rows.filter((_, i) => i % step === 0).map((r) => r.slug);
    const fresh = rows.filter((_, i) => i % step !== 0).map((r) => r.slug);
    for (let i = fresh.length - 1; i > 0; i--) {
      const j = Math.floor(Math.random() * (i + 1));
      [fresh[i], fresh[j]] = [fresh[j] as string, fresh[i] as string];
    }
    return { shown, fresh };
  } finally {
    await database.close();
  }
}

/** Requests every path once, `concurrency` at a time (a visitor having seen each vehicle page). */
async function visitAll(baseUrl: string, paths: readonly string[], concurrency = 10): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < paths.length) {
        const res = await fetch(`${baseUrl}${paths[next++]}`, { headers: BROWSER_ENCODING });
        await res.arrayBuffer();
      }
    }),
  );
}

/** One size's server, its endpoints and its figures so far. */
interface SizeUnderTest {
  vehicles: number;
  server: Awaited<ReturnType<typeof startServer>>;
  shown: string[];
  list: Endpoint[];
  runs: Map<string, Figure[]>;
  close: () => Promise<void>;
}

async function startSize(vehicles: number, keepDir: string | undefined): Promise<SizeUnderTest> {
  const dataDir = await catalogueFile(vehicles, keepDir);
  const { shown, fresh } = await publicSlugs(dataDir);
  const server = await startServer({ dataDir, env: { PUBLIC_URL: 'https://cars.example.com' } });
  // Moves the catalogue version on, as the triggers do on any catalogue change: the server keeps
  // no page or answer made before it (docs/decisions/110-catalogue-search.md). No card stamp
  // moves, so the cards stay kept, as they do for the vehicles a real change leaves alone
  // (docs/decisions/138-card-stamps.md).
  const catalogue = new SQLite(path.join(dataDir, 'marketplace.db'));
  const bump = catalogue.prepare('update catalogue_version set version = version + 1 where id = 1');
  const list = endpoints(shown, fresh, () => bump.run());
  // A few of each, so the first figures do not carry the server's first compile of each path;
  // then every vehicle page of the rotation once.
  for (const e of list)
    await visitAll(
      server.baseUrl,
      Array.from({ length: 20 }, () => e.path ?? e.nextPath?.() ?? '/'),
      1,
    );
  const started = performance.now();
  await visitAll(
    server.baseUrl,
    shown.map((slug) => `/vehicles/${encodeURIComponent(slug)}`),
  );
  console.log(
    `${int(vehicles)}: ${int(shown.length)} vehicle pages shown once in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  return {
    vehicles,
    server,
    shown,
    list,
    runs: new Map(list.map((e) => [e.name, []])),
    close: async () => {
      catalogue.close();
      await server.stop();
    },
  };
}

/**
 * Every size's server runs at once, and each endpoint is measured at every size one after the
 * other, the sizes' order turned round each round: the machine's speed, which moves by half
 * within minutes here, then weighs on both sizes alike when one's throughput is compared with
 * the other's (docs/decisions/136-sizes-side-by-side.md). Before each measurement every server
 * is idle: the other size's work after its catalogue moved on does not run into it.
 */
async function measureSizes(sizes: readonly SizeUnderTest[], options: { seconds: number; runs: number }) {
  const ceilings = new Map<SizeUnderTest, number>();
  for (let round = 0; round < options.runs; round++) {
    if (round > 0) {
      // The vehicle pages "shown before" are shown again before each round: the previous
      // round's vehicles not shown before pushed them out of the kept pages, or the catalogue
      // moved on since.
      for (const size of sizes)
        await visitAll(
          size.server.baseUrl,
          size.shown.map((slug) => `/vehicles/${encodeURIComponent(slug)}`),
        );
    }
    const order = round % 2 === 0 ? sizes : [...sizes].reverse();
    const endpointCount = sizes[0]?.list.length ?? 0;
    for (let i = 0; i < endpointCount; i++) {
      for (const size of order) {
        const e = size.list[i];
        if (!e) continue;
        // Nothing a server does on its own (reading the cards ahead after the start or a
        // catalogue change) runs into the measurement.
        await waitUntilIdle(sizes.map((other) => other.server.pid));
        const { baseUrl, pid } = size.server;
        const cpuBefore = readCpuMs(pid);
        const run = await cannon({
          url: e.path ? `${baseUrl}${e.path}` : baseUrl,
          connections: CONNECTIONS,
          seconds: options.seconds,
          headers: BROWSER_ENCODING,
          ...(e.nextPath ? { nextPath: e.nextPath } : {}),
        });
        if (!e.target) ceilings.set(size, run.requestsPerSecond);
        const ceiling = ceilings.get(size) ?? 0;
        const non2xx = Object.entries(run.statuses)
          .filter(([code]) => !code.startsWith('2'))
          .reduce((n, [, c]) => n + c, 0);
        const figure = {
          rps: run.requestsPerSecond,
          cpuUs: run.responses > 0 ? ((readCpuMs(pid) - cpuBefore) * 1000) / run.responses : 0,
          p99: run.latency.p99,
          share: ceiling ? run.requestsPerSecond / ceiling : 0,
          errors: run.errors + run.timeouts,
          non2xx,
        };
        size.runs.get(e.name)?.push(figure);
        console.log(
          `${int(size.vehicles)} round ${round + 1}: ${e.name}: ${int(figure.rps)} req/s, p99 ${figure.p99.toFixed(1)} ms, ${pct(figure.share)} of ping, ${int(figure.cpuUs)} µs of server CPU${non2xx || figure.errors ? `, ${non2xx} non-2xx, ${figure.errors} errors` : ''}`,
        );
      }
    }
  }
  return new Map(
    sizes.map((size) => [
      size.vehicles,
      size.list.map((e) => {
        const figures = size.runs.get(e.name) ?? [];
        return {
          endpoint: e,
          rps: median(figures.map((f) => f.rps)),
          cpuUs: median(figures.map((f) => f.cpuUs)),
          p99: median(figures.map((f) => f.p99)),
          share: median(figures.map((f) => f.share)),
          rpsRange: figures.map((f) => int(f.rps)).join(', '),
          failures: figures.reduce((n, f) => n + f.errors + f.non2xx, 0),
        };
      }),
    ]),
  );
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      sizes: { type: 'string', default: '10000,100000' },
      seconds: { type: 'string', default: '8' },
      runs: { type: 'string', default: '2' },
      catalogues: { type: 'string' },
      report: { type: 'string', default: 'pages' },
    },
  });
  if (!existsSync(path.join(ROOT, 'apps/web/dist/index.html')))
    throw new Error('no web build: run `npm run build` first');
  const sizes = values.sizes.split(',').map((s) => Number.parseInt(s, 10));
  const options = {
    seconds: Number.parseInt(values.seconds, 10),
    runs: Number.parseInt(values.runs, 10),
    ...(values.catalogues ? { keepDir: path.resolve(values.catalogues) } : {}),
  };
  const machine = machineInfo();
  const started: SizeUnderTest[] = [];
  let results: Awaited<ReturnType<typeof measureSizes>>;
  try {
    for (const size of sizes) started.push(await startSize(size, options.keepDir));
    results = await measureSizes(started, options);
  } finally {
    for (const size of started) await size.close();
  }
  const sections: string[] = [
    `SQLite, the real server with the web build, autocannon with ${CONNECTIONS} connections and \`Accept-Encoding: ${BROWSER_ENCODING['accept-encoding']}\`, ${options.seconds} s per endpoint, ${options.runs} rounds. Every size's server runs at once and each endpoint is measured at every size one after the other, the sizes' order turned round each round, every server idle before each measurement; each figure is the median of the rounds, and the share is taken against \`GET /api/ping\` of the same round. Vehicle pages “shown before” and the vehicle API pick each request's vehicle at random among ${int(VEHICLES_ROTATED)} public vehicles spread over the catalogue, each of whose pages was requested once before the rounds; “not shown before”, measured last in each round, takes each request's vehicle from the other public vehicles in a shuffled order; once all of them have been asked for, the catalogue version moves on (as any catalogue change moves it) and they come round again with nothing kept. The vehicles shown before are shown again before each round (the vehicles not shown before push their pages out of the kept ones). Computed searches: each request a search nobody sent before (a make, a price range whose lowest figure runs from $1,000 to $${int(SEARCH_PRICE_CYCLE + 999)} and starts again with the highest a dollar up, sometimes a first year, a sort, page 1 or 2), the same mix at every size. At ${int(Math.max(...sizes))} vehicles, “Throughput against” compares each page's req/s with its req/s at ${int(Math.min(...sizes))}; “Requests a CPU second against” compares the server's CPU time a request (user and system, from \`/proc\`, median of the rounds) the same way: how many requests a second of the server's CPU serves at this size against the smallest.`,
  ];
  const smallest = Math.min(...sizes);
  for (const size of sizes) {
    const figures = results.get(size) ?? [];
    const base = results.get(smallest) ?? [];
    sections.push(
      `## ${int(size)} vehicles\n\n${table(
        [
          'Endpoint',
          'req/s (median)',
          'req/s per round',
          'Share of ping',
          'p99',
          'Server CPU a request',
          'Target',
          'Met',
          ...(size !== smallest
            ? [`Throughput against ${int(smallest)}`, `Requests a CPU second against ${int(smallest)}`]
            : []),
        ],
        figures.map((f) => {
          const t = f.endpoint.target;
          const ok = t ? f.share >= t.share && (t.p99Ms === undefined || f.p99 < t.p99Ms) && f.failures === 0 : true;
          const at = base.find((b) => b.endpoint.name === f.endpoint.name);
          const kept = at && at.rps > 0 ? f.rps / at.rps : 0;
          // The same comparison in the server's own work: requests a second of its CPU makes at
          // this size against the smallest, steadier than throughput when the load generator on
          // the same machine gets more or less of it (docs/decisions/136-sizes-side-by-side.md).
          const keptCpu = at && f.cpuUs > 0 ? at.cpuUs / f.cpuUs : 0;
          return [
            f.endpoint.name,
            int(f.rps),
            f.rpsRange,
            t ? pct(f.share) : '—',
            `${f.p99.toFixed(1)} ms`,
            `${int(f.cpuUs)} µs`,
            t ? `≥ ${pct(t.share)}${t.p99Ms ? `, p99 < ${t.p99Ms} ms` : ''}` : '—',
            t ? verdict(ok) + (f.failures ? ` (${f.failures} failed requests)` : '') : '—',
            ...(size !== smallest
              ? [
                  t ? `${pct(kept)} (${verdict(kept >= 0.9)})` : pct(kept),
                  t ? `${pct(keptCpu)} (${verdict(keptCpu >= 0.9)})` : pct(keptCpu),
                ]
              : []),
          ];
        }),
      )}`,
    );
  }
  writeReport({
    script: values.report,
    title: 'Public pages at 10,000 and 100,000 vehicles (issue #18)',
    dialect: 'sqlite',
    machine,
    sections,
  });
}

await runBenchmark(main);
