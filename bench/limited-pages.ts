/**
 * Decision 142: a results page made anew, with rate limits on (the default) and off.
 *
 * The read-path benchmark runs with limits off: autocannon sends from one address, which would meet
 * the search limit. This one builds the app twice in this process on a SQLite catalogue filled by
 * the product's generator, with the web build, limits on and off. Each request is a results page
 * nobody asked for before (bench/lib/computed-searches.ts), from an address of its own, through
 * app.inject (no network in the figures). The two apps take turns, `--runs` rounds of
 * `--pages` pages each; the report gives each round's time a page and the medians. Writes the
 * run report bench/reports/limited-pages.md.
 *
 *   node --import tsx bench/limited-pages.ts [--vehicles 10000] [--pages 1500] [--runs 4]
 *     [--catalogues DIR]   keep the filled catalogue in DIR and reuse it on the next run
 */
import { copyFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { brotliDecompressSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { openDatabase } from '../apps/api/src/open-database.ts';
import { runBenchmark } from './lib/cleanup.ts';
import { computedSearches } from './lib/computed-searches.ts';
import { catalogueFile } from './lib/kept-catalogues.ts';
import { machineInfo } from './lib/machine.ts';
import { ROOT, table, writeReport } from './lib/report.ts';
import { tempDir } from './lib/server.ts';
import { int, median } from './lib/stats.ts';

const LIMITS = ['on', 'off'] as const;

interface AppUnderTest {
  limits: (typeof LIMITS)[number];
  app: FastifyInstance;
  nextSearch: () => string;
  close: () => Promise<void>;
}

async function startApp(catalogue: string, limits: AppUnderTest['limits']): Promise<AppUnderTest> {
  const dataDir = tempDir(`limited-pages-${limits}`);
  copyFileSync(path.join(catalogue, 'marketplace.db'), path.join(dataDir, 'marketplace.db'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    SEED: 'none',
    LOG_LEVEL: 'silent',
    RATE_LIMIT: limits,
    ADMIN_PASSWORD: 'bench-admin-password',
    WEB_DIST: path.join(ROOT, 'apps/web/dist'),
    PUBLIC_URL: 'https://cars.example.com',
  });
  const database = await openDatabase(config);
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  return {
    limits,
    app,
    nextSearch: computedSearches(),
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/** Microseconds a page over `pages` results pages made anew, each from a new address. */
async function timePages(subject: AppUnderTest, pages: number, firstAddress: number): Promise<number> {
  const answers: { status: number; body: Buffer }[] = [];
  const started = performance.now();
  for (let i = 0; i < pages; i++) {
    const n = firstAddress + i;
    const res = await subject.app.inject({
      method: 'GET',
      url: `/vehicles?${subject.nextSearch()}`,
      remoteAddress: `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
      headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
    });
    answers.push({ status: res.statusCode, body: res.rawPayload });
  }
  const us = ((performance.now() - started) * 1000) / pages;
  // Checked after the clock stops: every page made with its search (none refused by the limit).
  for (const { status, body } of answers)
    if (status !== 200 || !brotliDecompressSync(body).toString().includes('/vehicles/search?'))
      throw new Error(`limits ${subject.limits}: a page answered ${status} or without its search`);
  return us;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      vehicles: { type: 'string', default: '10000' },
      pages: { type: 'string', default: '1500' },
      runs: { type: 'string', default: '4' },
      catalogues: { type: 'string' },
    },
  });
  if (!existsSync(path.join(ROOT, 'apps/web/dist/index.html')))
    throw new Error('no web build: run `npm run build` first');
  const vehicles = Number.parseInt(values.vehicles, 10);
  const pages = Number.parseInt(values.pages, 10);
  const runs = Number.parseInt(values.runs, 10);
  const machine = machineInfo();
  const catalogue = await catalogueFile(vehicles, values.catalogues ? path.resolve(values.catalogues) : undefined);
  const subjects: AppUnderTest[] = [];
  const times = new Map<string, number[]>(LIMITS.map((l) => [l, []]));
  try {
    for (const limits of LIMITS) subjects.push(await startApp(catalogue, limits));
    let address = 0;
    for (let round = 0; round < runs; round++)
      for (const subject of subjects) {
        const us = await timePages(subject, pages, address);
        address += pages;
        times.get(subject.limits)?.push(us);
        console.log(`round ${round + 1}: limits ${subject.limits}: ${int(us)} µs a page`);
      }
  } finally {
    for (const subject of subjects) await subject.close();
  }
  writeReport({
    script: 'limited-pages',
    title: 'A results page made anew, rate limits on and off (decision 142)',
    dialect: 'sqlite',
    machine,
    sections: [
      `${int(vehicles)} vehicles, the app in this process with the web build, twice: rate limits on (the default) and off. Each request a results page nobody asked for before, from an address of its own, through \`app.inject\`; the two apps take turns, ${runs} rounds of ${int(pages)} pages each. The first round carries each app's first compile of the path.`,
      table(
        ['Rate limits', 'µs a page (median)', 'Per round'],
        LIMITS.map((l) => {
          const each = times.get(l) ?? [];
          return [l, int(median(each)), each.map(int).join(', ')];
        }),
      ),
    ],
  });
}

await runBenchmark(main);
