// Runs every test: unit, API (SQLite, and PostgreSQL when TEST_DATABASE_URL is set) and the
// browser end-to-end suite when a Chromium is installed. CI sets E2E_REQUIRED=1, PG_REQUIRED=1
// and REDIS_REQUIRED=1 so a missing browser, database or redis-server fails instead of skipping.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const e2eRequired = process.env.E2E_REQUIRED === '1';
const pgRequired = process.env.PG_REQUIRED === '1';
mkdirSync('test-results', { recursive: true });

if (pgRequired && !process.env.TEST_DATABASE_URL) {
  console.error('PG_REQUIRED=1 but TEST_DATABASE_URL is not set: run scripts/setup-postgres.sh first.');
  process.exit(1);
}
const redisServer = process.env.REDIS_SERVER_PATH ?? '/usr/bin/redis-server';
if (!existsSync(redisServer)) {
  if (process.env.REDIS_REQUIRED === '1') {
    console.error(
      `REDIS_REQUIRED=1 but no redis-server at ${redisServer}. Install it: apt-get install -y redis-server`,
    );
    process.exit(1);
  }
  console.warn(`\n*** No redis-server at ${redisServer}: the Redis rate-limit tests are skipped. ***\n`);
}
if (!process.env.TEST_DATABASE_URL) {
  console.warn('\n*** TEST_DATABASE_URL is not set: the API suite runs on SQLite only. ***\n');
}

const projects = ['shared', 'api', 'web'];
const hasChromium = existsSync(chromium);
if (hasChromium) {
  const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
  projects.push('e2e');
} else if (e2eRequired) {
  console.error(`E2E_REQUIRED=1 but no Chromium at ${chromium}. Install it: apt-get install -y chromium`);
  process.exit(1);
} else {
  console.warn('\n**********************************************************************');
  console.warn(`*** No Chromium at ${chromium}: SKIPPING the browser end-to-end tests. ***`);
  console.warn('*** Install it with: apt-get install -y chromium                      ***');
  console.warn('**********************************************************************\n');
}

const args = [
  'vitest',
  'run',
  ...projects.flatMap((p) => ['--project', p]),
  '--reporter=default',
  '--reporter=json',
  '--outputFile.json=test-results/results.json',
];
const run = spawnSync('npx', args, { stdio: 'inherit' });
try {
  const r = JSON.parse(readFileSync('test-results/results.json', 'utf8'));
  console.log(`${r.numPassedTests} passed, ${r.numFailedTests} failed, ${r.numPendingTests + r.numTodoTests} skipped`);
} catch {
  console.log('0 passed, 1 failed');
}
process.exit(run.status ?? 1);
