import path from 'node:path';
import { type Database, openPostgres, openSqlite } from '../../apps/api/src/db/database.ts';
import { buildPostgresCatalogue, buildSqliteCatalogue, type CatalogueResult } from '../catalogue.ts';
import { freshPostgresDatabase } from './postgres.ts';
import type { DbTarget } from './search-plans.ts';
import { tempDir } from './server.ts';
import { type LatencySummary, summarize } from './stats.ts';
import type { ActionType, Sample } from './traffic.ts';

export type DialectName = 'sqlite' | 'postgres';

export interface PreparedData {
  dialect: DialectName;
  dataDir: string;
  databaseUrl: string | undefined;
  catalogue: CatalogueResult;
  /** Opens the drill's database directly (for sampling ids and for the final check). */
  open: () => Database;
  /** The same database for the SQL-capturing helpers. */
  target: DbTarget;
}

/** A fresh data dir (and, for PostgreSQL, a fresh database) filled with the bench catalogue. */
export async function prepareData(
  label: string,
  dialect: DialectName,
  size: { vehicles: number; users: number },
  /** Superuser URL of the PostgreSQL cluster to create the database on (default: the shared one). */
  postgresBase?: string,
): Promise<PreparedData> {
  const dataDir = tempDir(`${label}-${dialect}`);
  const databaseUrl = dialect === 'postgres' ? freshPostgresDatabase(label, postgresBase) : undefined;
  console.log(`[${label}/${dialect}] building the catalogue (${size.vehicles} vehicles, ${size.users} users)...`);
  const catalogue = databaseUrl
    ? await buildPostgresCatalogue(databaseUrl, size)
    : await buildSqliteCatalogue(dataDir, size);
  console.log(`[${label}/${dialect}] catalogue ready in ${(catalogue.totalMs / 1000).toFixed(1)} s`);
  return {
    dialect,
    dataDir,
    databaseUrl,
    catalogue,
    open: () => (databaseUrl ? openPostgres(databaseUrl) : openSqlite(path.join(dataDir, 'marketplace.db'))),
    target: databaseUrl ? { postgresUrl: databaseUrl } : { sqliteFile: path.join(dataDir, 'marketplace.db') },
  };
}

export interface TypeSummary {
  type: ActionType | 'all';
  latency: LatencySummary;
  statuses: Record<string, number>;
}

/** Latency and status counts per request type and overall. */
export function summarizeSamples(samples: readonly Sample[]): TypeSummary[] {
  const groups = new Map<ActionType | 'all', Sample[]>([['all', [...samples]]]);
  for (const s of samples) groups.set(s.type, [...(groups.get(s.type) ?? []), s]);
  return [...groups.entries()].map(([type, list]) => {
    const statuses: Record<string, number> = {};
    for (const s of list) {
      const key = s.status === 0 ? `no answer (${s.error ?? 'error'})` : String(s.status);
      statuses[key] = (statuses[key] ?? 0) + 1;
    }
    return { type, latency: summarize(list.map((s) => s.ms)), statuses };
  });
}

export const statusText = (statuses: Record<string, number>): string =>
  Object.entries(statuses)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([code, n]) => `${code}: ${n.toLocaleString('en-US')}`)
    .join(', ');

export const dialectLabel = (d: DialectName): string => (d === 'sqlite' ? 'SQLite' : 'PostgreSQL');
