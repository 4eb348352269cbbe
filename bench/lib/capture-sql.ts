import SQLite from 'better-sqlite3';
import { CompiledQuery, Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { DB } from '../../apps/api/src/db/schema.ts';

export interface CapturedQuery {
  sql: string;
  parameters: readonly unknown[];
}

export interface ExplainedQuery extends CapturedQuery {
  plan: string;
  /** Median time of the query alone, run repeatedly on a warm cache. */
  medianMs: number;
}

/**
 * A Kysely instance on the benchmark database that records every query it runs, so the plans
 * we print are of the SQL the product's repository really builds, not a hand-written copy.
 */
export function capturingDb(target: { sqliteFile: string } | { postgresUrl: string }) {
  const captured: CapturedQuery[] = [];
  const log = (event: { level: string; query: { sql: string; parameters: readonly unknown[] } }) => {
    if (event.level === 'query') captured.push({ sql: event.query.sql, parameters: event.query.parameters });
  };
  const db =
    'sqliteFile' in target
      ? new Kysely<DB>({ dialect: new SqliteDialect({ database: new SQLite(target.sqliteFile) }), log })
      : new Kysely<DB>({
          dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: target.postgresUrl, max: 2 }) }),
          log,
        });
  return { db, captured, dialect: 'sqliteFile' in target ? ('sqlite' as const) : ('postgres' as const) };
}

function sqliteTree(rows: { id: number; parent: number; detail: string }[]): string {
  const depth = new Map<number, number>([[0, -1]]);
  return rows
    .map((r) => {
      const d = (depth.get(r.parent) ?? -1) + 1;
      depth.set(r.id, d);
      return `${'  '.repeat(d)}${r.detail}`;
    })
    .join('\n');
}

/** The plan of each captured query and its median time over `runs` executions. */
export async function explainAll(
  db: Kysely<DB>,
  dialect: 'sqlite' | 'postgres',
  queries: readonly CapturedQuery[],
  runs = 15,
): Promise<ExplainedQuery[]> {
  const out: ExplainedQuery[] = [];
  for (const q of queries) {
    const prefix = dialect === 'sqlite' ? 'EXPLAIN QUERY PLAN ' : 'EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF) ';
    const result = await db.executeQuery<Record<string, unknown>>(CompiledQuery.raw(prefix + q.sql, [...q.parameters]));
    const plan =
      dialect === 'sqlite'
        ? sqliteTree(result.rows as { id: number; parent: number; detail: string }[])
        : result.rows.map((r) => String(r['QUERY PLAN'])).join('\n');
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const started = performance.now();
      await db.executeQuery(CompiledQuery.raw(q.sql, [...q.parameters]));
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    out.push({ ...q, plan, medianMs: times[Math.floor(times.length / 2)] ?? 0 });
  }
  return out;
}
