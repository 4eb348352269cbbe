import { vehicleSearchQuerySchema } from '@vm/shared/vehicle';
import { Catalogue } from '../../apps/api/src/features/catalogue/catalogue.ts';
import { type CapturedQuery, capturingDb, type ExplainedQuery, explainAll } from './capture-sql.ts';

export type DbTarget = { sqliteFile: string } | { postgresUrl: string };

export interface TimedSearch {
  path: string;
  /** Wall time of the uncached search in this process (the SQL plus Kysely), best of `runs`. */
  ms: number;
  queries: CapturedQuery[];
}

/**
 * Runs what GET /api/vehicles/search runs for each path (the product's own catalogue, a fresh
 * one per run so nothing is kept between runs) on a logging connection, timing it and keeping
 * its SQL.
 */
export async function timeSearches(target: DbTarget, paths: readonly string[], runs = 1): Promise<TimedSearch[]> {
  const { db, captured, dialect } = capturingDb(target);
  const out: TimedSearch[] = [];
  try {
    for (const path of paths) {
      const q = vehicleSearchQuerySchema.parse(Object.fromEntries(new URL(path, 'http://x').searchParams));
      let best = Number.POSITIVE_INFINITY;
      let queries: CapturedQuery[] = [];
      for (let i = 0; i < runs; i++) {
        // The server reads its catalogue snapshot once per catalogue change, not per search: read
        // it before timing, and leave its statements out of what is captured.
        const catalogue = new Catalogue(db, dialect);
        await catalogue.warm();
        captured.length = 0;
        const started = performance.now();
        await catalogue.search(q);
        best = Math.min(best, performance.now() - started);
        queries = [...captured];
      }
      out.push({ path, ms: best, queries });
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
