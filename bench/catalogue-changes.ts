/**
 * Issue #18 (docs/decisions/138-card-stamps.md, 139-patched-snapshots.md,
 * 140-deletions-patched.md): what a change to the
 * catalogue costs a server holding 10,000 and 100,000 vehicles, and what changes do to searches.
 *
 * For each size, the real server (no web build needed) on a SQLite catalogue filled by the
 * product's own generator (the pages benchmark's; `--catalogues` reuses them):
 * - server CPU from one change until the server is idle again (a search right after the change,
 *   then the work the server does on its own: a new snapshot, the changed cards read ahead),
 *   `--changes` times for each kind: a vehicle's price, a vehicle archived, one published again,
 *   one deleted;
 * - computed searches (each a search nobody sent before, the pages benchmark's mix) with no
 *   change, with a price change every 2 s, and with a vehicle archived or published again every
 *   2 s, `--runs` rounds of `--seconds` each; each rate under changes is reported as a share of
 *   the same round's rate without.
 * Writes docs/benchmarks/catalogue-changes.md.
 *
 *   node --import tsx bench/catalogue-changes.ts [--sizes 10000,100000] [--seconds 15] [--runs 2]
 *     [--changes 4] [--catalogues DIR]
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import SQLite from 'better-sqlite3';
import { cannon } from './lib/cannon.ts';
import { runBenchmark } from './lib/cleanup.ts';
import { computedSearches } from './lib/computed-searches.ts';
import { catalogueFile } from './lib/kept-catalogues.ts';
import { machineInfo } from './lib/machine.ts';
import { table, writeReport } from './lib/report.ts';
import { readCpuMs, startServer, waitUntilIdle } from './lib/server.ts';
import { int, median, pct } from './lib/stats.ts';

const CONNECTIONS = 10;
const BROWSER_ENCODING = { 'accept-encoding': 'gzip, deflate, br, zstd' };
const CHANGE_EVERY_MS = 2_000;
/** Vehicles the changes pick from, in turn. */
const CHANGED_VEHICLES = 200;

type Kind = 'price' | 'archive' | 'publish' | 'delete';
const KIND_NAMES: Record<Kind, string> = {
  price: "a vehicle's price",
  archive: 'a vehicle archived',
  publish: 'a vehicle published again',
  delete: 'a vehicle deleted',
};

/** Changes made straight in the database, as another instance or a script would make them. */
function changer(file: string) {
  const db = new SQLite(file);
  // As the app's connection does: a deleted vehicle's photos, tags and watches go with it.
  db.pragma('foreign_keys = ON');
  const ids = (status: string, order: 'asc' | 'desc' = 'asc') =>
    (
      db
        .prepare(`select id from vehicles where status = ? order by id ${order} limit ?`)
        .all(status, CHANGED_VEHICLES) as { id: string }[]
    ).map((r) => r.id);
  const available = ids('Available');
  const archived = ids('Archived');
  /** Public vehicles none of the other changes touch: the deletions take these. */
  const deleted = ids('Available', 'desc');
  const price = db.prepare('update vehicles set price_cents = price_cents + 100 where id = ?');
  const status = db.prepare('update vehicles set status = ? where id = ?');
  const remove = db.prepare('delete from vehicles where id = ?');
  let n = 0;
  return {
    /**
     * One change of this kind; archive and publish undo each other, so the catalogue keeps its
     * size, and each deletion takes one vehicle of 10,000 or 100,000 for good.
     */
    run(kind: Kind): void {
      const i = n++;
      if (kind === 'price') price.run(available[i % available.length]);
      else if (kind === 'archive') status.run('Archived', available[i % available.length]);
      else if (kind === 'publish') status.run('Available', archived[i % archived.length]);
      else remove.run(deleted[i % deleted.length]);
    },
    /** Archives a vehicle, then publishes it again, in turn. */
    runStatus(): void {
      const i = n++;
      const id = available[Math.floor(i / 2) % available.length];
      status.run(i % 2 === 0 ? 'Archived' : 'Available', id);
    },
    /** Publishes every vehicle the changes archived, and archives those they published. */
    restore(): void {
      for (const id of available) status.run('Available', id);
      for (const id of archived) status.run('Archived', id);
    },
    close: () => db.close(),
  };
}

interface SearchRound {
  rps: number;
  cpuUs: number;
  p99: number;
  failures: number;
}

async function measureSize(
  vehicles: number,
  options: { seconds: number; runs: number; changes: number; keepDir?: string },
) {
  const dataDir = await catalogueFile(vehicles, options.keepDir);
  const server = await startServer({ dataDir, timeoutMs: 300_000 });
  const changes = changer(path.join(dataDir, 'marketplace.db'));
  const search = computedSearches();
  const idle = () => waitUntilIdle([server.pid], { windowMs: 2_000, maxMs: 300_000 });
  try {
    await fetch(`${server.baseUrl}/api/vehicles/search?sort=price_asc`);
    await idle();
    const cpuPerChange = new Map<Kind, number[]>();
    for (const kind of Object.keys(KIND_NAMES) as Kind[]) {
      const figures: number[] = [];
      for (let i = 0; i < options.changes; i++) {
        const before = readCpuMs(server.pid);
        changes.run(kind);
        await fetch(`${server.baseUrl}/api/vehicles/search?sort=price_asc`);
        await idle();
        figures.push(readCpuMs(server.pid) - before);
      }
      cpuPerChange.set(kind, figures);
      console.log(`${int(vehicles)}: ${KIND_NAMES[kind]}: ${figures.map((f) => `${int(f)} ms`).join(', ')}`);
    }
    changes.restore();
    // A few seconds of searches first, so the first round does not carry the server's first compile of them.
    await cannon({
      url: server.baseUrl,
      connections: CONNECTIONS,
      seconds: 3,
      nextPath: () => `/api/vehicles/search?${search()}`,
      headers: BROWSER_ENCODING,
    });
    const modes = { none: undefined, price: () => changes.run('price'), status: () => changes.runStatus() };
    const rounds = new Map<keyof typeof modes, SearchRound[]>(
      Object.keys(modes).map((m) => [m as keyof typeof modes, []]),
    );
    for (let r = 0; r < options.runs; r++)
      for (const [mode, change] of Object.entries(modes) as [keyof typeof modes, (() => void) | undefined][]) {
        await idle();
        const timer = change ? setInterval(change, CHANGE_EVERY_MS) : undefined;
        const before = readCpuMs(server.pid);
        const run = await cannon({
          url: server.baseUrl,
          connections: CONNECTIONS,
          seconds: options.seconds,
          nextPath: () => `/api/vehicles/search?${search()}`,
          headers: BROWSER_ENCODING,
        });
        const cpu = readCpuMs(server.pid) - before;
        if (timer) clearInterval(timer);
        const failures = run.errors + run.timeouts + (run.responses - (run.statuses['200'] ?? 0));
        rounds.get(mode)?.push({
          rps: run.requestsPerSecond,
          cpuUs: (cpu * 1000) / Math.max(1, run.responses),
          p99: run.latency.p99,
          failures,
        });
        console.log(
          `${int(vehicles)} round ${r + 1}, ${mode}: ${int(run.requestsPerSecond)} req/s, p99 ${run.latency.p99.toFixed(1)} ms`,
        );
      }
    changes.restore();
    return { cpuPerChange, rounds };
  } finally {
    changes.close();
    await server.stop();
  }
}

async function main() {
  const { values } = parseArgs({
    options: {
      sizes: { type: 'string', default: '10000,100000' },
      seconds: { type: 'string', default: '15' },
      runs: { type: 'string', default: '2' },
      changes: { type: 'string', default: '4' },
      catalogues: { type: 'string' },
    },
  });
  const sizes = values.sizes.split(',').map((s) => Number.parseInt(s, 10));
  const options = {
    seconds: Number.parseInt(values.seconds, 10),
    runs: Number.parseInt(values.runs, 10),
    changes: Number.parseInt(values.changes, 10),
    ...(values.catalogues ? { keepDir: values.catalogues } : {}),
  };
  const machine = machineInfo();
  const sections = [
    `SQLite, the real server, changes made straight in the database. CPU a change: the server's CPU time (user and system, from \`/proc\`) from the change, a search sent right after it and the work the server then does on its own, until it has been idle for 2 s (under 5% of a core; the idle window's own background work is included), ${options.changes} changes of each kind. Computed searches: autocannon with ${CONNECTIONS} connections and \`Accept-Encoding: ${BROWSER_ENCODING['accept-encoding']}\`, each request a search nobody sent before (the pages benchmark's mix), ${options.seconds} s per round and mode, ${options.runs} rounds, with no change, with a price change every ${CHANGE_EVERY_MS / 1000} s, and with a vehicle archived or published again every ${CHANGE_EVERY_MS / 1000} s; "Share" is the round's rate under changes against the same round's rate with none.`,
  ];
  for (const vehicles of sizes) {
    const { cpuPerChange, rounds } = await measureSize(vehicles, options);
    const none = rounds.get('none') ?? [];
    const modeNames = {
      none: 'no change',
      price: 'a price change every 2 s',
      status: 'a vehicle archived or published every 2 s',
    };
    sections.push(
      `## ${int(vehicles)} vehicles\n\n${table(
        ['Change', 'Server CPU a change (median)', 'Each change'],
        [...cpuPerChange].map(([kind, figures]) => [
          KIND_NAMES[kind],
          `${int(median(figures))} ms`,
          figures.map((f) => `${int(f)} ms`).join(', '),
        ]),
      )}\n\n${table(
        [
          'Computed searches',
          'req/s per round',
          'Share of no change, per round',
          'p99 per round',
          'Server CPU a search per round',
          'Failed',
        ],
        [...rounds].map(([mode, figures]) => [
          modeNames[mode],
          figures.map((f) => int(f.rps)).join(', '),
          mode === 'none' ? '—' : figures.map((f, i) => pct(f.rps / (none[i]?.rps ?? f.rps))).join(', '),
          figures.map((f) => `${f.p99.toFixed(1)} ms`).join(', '),
          figures.map((f) => `${int(f.cpuUs)} µs`).join(', '),
          figures.reduce((sum, f) => sum + f.failures, 0),
        ]),
      )}`,
    );
  }
  writeReport({
    script: 'catalogue-changes',
    title: 'Catalogue changes at 10,000 and 100,000 vehicles (issue #18)',
    dialect: 'sqlite',
    machine,
    sections,
  });
}

await runBenchmark(main);
