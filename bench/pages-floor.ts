/**
 * Issue #18: the floor under the pages benchmark's three unmet targets
 * (docs/decisions/141-the-floor-under-the-page-targets.md).
 *
 * The targets are shares of the same server's `GET /api/ping`. This benchmark asks what share a
 * server that does nothing but send the same bytes reaches on this machine: bare Fastify
 * (bench/lib/bare-fastify.ts: no plugin, no database, no search, no rendering) sending a real
 * computed search answer, a real computed results page and a real vehicle page not shown before,
 * each compressed on every request at the marketplace's per-request level, beside its own ping;
 * and the marketplace (the real server with the web build, on a SQLite catalogue filled by the
 * product's generator) making the same three kinds of answer, beside its own ping. Both servers
 * run at once, every endpoint is measured in every round, both servers idle before each
 * measurement; figures are the medians of the rounds. Writes docs/benchmarks/pages-floor.md.
 *
 *   node --import tsx bench/pages-floor.ts [--vehicles 100000] [--seconds 8] [--runs 3]
 *     [--catalogues DIR]   keep the filled catalogue in DIR and reuse it on the next run
 */
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import SQLite from 'better-sqlite3';
import { cannon } from './lib/cannon.ts';
import { runBenchmark } from './lib/cleanup.ts';
import { computedSearches } from './lib/computed-searches.ts';
import { catalogueFile } from './lib/kept-catalogues.ts';
import { machineInfo } from './lib/machine.ts';
import { ROOT, table, writeReport } from './lib/report.ts';
import { type BenchServer, readCpuMs, startServer, tempDir, waitUntilIdle } from './lib/server.ts';
import { int, median, pct } from './lib/stats.ts';

const CONNECTIONS = 10;
const BROWSER_ENCODING = { 'accept-encoding': 'gzip, deflate, br, zstd' };

/** The pages benchmark's targets that are not met (bench/pages.ts), and the bare route sending the same kind of bytes. */
const TARGETS = [
  { name: 'Computed search, API', bare: 'search', share: 0.25 },
  { name: 'Computed search, results page (HTML)', bare: 'results', share: 0.15 },
  { name: 'Vehicle page, a vehicle not shown before (HTML)', bare: 'vehicle', share: 0.25 },
] as const;

interface Endpoint {
  name: string;
  server: BenchServer;
  nextPath: () => string;
}

interface Figure {
  rps: number;
  share: number;
  cpuUs: number;
}

/** Every public vehicle's slug, shuffled. */
function publicSlugs(dataDir: string): string[] {
  const db = new SQLite(path.join(dataDir, 'marketplace.db'), { readonly: true });
  try {
    const slugs = (db.prepare("select slug from vehicles where status != 'Archived'").all() as { slug: string }[]).map(
      (row) => row.slug,
    );
    for (let i = slugs.length - 1; i > 0; i--) {
      const j = Math.floor(Math.random() * (i + 1));
      [slugs[i], slugs[j]] = [slugs[j] as string, slugs[i] as string];
    }
    return slugs;
  } finally {
    db.close();
  }
}

/** The identity bytes of one answer of the marketplace, as a client without Accept-Encoding gets them. */
async function capture(server: BenchServer, url: string): Promise<Buffer> {
  const res = await fetch(`${server.baseUrl}${url}`);
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  return Buffer.from(await res.arrayBuffer());
}

async function measure(endpoints: readonly Endpoint[], options: { seconds: number; runs: number }) {
  const figures = new Map<string, Figure[]>(endpoints.map((e) => [e.name, []]));
  const pids = [...new Set(endpoints.map((e) => e.server.pid))];
  for (let round = 0; round < options.runs; round++) {
    const pings = new Map<BenchServer, number>();
    for (const e of endpoints) {
      await waitUntilIdle(pids);
      const { baseUrl, pid } = e.server;
      const cpuBefore = readCpuMs(pid);
      const run = await cannon({
        url: baseUrl,
        connections: CONNECTIONS,
        seconds: options.seconds,
        headers: BROWSER_ENCODING,
        nextPath: e.nextPath,
      });
      const failed = Object.entries(run.statuses).filter(([code]) => !code.startsWith('2'));
      if (failed.length > 0 || run.errors > 0)
        throw new Error(`${e.name}: ${JSON.stringify(run.statuses)}, ${run.errors} errors`);
      if (!pings.has(e.server)) pings.set(e.server, run.requestsPerSecond);
      const figure = {
        rps: run.requestsPerSecond,
        share: run.requestsPerSecond / (pings.get(e.server) ?? run.requestsPerSecond),
        cpuUs: ((readCpuMs(pid) - cpuBefore) * 1000) / run.responses,
      };
      figures.get(e.name)?.push(figure);
      console.log(
        `round ${round + 1}: ${e.name}: ${int(figure.rps)} req/s, ${pct(figure.share)} of its ping, ${int(figure.cpuUs)} µs of server CPU`,
      );
    }
  }
  return new Map(
    endpoints.map((e) => {
      const runs = figures.get(e.name) ?? [];
      const of = (key: keyof Figure) => median(runs.map((f) => f[key]));
      return [
        e.name,
        { rps: of('rps'), share: of('share'), cpuUs: of('cpuUs'), perRound: runs.map((f) => int(f.rps)).join(', ') },
      ];
    }),
  );
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      vehicles: { type: 'string', default: '100000' },
      seconds: { type: 'string', default: '8' },
      runs: { type: 'string', default: '3' },
      catalogues: { type: 'string' },
    },
  });
  if (!existsSync(path.join(ROOT, 'apps/web/dist/index.html')))
    throw new Error('no web build: run `npm run build` first');
  const vehicles = Number.parseInt(values.vehicles, 10);
  const options = { seconds: Number.parseInt(values.seconds, 10), runs: Number.parseInt(values.runs, 10) };
  const machine = machineInfo();

  const dataDir = await catalogueFile(vehicles, values.catalogues ? path.resolve(values.catalogues) : undefined);
  const slugs = publicSlugs(dataDir);
  const app = await startServer({ dataDir, env: { PUBLIC_URL: 'https://cars.example.com' } });
  const catalogue = new SQLite(path.join(dataDir, 'marketplace.db'));
  try {
    // One search generator for both kinds of computed search, so the results page never finds
    // an answer the API already kept.
    const search = computedSearches();
    let next = 0;
    const freshSlug = () => {
      // Every vehicle asked for once: the catalogue version moves on, so none is kept (as in bench/pages.ts).
      if (next > 0 && next % slugs.length === 0)
        catalogue.prepare('update catalogue_version set version = version + 1 where id = 1').run();
      return `/vehicles/${encodeURIComponent(slugs[next++ % slugs.length] ?? '')}`;
    };

    const payloads = tempDir('floor');
    const samples = {
      search: await capture(app, `/api/vehicles/search?${search()}`),
      results: await capture(app, `/vehicles?${search()}`),
      vehicle: await capture(app, freshSlug()),
    };
    for (const [name, bytes] of Object.entries(samples))
      writeFileSync(path.join(payloads, name === 'search' ? 'search.json' : `${name}.html`), bytes);
    const bare = await startServer({
      dataDir: payloads,
      script: 'bench/lib/bare-fastify.ts',
      readyPath: '/ping',
      env: { FLOOR_PAYLOADS: payloads },
    });

    const endpoints: Endpoint[] = [
      { name: 'Marketplace: GET /api/ping', server: app, nextPath: () => '/api/ping' },
      { name: `Marketplace: ${TARGETS[0].name}`, server: app, nextPath: () => `/api/vehicles/search?${search()}` },
      { name: `Marketplace: ${TARGETS[1].name}`, server: app, nextPath: () => `/vehicles?${search()}` },
      { name: `Marketplace: ${TARGETS[2].name}`, server: app, nextPath: freshSlug },
      { name: 'Bare Fastify: GET /ping', server: bare, nextPath: () => '/ping' },
      { name: 'Bare Fastify: the search answer, compressed once (kept)', server: bare, nextPath: () => '/kept-search' },
      { name: 'Bare Fastify: the search answer, compressed per request', server: bare, nextPath: () => '/search' },
      { name: 'Bare Fastify: the results page, compressed per request', server: bare, nextPath: () => '/results' },
      { name: 'Bare Fastify: the vehicle page, compressed per request', server: bare, nextPath: () => '/vehicle' },
    ];
    const results = await measure(endpoints, options);
    await bare.stop();

    const at = (name: string) => {
      const figure = results.get(name);
      if (!figure) throw new Error(`no figures for ${name}`);
      return figure;
    };
    const appPing = at('Marketplace: GET /api/ping');
    const barePing = at('Bare Fastify: GET /ping');
    const bareOf = { search: 'search answer', results: 'results page', vehicle: 'vehicle page' } as const;
    const budget = TARGETS.map((t) => {
      const ours = at(`Marketplace: ${t.name}`);
      const bareSend = at(`Bare Fastify: the ${bareOf[t.bare]}, compressed per request`);
      // Sending these bytes compressed per request costs this much more than a ping, on any server.
      const sendUs = bareSend.cpuUs - barePing.cpuUs;
      const allowedUs = appPing.cpuUs / t.share;
      const leftUs = allowedUs - appPing.cpuUs - sendUs;
      const workUs = ours.cpuUs - appPing.cpuUs - sendUs;
      return [
        t.name,
        `${int(samples[t.bare].length)} B`,
        pct(t.share),
        pct(ours.share),
        `${int(allowedUs)} µs`,
        `${int(appPing.cpuUs)} + ${int(sendUs)} µs`,
        `${int(leftUs)} µs`,
        `${int(workUs)} µs`,
        leftUs > 0 ? `${(workUs / leftUs).toFixed(1)}×` : 'no room',
      ];
    });

    writeReport({
      script: 'pages-floor',
      title: 'The floor under the page targets (issue #18)',
      dialect: 'sqlite',
      machine,
      sections: [
        `${int(vehicles)} vehicles, autocannon with ${CONNECTIONS} connections and \`Accept-Encoding: ${BROWSER_ENCODING['accept-encoding']}\`, ${options.seconds} s per endpoint, ${options.runs} rounds, medians. The marketplace is the real server with the web build; bare Fastify (\`bench/lib/bare-fastify.ts\`) has no plugin, no database, no search and no rendering, and sends bytes captured from the marketplace in this run (a computed search answer, a computed results page, a vehicle page not shown before), compressed on every request at the marketplace's per-request level (brotli quality 1). Each share is taken against the ping of the same server in the same round; bare Fastify's ping is bound by the load generator, which shares the machine's cores, so its shares say little and its CPU a request is the figure to read. Computed searches and vehicle pages not shown before are made as in \`bench/pages.ts\`. Server CPU a request: user and system time of the server process from \`/proc\`.`,
        table(
          ['Endpoint', 'req/s (median)', 'req/s per round', "Share of its server's ping", 'Server CPU a request'],
          endpoints.map((e) => {
            const f = at(e.name);
            return [e.name, int(f.rps), f.perRound, pct(f.share), `${int(f.cpuUs)} µs`];
          }),
        ),
        '## The budget of each target',
        `A target share allows the marketplace's ping CPU divided by the share for each request. Of that, the ping's own work is spent on any request, and sending the answer's bytes compressed per request costs what it costs bare Fastify above its ping. What is left is all the page may spend on its own work: reading the catalogue, searching, making the JSON or the HTML; the last columns are what that work costs now, and how many times smaller it must become.`,
        table(
          [
            'Target',
            'Answer (identity)',
            'Target share',
            'Marketplace share',
            'CPU a request the target allows',
            'Spent before any work: ping + compressing and sending',
            'Left for the work',
            'The work costs now',
            'The work must shrink',
          ],
          budget,
        ),
      ],
    });
  } finally {
    catalogue.close();
    await app.stop();
  }
}

await runBenchmark(main);
