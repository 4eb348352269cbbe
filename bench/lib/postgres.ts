import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { onCleanup } from './cleanup.ts';
import { ROOT } from './report.ts';

let adminUrl: string | undefined;

/**
 * The URL of a superuser role on the local cluster, from scripts/setup-postgres.sh (which
 * installs and starts PostgreSQL when needed). BENCH_DATABASE_URL overrides it.
 */
export function postgresAdminUrl(): string {
  if (adminUrl) return adminUrl;
  if (process.env.BENCH_DATABASE_URL) {
    adminUrl = process.env.BENCH_DATABASE_URL;
    return adminUrl;
  }
  const out = execFileSync('bash', [path.join(ROOT, 'scripts/setup-postgres.sh')], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const match = /TEST_DATABASE_URL=(\S+)/.exec(out);
  if (!match?.[1]) throw new Error(`setup-postgres.sh printed no URL:\n${out}`);
  adminUrl = match[1];
  return adminUrl;
}

/** Runs one SQL statement through psql (synchronous, so it also works in exit handlers). */
export function psql(url: string, statement: string): string {
  return execFileSync('psql', [url, '-v', 'ON_ERROR_STOP=1', '-qAt', '-c', statement], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  }).trim();
}

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/**
 * A fresh, empty database for one benchmark run, dropped when the run ends. Each run gets its
 * own, so nothing is shared with the test suites or with another benchmark.
 */
export function freshPostgresDatabase(label: string, base = postgresAdminUrl()): string {
  const name = `vm_bench_${label.replace(/[^a-z0-9]/gi, '_').toLowerCase()}_${process.pid}_${Date.now() % 1e6}`;
  psql(base, `CREATE DATABASE ${name}`);
  onCleanup(`drop database ${name}`, () => {
    psql(base, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });
  return withDatabase(base, name);
}
