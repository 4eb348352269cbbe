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

export interface Cluster {
  version: string;
  name: string;
  port: number;
  /** Superuser URL on the cluster's postgres database. */
  adminUrl: string;
}

function clusterLine(version: string, name: string): string[] | undefined {
  const out = execFileSync('pg_lsclusters', ['-h'], { encoding: 'utf8' });
  return out
    .split('\n')
    .map((l) => l.trim().split(/\s+/))
    .find((f) => f[0] === version && f[1] === name);
}

export function clusterOnline(cluster: Pick<Cluster, 'version' | 'name'>): boolean {
  return clusterLine(cluster.version, cluster.name)?.[3] === 'online';
}

/** The newest installed PostgreSQL major version (the one setup-postgres.sh uses). */
export function postgresVersion(): string {
  postgresAdminUrl(); // installs PostgreSQL when missing
  const versions = execFileSync('ls', ['/usr/lib/postgresql'], { encoding: 'utf8' }).trim().split(/\s+/);
  return versions.sort((a, b) => Number(a) - Number(b)).at(-1) ?? '15';
}

/**
 * A PostgreSQL cluster of its own for a drill that stops the database, so stopping it cannot
 * break anyone else's tests on the shared "main" cluster. Dropped when the drill ends.
 */
export function dedicatedCluster(name: string): Cluster {
  const version = postgresVersion();
  if (clusterLine(version, name)) execFileSync('pg_dropcluster', [version, name, '--stop'], { stdio: 'ignore' });
  execFileSync('pg_createcluster', [version, name, '--start'], { stdio: 'ignore' });
  onCleanup(`drop cluster ${version}/${name}`, () => {
    execFileSync('pg_dropcluster', [version, name, '--stop'], { stdio: 'ignore' });
  });
  const port = Number.parseInt(clusterLine(version, name)?.[2] ?? '', 10);
  if (!port) throw new Error(`cluster ${version}/${name} has no port`);
  execFileSync(
    'su',
    ['postgres', '-c', `psql -q -p ${port} -c "CREATE ROLE vm_bench LOGIN PASSWORD 'vm_bench' SUPERUSER"`],
    {
      stdio: 'ignore',
    },
  );
  return { version, name, port, adminUrl: `postgres://vm_bench:vm_bench@localhost:${port}/postgres` };
}

/** The shared cluster scripts/setup-postgres.sh starts (the brief's `pg_ctlcluster 15 main`). */
export function mainCluster(): Cluster {
  const adminUrl = postgresAdminUrl();
  return { version: postgresVersion(), name: 'main', port: Number.parseInt(new URL(adminUrl).port, 10), adminUrl };
}
