/**
 * Issue #21: does an anonymous flood of keyword searches whose words match nothing grow the
 * server's memory? It used to: each set of words kept an empty word-match entry that the
 * slot-weighted bound never evicted (345k such requests took RSS from 145 to 781 MB). Since
 * decision 143 the catalogue keeps nothing between requests, so memory must stay flat.
 *
 * Starts the real server (SEED=none, RATE_LIMIT=off, so the per-address search limit does not
 * answer 429) on a 10,000-vehicle SQLite catalogue and runs autocannon for --minutes (10 by
 * default) in one-minute rounds, every request a search for a word no request sent before and
 * no vehicle holds. Every 10 s it samples the server's RSS (/proc/<pid>/status) and V8's heap in
 * use right after the latest full collection (a small module loaded into the server with
 * NODE_OPTIONS=--import records it from the 'gc' performance entries). Memory is flat when the
 * median RSS of the last minute is within 10% of the median of the second minute (the first
 * minute is the warm-up: V8 sizes its heap to the traffic, SQLite fills its page cache).
 *
 *   node --import tsx bench/search-soak.ts [--minutes 10] [--vehicles 10000] [--connections 10]
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildSqliteCatalogue } from './catalogue.ts';
import { type CannonRun, cannon } from './lib/cannon.ts';
import { runBenchmark } from './lib/cleanup.ts';
import { machineInfo } from './lib/machine.ts';
import { table, verdict, writeReport } from './lib/report.ts';
import { readCpuMs, readRss, startServer, tempDir } from './lib/server.ts';
import { int, mib, ms, pct } from './lib/stats.ts';

const SAMPLE_EVERY_MS = 10_000;
/** Last minute's median RSS within this fraction of the second minute's: memory is flat. */
const FLAT_WITHIN = 0.1;

/**
 * Loaded into the server process: after every full (mark-compact) collection it writes the heap
 * in use then, which is what the server really holds, as RSS also counts the room V8 keeps to
 * grow into (decision 105). The 'gc' entry is delivered just after the collection, so a few
 * allocations may already be counted.
 */
const GC_PROBE = `
import { writeFileSync } from 'node:fs';
import { PerformanceObserver, constants } from 'node:perf_hooks';
import v8 from 'node:v8';
const file = process.env.SOAK_GC_FILE;
let majors = 0;
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    if (entry.detail?.kind !== constants.NODE_PERFORMANCE_GC_MAJOR) continue;
    majors += 1;
    const heap = v8.getHeapStatistics();
    writeFileSync(file, JSON.stringify({ at: Date.now(), majors, used: heap.used_heap_size, total: heap.total_heap_size }));
  }
}).observe({ entryTypes: ['gc'] });
`;

interface GcReading {
  at: number;
  majors: number;
  used: number;
  total: number;
}

interface Sample {
  seconds: number;
  rss: number;
  gc: GcReading | undefined;
  requests: number;
}

interface Round {
  minute: number;
  run: CannonRun;
  cpuMsPerRequest: number;
}

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
};

/** A word no vehicle holds and no earlier request asked for: letters the generator never writes, plus a counter. */
function wordSource(): () => string {
  const prefix = `qxz${randomBytes(3).toString('hex')}`;
  let n = 0;
  return () => `/api/vehicles/search?query=${prefix}${(n++).toString(36)}`;
}

function readGc(file: string): GcReading | undefined {
  if (!existsSync(file)) return undefined;
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as GcReading;
  } catch {
    return undefined; // caught mid-write: the next sample reads it
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      minutes: { type: 'string', default: '10' },
      vehicles: { type: 'string', default: '10000' },
      connections: { type: 'string', default: '10' },
      'no-report': { type: 'boolean', default: false },
    },
  });
  const minutes = Number.parseInt(values.minutes, 10);
  const vehicles = Number.parseInt(values.vehicles, 10);
  const connections = Number.parseInt(values.connections, 10);
  if (!(minutes >= 3))
    throw new Error('--minutes must be at least 3 (the verdict compares the second and the last minute)');
  const machine = machineInfo();

  const dataDir = tempDir('search-soak');
  console.log(`building the catalogue (${int(vehicles)} vehicles)...`);
  await buildSqliteCatalogue(dataDir, { vehicles, users: 200 });
  const probe = path.join(dataDir, 'gc-probe.mjs');
  const gcFile = path.join(dataDir, 'gc.json');
  writeFileSync(probe, GC_PROBE);
  const server = await startServer({
    dataDir,
    env: { NODE_OPTIONS: `--import=${probe}`, SOAK_GC_FILE: gcFile },
  });

  const words = wordSource();
  let requests = 0;
  const nextPath = () => {
    requests += 1;
    return words();
  };
  const sanity = await fetch(server.baseUrl + nextPath());
  const sanityBody = (await sanity.json()) as { total?: unknown };
  if (sanity.status !== 200 || sanityBody.total !== 0)
    throw new Error(`a non-matching word answered ${sanity.status} ${JSON.stringify(sanityBody)}`);

  const samples: Sample[] = [];
  const rounds: Round[] = [];
  const started = performance.now();
  const sample = () => {
    const seconds = Math.round((performance.now() - started) / 1000);
    const s: Sample = { seconds, rss: readRss(server.pid), gc: readGc(gcFile), requests };
    samples.push(s);
    console.log(
      `${String(seconds).padStart(4)} s  RSS ${mib(s.rss)}  heap after last full GC ${s.gc ? mib(s.gc.used) : '-'}` +
        `  (${s.gc?.majors ?? 0} full GCs)  ${int(requests)} searches sent`,
    );
  };
  sample();
  const sampler = setInterval(sample, SAMPLE_EVERY_MS);
  try {
    for (let minute = 1; minute <= minutes; minute++) {
      const cpuBefore = readCpuMs(server.pid);
      const run = await cannon({ url: server.baseUrl, connections, seconds: 60, nextPath });
      const cpuMsPerRequest = (readCpuMs(server.pid) - cpuBefore) / Math.max(1, run.latency.count);
      rounds.push({ minute, run: { ...run, paths: [] }, cpuMsPerRequest });
      console.log(
        `minute ${minute}: ${int(run.requestsPerSecond)} req/s, p50 ${ms(run.latency.p50)}, p99 ${ms(run.latency.p99)}, ` +
          `statuses ${JSON.stringify(run.statuses)}${run.errors ? `, errors ${run.errors}` : ''}`,
      );
    }
  } finally {
    clearInterval(sampler);
  }
  sample();
  await server.stop();

  const inMinute = (m: number) => samples.filter((s) => s.seconds > (m - 1) * 60 && s.seconds <= m * 60);
  const second = inMinute(2);
  const last = inMinute(minutes);
  const rssSecond = median(second.map((s) => s.rss));
  const rssLast = median(last.map((s) => s.rss));
  const rssChange = rssLast / rssSecond - 1;
  const heapOf = (list: readonly Sample[]) => median(list.flatMap((s) => (s.gc ? [s.gc.used] : [])));
  const heapSecond = heapOf(second);
  const heapLast = heapOf(last);
  const heapChange = heapLast / heapSecond - 1;
  const flat = Math.abs(rssChange) <= FLAT_WITHIN;
  const statuses: Record<string, number> = {};
  for (const r of rounds)
    for (const [code, n] of Object.entries(r.run.statuses)) statuses[code] = (statuses[code] ?? 0) + n;
  const errors = rounds.reduce((a, r) => a + r.run.errors + r.run.timeouts, 0);
  const onlyOk = Object.keys(statuses).every((c) => c === '200') && errors === 0;
  const peakRss = Math.max(...samples.map((s) => s.rss));
  const summary =
    `${int(requests)} searches, each for a new word that matches nothing, over ${minutes} minutes ` +
    `(${int(requests / (minutes * 60))} a second). RSS: second minute's median ${mib(rssSecond)}, ` +
    `last minute's ${mib(rssLast)} (${rssChange >= 0 ? '+' : ''}${pct(rssChange)}; peak ${mib(peakRss)}). ` +
    `Heap in use after the latest full collection: ${mib(heapSecond)} -> ${mib(heapLast)} ` +
    `(${heapChange >= 0 ? '+' : ''}${pct(heapChange)}).`;
  console.log(`\n${summary}\nMemory flat (within ${pct(FLAT_WITHIN)}): ${flat ? 'yes' : 'NO'}; only 200s: ${onlyOk}`);
  if (values['no-report']) return;

  const sections = [
    `One server process (\`node --import tsx apps/api/src/server.ts\`, SEED=none, RATE_LIMIT=off, LOG_LEVEL=warn) on a ${int(vehicles)}-vehicle SQLite catalogue (bench/catalogue.ts), on 127.0.0.1; autocannon with ${connections} connections in ${minutes} rounds of 60 s, every request \`GET /api/vehicles/search?query=<word>\` for a word no request sent before and no vehicle holds (e.g. \`${words().replace(/.*query=/, '')}\`), so every request is a search the server has not seen: it reads the word's matches (none) from the full-text index and answers, keeping nothing (decision 143). RSS is read from /proc every ${SAMPLE_EVERY_MS / 1000} s; "heap after full GC" is V8's heap in use just after the latest full collection, recorded in the server by a module loaded with NODE_OPTIONS=--import (it counts what the server really holds; RSS also counts the room V8 keeps to grow into, 2.5 times what is live by decision 105). The load generator shares the machine's cores with the server; memory does not depend on that, throughput does.`,
    `What bounds memory here: nothing is kept per search (decision 143: the catalogue reads with SQL on every call; before it, decision 110 bounded the kept word matches, answers and cards by entries). The run sends ${int(requests)} distinct words, each a search the server has not seen.`,
    `## Verdict\n\n${summary}\n\nMemory flat (the last minute's median RSS within ${pct(FLAT_WITHIN)} of the second minute's): ${verdict(flat)}. Every answer 200 (no 429 with RATE_LIMIT=off, no errors): ${verdict(onlyOk)} (${Object.entries(
      statuses,
    )
      .map(([c, n]) => `${c}: ${int(n)}`)
      .join(', ')}${errors ? `, errors and timeouts: ${errors}` : ''}).`,
    '## Each minute',
    table(
      ['Minute', 'Requests/s', 'p50', 'p99', 'Max', 'Server CPU/request', 'Statuses'],
      rounds.map((r) => [
        r.minute,
        int(r.run.requestsPerSecond),
        ms(r.run.latency.p50),
        ms(r.run.latency.p99),
        ms(r.run.latency.max),
        ms(r.cpuMsPerRequest),
        Object.entries(r.run.statuses)
          .map(([c, n]) => `${c}: ${int(n)}`)
          .join(', ') + (r.run.errors ? `, errors: ${r.run.errors}` : ''),
      ]),
    ),
    `## Samples every ${SAMPLE_EVERY_MS / 1000} s`,
    table(
      ['Seconds', 'Searches sent', 'RSS', 'Heap after latest full GC', 'Heap total then', 'Full GCs so far'],
      samples.map((s) => [
        s.seconds,
        int(s.requests),
        mib(s.rss),
        s.gc ? mib(s.gc.used) : '-',
        s.gc ? mib(s.gc.total) : '-',
        s.gc ? int(s.gc.majors) : 0,
      ]),
    ),
  ];
  writeReport({
    script: 'search-soak',
    title: 'Search memory soak: keyword searches that match nothing (issue #21)',
    dialect: 'sqlite',
    machine,
    sections,
  });
  if (!flat || !onlyOk) process.exitCode = 1;
}

await runBenchmark(main);
