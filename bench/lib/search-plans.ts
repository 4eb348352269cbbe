import { vehicleSearchQuerySchema } from '@vm/shared/vehicle';
import { Catalogue } from '../../apps/api/src/features/catalogue/catalogue.ts';
import { type CapturedQuery, capturingDb, type ExplainedQuery, explainAll } from './capture-sql.ts';

export type DbTarget = { sqliteFile: string } | { postgresUrl: string };

export interface TimedSearch {
  path: string;
  /** Wall time of the search in this process (the SQL plus Kysely). */
  ms: number;
  /** The answer's count, and whether it is a lower bound (past the cap or a keyword window). */
  total: number;
  totalIsLowerBound: boolean;
  queries: CapturedQuery[];
}

/**
 * Runs what GET /api/vehicles/search runs for each distinct path (the catalogue's public
 * `search`, docs/decisions/143-one-plain-read-path.md) on a logging connection, timing it and
 * keeping its SQL. The catalogue keeps nothing between calls, so every search runs all of its
 * statements; only the database's own page cache warms up, as the server's does.
 */
export async function timeSearches(target: DbTarget, paths: readonly string[]): Promise<TimedSearch[]> {
  const { db, captured, dialect } = capturingDb(target);
  const out: TimedSearch[] = [];
  try {
    const catalogue = new Catalogue(db, dialect);
    for (const path of new Set(paths)) {
      const q = vehicleSearchQuerySchema.parse(Object.fromEntries(new URL(path, 'http://x').searchParams));
      captured.length = 0;
      const started = performance.now();
      const answer = await catalogue.search(q);
      out.push({
        path,
        ms: performance.now() - started,
        total: answer.total,
        totalIsLowerBound: answer.totalIsLowerBound === true,
        queries: [...captured],
      });
    }
  } finally {
    await db.destroy();
  }
  return out;
}

/** The plan and median time of every statement of each search. */
export async function explainSearches(target: DbTarget, paths: readonly string[]) {
  const timed = await timeSearches(target, paths);
  const { db, dialect } = capturingDb(target);
  try {
    const plans: { path: string; queries: ExplainedQuery[] }[] = [];
    for (const t of timed) plans.push({ path: t.path, queries: await explainAll(db, dialect, t.queries) });
    return plans;
  } finally {
    await db.destroy();
  }
}
