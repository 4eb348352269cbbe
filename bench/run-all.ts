/**
 * Runs the benchmarks one after another (never in parallel: they would measure each other).
 * Each runs in its own process, so one that fails or leaves state behind cannot skew the next.
 *
 *   npm run bench                      # all of them (about an hour; search-soak alone 10, read-path 15)
 *   npm run bench -- search load       # a subset, in the order given
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { REPORTS_DIR, ROOT } from './lib/report.ts';

const ALL = [
  'catalogue',
  'search',
  'search-soak',
  'sitemap',
  'limited-pages',
  'read-path',
  'image-processing',
  'lighthouse',
  'load',
  'crash',
  'outage',
  'two-instances',
  'fleet',
  'auction-bids',
  'auction-events',
] as const;

const requested = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const unknown = requested.filter((name) => !(ALL as readonly string[]).includes(name));
if (unknown.length > 0) {
  console.error(`Unknown benchmark(s): ${unknown.join(', ')}. Known: ${ALL.join(', ')}`);
  process.exit(2);
}
const names = requested.length > 0 ? requested : [...ALL];
const results: { name: string; ok: boolean; seconds: number }[] = [];
for (const name of names) {
  console.log(`\n=== bench/${name}.ts ===`);
  const started = performance.now();
  const run = spawnSync(process.execPath, ['--import', 'tsx', path.join('bench', `${name}.ts`)], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  results.push({ name, ok: run.status === 0, seconds: (performance.now() - started) / 1000 });
}
console.log('\n=== Summary ===');
for (const r of results)
  console.log(
    `${r.ok ? 'ok    ' : 'FAILED'} ${r.name} (${r.seconds.toFixed(0)} s) -> ${path.relative(ROOT, path.join(REPORTS_DIR, `${r.name}.md`))}`,
  );
process.exit(results.every((r) => r.ok) ? 0 : 1);
