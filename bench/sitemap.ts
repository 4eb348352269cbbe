/**
 * Issue #18: the sitemap of a 100,000-vehicle catalogue, which must be written in under a second.
 *
 * Fills a catalogue (bench/catalogue.ts), builds the app in this process on it (no web build
 * needed) and times, through app.inject (no network in the figures):
 * - the whole sitemap as a crawler reads it: /sitemap.xml (an index past 50,000 URLs), then
 *   /sitemaps/pages.xml and every /sitemaps/vehicles-<n>.xml it lists, plain and compressed;
 * - each vehicle file alone (50,000 URLs);
 * - all 100,000 vehicles in one stream (the service with the file limit raised), the worst case
 *   of one answer.
 * Each measured 5 times after one warm-up run; the median and the slowest are reported.
 * Writes the run report bench/reports/sitemap.md.
 *
 *   node --import tsx bench/sitemap.ts [--dialect sqlite|postgres|both] [--vehicles 100000]
 *     [--sqlite-catalogue file.db]   reuse a SQLite catalogue built before (copied, not changed)
 */
import { copyFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { brotliDecompressSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import type { Database } from '../apps/api/src/db/database.ts';
import { SITEMAP_STATIC_PATHS, sitemapXml } from '../apps/api/src/features/sitemap/sitemap-service.ts';
import { openDatabase } from '../apps/api/src/open-database.ts';
import { buildPostgresCatalogue, buildSqliteCatalogue } from './catalogue.ts';
import { runBenchmark } from './lib/cleanup.ts';
import { machineInfo } from './lib/machine.ts';
import { freshPostgresDatabase } from './lib/postgres.ts';
import { table, verdict, writeReport } from './lib/report.ts';
import { tempDir } from './lib/server.ts';
import { int } from './lib/stats.ts';

const TARGET_MS = 1000;
const RUNS = 5;
const ORIGIN = 'https://cars.example.com';

interface Timing {
  name: string;
  urls: number;
  bytes: number;
  medianMs: number;
  maxMs: number;
  /** CPU time of this process in the median run: on SQLite all the work, on PostgreSQL all but the database's. */
  cpuMs: number;
}

const urlsIn = (xml: string) => xml.split('<loc>').length - 1;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/** What one run read: URLs listed and bytes received. */
interface Read {
  urls: number;
  bytes: number;
}

const readOf = (xmls: string[]): Read => ({
  urls: xmls.reduce((n, xml) => n + urlsIn(xml), 0),
  bytes: xmls.reduce((n, xml) => n + Buffer.byteLength(xml), 0),
});

/** Runs `fetchAll` once to warm up, then RUNS times. */
async function time(name: string, fetchAll: () => Promise<Read>): Promise<Timing> {
  const first = await fetchAll();
  const times: number[] = [];
  const cpus: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const cpu = process.cpuUsage();
    const started = performance.now();
    await fetchAll();
    times.push(performance.now() - started);
    const used = process.cpuUsage(cpu);
    cpus.push((used.user + used.system) / 1000);
  }
  return { name, ...first, medianMs: median(times), maxMs: Math.max(...times), cpuMs: median(cpus) };
}

async function get(app: FastifyInstance, url: string): Promise<string> {
  const res = await app.inject({ method: 'GET', url });
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
  return res.body;
}

/** As a crawler asks (Googlebot sends this Accept-Encoding): the answer is brotli-compressed as it is sent. */
async function getCompressed(app: FastifyInstance, url: string): Promise<Read> {
  const res = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
  if (res.statusCode !== 200 || res.headers['content-encoding'] !== 'br') throw new Error(`${url}: not compressed`);
  return { urls: urlsIn(brotliDecompressSync(res.rawPayload).toString()), bytes: res.rawPayload.length };
}

async function measure(database: Database, app: FastifyInstance, vehicles: number): Promise<Timing[]> {
  const index = await get(app, '/sitemap.xml');
  // Past 50,000 URLs an index of files; below, the sitemap itself.
  const files = index.includes('<sitemapindex')
    ? [...index.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => (m[1] ?? '').replace(ORIGIN, ''))
    : [];
  const whole = ['/sitemap.xml', ...files];
  const result: Timing[] = [
    await time('Whole sitemap over HTTP: /sitemap.xml, then every file it lists', async () =>
      readOf(await Promise.all(whole.map((f) => get(app, f)))),
    ),
    await time('The same, compressed as a crawler asks (Accept-Encoding: gzip, deflate, br)', async () => {
      const reads = await Promise.all(whole.map((f) => getCompressed(app, f)));
      return { urls: reads.reduce((n, r) => n + r.urls, 0), bytes: reads.reduce((n, r) => n + r.bytes, 0) };
    }),
  ];
  for (const f of files.filter((file) => file.startsWith('/sitemaps/vehicles-')))
    result.push(await time(`One file over HTTP: ${f}`, async () => readOf([await get(app, f)])));
  result.push(
    await time(`All ${int(vehicles)} vehicles in one stream (service, file limit raised)`, async () => {
      let xml = '';
      for await (const chunk of await sitemapXml(database.db, { origin: ORIGIN, urlLimit: vehicles + 1000 }))
        xml += chunk;
      return readOf([xml]);
    }),
  );
  const expected = vehicles + SITEMAP_STATIC_PATHS.length + files.length;
  for (const t of result.slice(0, 2))
    if (t.urls !== expected) throw new Error(`${t.name}: ${t.urls} URLs, expected ${expected}`);
  return result;
}

async function runOn(dialect: 'sqlite' | 'postgres', vehicles: number, sqliteCatalogue?: string): Promise<string> {
  const dataDir = tempDir(`sitemap-${dialect}`);
  let databaseUrl: string | undefined;
  const fillStarted = performance.now();
  if (dialect === 'sqlite') {
    if (sqliteCatalogue) copyFileSync(sqliteCatalogue, path.join(dataDir, 'marketplace.db'));
    else await buildSqliteCatalogue(dataDir, { vehicles, users: 10 });
  } else {
    databaseUrl = freshPostgresDatabase('sitemap');
    await buildPostgresCatalogue(databaseUrl, { vehicles, users: 10 });
  }
  console.log(`${dialect}: catalogue ready in ${((performance.now() - fillStarted) / 1000).toFixed(1)} s`);
  const config = loadConfig({
    DATA_DIR: dataDir,
    SEED: 'none',
    LOG_LEVEL: 'silent',
    RATE_LIMIT: 'off',
    PUBLIC_URL: ORIGIN,
    WEB_DIST: dataDir, // no index.html here: the sitemap needs no web build
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const database = await openDatabase(config);
  const app = await buildApp({ config, database, logger: false });
  try {
    const publicCount = Number(
      (
        await database.db
          .selectFrom('vehicles')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .where('status', '!=', 'Archived')
          .executeTakeFirstOrThrow()
      ).n,
    );
    const timings = await measure(database, app, publicCount);
    for (const t of timings)
      console.log(
        `${dialect}: ${t.name}: median ${t.medianMs.toFixed(0)} ms, max ${t.maxMs.toFixed(0)} ms, CPU ${t.cpuMs.toFixed(0)} ms`,
      );
    const whole = timings[0] as Timing;
    return [
      `## ${dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL'}: ${int(vehicles)} vehicles, ${int(publicCount)} public (not Archived)`,
      '',
      table(
        ['What', 'URLs', 'Bytes', 'Median (ms)', 'Slowest (ms)', 'Process CPU, median (ms)'],
        timings.map((t) => [
          t.name,
          int(t.urls),
          int(t.bytes),
          t.medianMs.toFixed(0),
          t.maxMs.toFixed(0),
          t.cpuMs.toFixed(0),
        ]),
      ),
      '',
      `Target: the whole sitemap in under ${TARGET_MS} ms: ${verdict(whole.maxMs < TARGET_MS)} (slowest of ${RUNS} runs ${whole.maxMs.toFixed(0)} ms).`,
    ].join('\n');
  } finally {
    await app.close();
    await database.close();
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      dialect: { type: 'string', default: 'both' },
      vehicles: { type: 'string', default: '100000' },
      'sqlite-catalogue': { type: 'string' },
    },
  });
  const vehicles = Number.parseInt(values.vehicles, 10);
  const dialects =
    values.dialect === 'both' ? (['sqlite', 'postgres'] as const) : [values.dialect as 'sqlite' | 'postgres'];
  const machine = machineInfo();
  const sections: string[] = [];
  for (const dialect of dialects) sections.push(await runOn(dialect, vehicles, values['sqlite-catalogue']));
  writeReport({
    script: 'sitemap',
    title: `Sitemap of ${int(vehicles)} vehicles (issue #18)`,
    dialect: dialects.join(' and '),
    machine,
    sections: [
      "Through `app.inject` in this process (no network; inject gathers each streamed answer into one string, which a real client does not). Each figure is one warm-up run, then 5 timed runs. The vehicle rows are read 10,000 at a time (keyset pages by id, from the covering partial index vehicles_public_sitemap) and each batch is sent as it is written. 'Process CPU' is the CPU time of this process: on SQLite all the work, on PostgreSQL all but the database server's; it is the steadier figure on a busy machine (see the load averages above).",
      ...sections,
    ],
  });
}

await runBenchmark(main);
