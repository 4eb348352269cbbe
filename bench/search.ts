/**
 * Issue #3: search throughput and latency on a 100,000-vehicle catalogue.
 *
 * Starts the real server on a prepared database (SEED=none, RATE_LIMIT=off) and runs autocannon
 * (10 connections, 10 s, after a 2 s warm-up) against a near-trivial route (the ceiling) and the
 * search shapes the storefront sends. Then prints the plan of every SQL statement one search
 * runs, captured from the product's own repository functions.
 *
 *   node --import tsx bench/search.ts [--dialect sqlite|postgres|both] [--vehicles 100000] [--seconds 10]
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { buildPostgresCatalogue, buildSqliteCatalogue } from './catalogue.ts';
import { type CannonRun, cannon } from './lib/cannon.ts';
import type { ExplainedQuery } from './lib/capture-sql.ts';
import { cleanupNow } from './lib/cleanup.ts';
import { machineInfo } from './lib/machine.ts';
import { freshPostgresDatabase } from './lib/postgres.ts';
import { type DbTarget, explainSearches } from './lib/search-plans.ts';
import { table, verdict, writeReport } from './lib/report.ts';
import { readCpuMs, startServer, tempDir } from './lib/server.ts';
import { int, ms, pct } from './lib/stats.ts';

const P99_TARGET_MS = 25;
const RATIO_TARGET = 0.3;

interface Shape {
  name: string;
  path: string;
  kind: 'ceiling' | 'reference' | 'search';
  /**
   * Run while the catalogue version is bumped every 2 ms (see versionBumper), so the search
   * cache almost never answers: the same SQL as a search nobody ran before.
   */
  cold?: boolean;
}

const SEARCHES: readonly { name: string; path: string }[] = [
  { name: 'no filter', path: '/api/vehicles/search' },
  {
    name: 'make + years + prices',
    path: '/api/vehicles/search?make=Porsche&minYear=1960&maxYear=1995&minPrice=20000&maxPrice=250000',
  },
  { name: 'full text, common word', path: '/api/vehicles/search?query=leather' },
  { name: 'full text, make and model', path: '/api/vehicles/search?query=ferrari%20testarossa' },
];

const SHAPES: readonly Shape[] = [
  { name: 'Ceiling: GET /api/health (select 1)', path: '/api/health', kind: 'ceiling' },
  { name: 'Reference: GET /api/docs/json (large fixed JSON)', path: '/api/docs/json', kind: 'reference' },
  ...SEARCHES.map((s) => ({ name: `Search, ${s.name}, cached`, path: s.path, kind: 'search' as const })),
  ...SEARCHES.map((s) => ({ name: `Search, ${s.name}, cold`, path: s.path, kind: 'search' as const, cold: true })),
];

/**
 * Bumps catalogue_version (what the product's triggers do when a listing changes) every 2 ms
 * from a connection of its own, so the server's per-version search cache keeps missing.
 * Concurrent identical requests that read the same version still share one computation, as
 * they would in production.
 */
function versionBumper(target: DbTarget) {
  let bumps = 0;
  let running = true;
  const statement = 'UPDATE catalogue_version SET version = version + 1 WHERE id = 1';
  const done = (async () => {
    if ('sqliteFile' in target) {
      const db = new SQLite(target.sqliteFile);
      db.pragma('busy_timeout = 5000');
      const bump = db.prepare(statement);
      while (running) {
        bump.run();
        bumps++;
        await new Promise((r) => setTimeout(r, 2));
      }
      db.close();
    } else {
      const client = new pg.Client({ connectionString: target.postgresUrl });
      await client.connect();
      while (running) {
        await client.query(statement);
        bumps++;
        await new Promise((r) => setTimeout(r, 2));
      }
      await client.end();
    }
  })();
  return {
    count: () => bumps,
    stop: async () => {
      running = false;
      await done;
    },
  };
}

interface ShapeResult {
  shape: Shape;
  total: number | undefined;
  run: CannonRun;
  /** Server CPU time per response: unlike latency, it barely moves when other work shares the machine. */
  cpuMsPerRequest: number;
  /** Catalogue version bumps per second during a cold run. */
  bumpsPerSecond: number;
}

interface DialectResult {
  dialect: 'sqlite' | 'postgres';
  catalogueSeconds: number;
  shapes: ShapeResult[];
  plans: { shape: Shape; queries: ExplainedQuery[] }[];
}

async function firstAnswer(baseUrl: string, shape: Shape): Promise<number | undefined> {
  const res = await fetch(baseUrl + shape.path);
  if (res.status !== 200) throw new Error(`${shape.path} answered ${res.status}: ${await res.text()}`);
  const body = (await res.json()) as { total?: unknown };
  return typeof body.total === 'number' ? body.total : undefined;
}

/** The plan of every statement each fixed search runs (the cached and cold rows share them). */
async function searchPlans(target: DbTarget) {
  const searches = SHAPES.filter((s) => s.kind === 'search' && !s.cold);
  const plans = await explainSearches(
    target,
    searches.map((s) => s.path),
  );
  return plans.map((p, i) => ({ shape: searches[i] as Shape, queries: p.queries }));
}

async function benchDialect(
  dialect: 'sqlite' | 'postgres',
  opts: { vehicles: number; seconds: number; connections: number },
): Promise<DialectResult> {
  const dataDir = tempDir(`search-${dialect}`);
  const databaseUrl = dialect === 'postgres' ? freshPostgresDatabase('search') : undefined;
  console.log(`\n[${dialect}] building the catalogue (${int(opts.vehicles)} vehicles)...`);
  const catalogue = databaseUrl
    ? await buildPostgresCatalogue(databaseUrl, { vehicles: opts.vehicles, users: 2000 })
    : await buildSqliteCatalogue(dataDir, { vehicles: opts.vehicles, users: 2000 });
  console.log(`[${dialect}] catalogue ready in ${(catalogue.totalMs / 1000).toFixed(1)} s; starting the server`);
  const dbTarget: DbTarget = databaseUrl
    ? { postgresUrl: databaseUrl }
    : { sqliteFile: path.join(dataDir, 'marketplace.db') };
  const server = await startServer({ dataDir, ...(databaseUrl ? { databaseUrl } : {}) });
  const shapes: ShapeResult[] = [];
  try {
    for (const shape of SHAPES) {
      const total = await firstAnswer(server.baseUrl, shape);
      const load = { url: server.baseUrl + shape.path, connections: opts.connections };
      const bumper = shape.cold ? versionBumper(dbTarget) : undefined;
      await cannon({ ...load, seconds: 2 });
      const cpuBefore = readCpuMs(server.pid);
      const bumpsBefore = bumper?.count() ?? 0;
      const run = await cannon({ ...load, seconds: opts.seconds });
      const cpuMsPerRequest = (readCpuMs(server.pid) - cpuBefore) / Math.max(1, run.latency.count);
      const bumpsPerSecond = bumper ? (bumper.count() - bumpsBefore) / opts.seconds : 0;
      await bumper?.stop();
      shapes.push({ shape, total, run, cpuMsPerRequest, bumpsPerSecond });
      console.log(
        `[${dialect}] ${shape.name}: ${int(run.requestsPerSecond)} req/s, p50 ${ms(run.latency.p50)}, p99 ${ms(run.latency.p99)}` +
          `, server CPU ${ms(cpuMsPerRequest)}/request${bumpsPerSecond ? `, ${int(bumpsPerSecond)} version bumps/s` : ''}${total === undefined ? '' : `, ${int(total)} matches`}, statuses ${JSON.stringify(run.statuses)}`,
      );
    }
  } finally {
    await server.stop();
  }
  const plans = await searchPlans(dbTarget);
  for (const p of plans) {
    console.log(`\n[${dialect}] plans for ${p.shape.name}`);
    for (const q of p.queries) console.log(`  ${ms(q.medianMs)}  ${q.sql}\n${indent(q.plan, 6)}`);
  }
  return { dialect, catalogueSeconds: catalogue.totalMs / 1000, shapes, plans };
}

const indent = (text: string, n: number) =>
  text
    .split('\n')
    .map((l) => ' '.repeat(n) + l)
    .join('\n');

/** Every scan in a plan (a full pass over a table rather than an index search). */
function scans(dialect: 'sqlite' | 'postgres', plan: string): string[] {
  const lines = plan.split('\n').map((l) => l.trim());
  return dialect === 'sqlite' ? lines.filter((l) => /^SCAN /.test(l)) : lines.filter((l) => /Seq Scan/.test(l));
}

function report(results: DialectResult[], machine: ReturnType<typeof machineInfo>, seconds: number): string {
  const sections: string[] = [
    `autocannon, ${SHAPES.length} URL shapes, 10 connections, ${seconds} s each after a 2 s warm-up, against one server process (\`node --import tsx apps/api/src/server.ts\`, SEED=none, RATE_LIMIT=off, LOG_LEVEL=warn) on 127.0.0.1. The load generator runs on the same machine and shares its cores. Latencies are every response's own time (autocannon's per-response event), requests/s is responses over the measured seconds.`,
    'The search keeps each answer, count and page of ids per catalogue version (bumped by triggers when a listing changes), so a fixed URL is answered from that cache after its first request: the "cached" rows measure a popular search. For the "cold" rows the benchmark bumps catalogue_version every 2 ms from a connection of its own (what a listing change does), so the server runs the search SQL again for nearly every request: the same SQL as a search nobody ran before. Identical requests in flight at the same version still share one computation, as in production. The plans section times each statement alone.',
    '"Ratio by CPU time" divides the ceiling\'s server CPU time per request by the shape\'s: the throughput ratio one would see with the server alone on a core. It hardly depends on what else runs on the machine, unlike requests/s and latency, which are measured on a machine shared with other work (see the load average above).',
    `The ceiling is GET /api/health, the cheapest route there is (one \`select 1\`): there is no route that answers fixed JSON without touching the database. GET /api/docs/json is shown for reference only (a large fixed document). A route such as GET /api/ping answering \`{"ok":true}\` with no database call would make a cleaner ceiling; the difference is small on SQLite (an in-process \`select 1\` costs microseconds) and larger on PostgreSQL (one network round trip).`,
  ];
  for (const r of results) {
    const ceiling = r.shapes.find((s) => s.shape.kind === 'ceiling')?.run.requestsPerSecond ?? 0;
    const searches = r.shapes.filter((s) => s.shape.kind === 'search');
    const ceilingCpu = r.shapes.find((s) => s.shape.kind === 'ceiling')?.cpuMsPerRequest ?? 0;
    sections.push(`## ${r.dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL'}`);
    sections.push(
      table(
        [
          'Shape',
          'Matches',
          'Requests/s',
          'p50',
          'p99',
          'Max',
          'Server CPU/request',
          'Ratio to ceiling',
          'Ratio by CPU time',
          'Statuses',
          'p99 < 25 ms',
          'Throughput >= 30%',
        ],
        r.shapes.map((s) => {
          const ratio = ceiling ? s.run.requestsPerSecond / ceiling : 0;
          const cpuRatio = s.cpuMsPerRequest ? ceilingCpu / s.cpuMsPerRequest : 0;
          const isSearch = s.shape.kind === 'search';
          return [
            `${s.shape.name}<br>\`${s.shape.path}\`${s.bumpsPerSecond ? `<br>(${int(s.bumpsPerSecond)} version bumps/s)` : ''}`,
            s.total === undefined ? '' : int(s.total),
            int(s.run.requestsPerSecond),
            ms(s.run.latency.p50),
            ms(s.run.latency.p99),
            ms(s.run.latency.max),
            ms(s.cpuMsPerRequest),
            s.shape.kind === 'ceiling' ? '1 (ceiling)' : pct(ratio),
            s.shape.kind === 'ceiling' ? '1 (ceiling)' : pct(cpuRatio),
            Object.entries(s.run.statuses)
              .map(([c, n]) => `${c}: ${int(n)}`)
              .join(', ') + (s.run.errors ? `, errors: ${s.run.errors}` : ''),
            isSearch ? verdict(s.run.latency.p99 < P99_TARGET_MS) : '',
            isSearch ? verdict(ratio >= RATIO_TARGET) : '',
          ];
        }),
      ),
    );
    const worstP99 = Math.max(...searches.map((s) => s.run.latency.p99));
    const worstRatio = Math.min(...searches.map((s) => (ceiling ? s.run.requestsPerSecond / ceiling : 0)));
    sections.push(
      `Targets: p99 < ${P99_TARGET_MS} ms for every search shape: ${verdict(worstP99 < P99_TARGET_MS)} (worst ${ms(worstP99)}). Search throughput >= ${pct(RATIO_TARGET)} of the ceiling: ${verdict(worstRatio >= RATIO_TARGET)} (worst ${pct(worstRatio)}).`,
    );
    sections.push(
      `### Query plans (${r.dialect === 'sqlite' ? 'EXPLAIN QUERY PLAN' : 'EXPLAIN ANALYZE'})\n\nThe SQL below was captured by running the product's \`searchVehicles\` and \`toSummaries\` (what GET /api/vehicles/search calls) on a logging connection to the same database; each statement's median time alone over 15 runs is shown.`,
    );
    for (const p of r.plans) {
      const sqlMs = p.queries.reduce((a, q) => a + q.medianMs, 0);
      sections.push(
        `#### ${p.shape.name.replace(/, cached$/, '')}: \`${p.shape.path}\`\n\nSQL time of one uncached search (sum of the statements' medians): ${ms(sqlMs)}.`,
      );
      for (const q of p.queries) {
        const found = scans(r.dialect, q.plan);
        sections.push(
          [
            `Median ${ms(q.medianMs)}${found.length ? ` - scans: ${found.map((f) => `\`${f}\``).join(', ')}` : ' - no table scan'}`,
            '',
            '```sql',
            q.sql.replace(/\s+/g, ' ').trim(),
            '```',
            '```',
            q.plan,
            '```',
          ].join('\n'),
        );
      }
    }
  }
  sections.push(SCAN_NOTES);
  return writeReport({
    script: 'search',
    title: 'Search throughput and latency (issue #3)',
    dialect: results.map((r) => r.dialect).join(' and '),
    machine,
    sections,
  });
}

/** Written from the plans of the recorded run; update it when the search SQL changes. */
const SCAN_NOTES = `## Notes on the scans

SQLite:

- \`SCAN vehicles_fts VIRTUAL TABLE INDEX ...:M4\` is not a table scan: it is how SQLite prints a MATCH lookup in the FTS5 index (\`32:\` when FTS5 also orders by rank). \`SCAN CONSTANT ROW\` is the one-row select around the two scalar counts, and \`SCAN fts\` reads the subquery of ranked candidates, not the catalogue.
- \`SCAN vehicles USING COVERING INDEX vehicles_public_created\` walks the partial index in the order of the sort and stops after LIMIT rows: a page costs its size, not the catalogue size.
- \`SCAN vehicles USING COVERING INDEX vehicles_public_mileage\` for the unfiltered count reads every entry of a partial covering index (about 98,000), never the table: about 1 ms alone, but it is the reason the cold unfiltered search costs about 6 ms of server CPU per request. An exact total needs it; the product caches it per catalogue version.
- The broad full-text query (\`leather\`, 18% of the catalogue) ranks every match to find the best nine: its cost grows with the number of matches (about 14 ms for 17,719), which is why the cold common-word search is the slowest SQLite shape.

PostgreSQL:

- \`Seq Scan on vehicles\` for the common word: the planner prefers reading the whole table to the GIN index (\`vehicles_search\`) when about 18% of the rows match, for the count and again for the ranked page (with two parallel workers). Each statement costs 80-90 ms, so a cold broad full-text search costs about 170 ms of database time; narrow words use the GIN index (bitmap scans, a few ms). Possible remedies for the search owner: cap the exact count for broad queries (show "1,000+"), or rank only a bounded set of GIN candidates, as the SQLite path already does with \`ORDER BY rank LIMIT\`.
- The unfiltered count is an index-only scan of \`vehicles_public_id\`; it needs the visibility map, which is why the catalogue is vacuumed after loading (as autovacuum would).`;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      dialect: { type: 'string', default: 'both' },
      vehicles: { type: 'string', default: '100000' },
      seconds: { type: 'string', default: '10' },
      connections: { type: 'string', default: '10' },
    },
  });
  const machine = machineInfo();
  const opts = {
    vehicles: Number.parseInt(values.vehicles, 10),
    seconds: Number.parseInt(values.seconds, 10),
    connections: Number.parseInt(values.connections, 10),
  };
  const dialects = values.dialect === 'both' ? (['sqlite', 'postgres'] as const) : [values.dialect];
  const results: DialectResult[] = [];
  for (const d of dialects) {
    if (d !== 'sqlite' && d !== 'postgres') throw new Error(`unknown dialect ${d}`);
    results.push(await benchDialect(d, opts));
  }
  console.log(`\nWrote ${report(results, machine, opts.seconds)}`);
}

try {
  await main();
} finally {
  cleanupNow();
}
