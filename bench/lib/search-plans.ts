import { vehicleSearchQuerySchema } from '@vm/shared/vehicle';
import { Catalogue } from '../../apps/api/src/features/catalogue/catalogue.ts';
import { type CapturedQuery, capturingDb, type ExplainedQuery, explainAll } from './capture-sql.ts';

export type DbTarget = { sqliteFile: string } | { postgresUrl: string };

export interface TimedSearch {
  path: string;
  /** Wall time of the computed search in this process (the SQL plus Kysely). */
  ms: number;
  queries: CapturedQuery[];
}

/**
 * Runs what GET /api/vehicles/search runs for each path (the product's own catalogue) on a
 * logging connection, timing it and keeping its SQL. Each path is a search not sent before, so
 * it is computed; its snapshot is read once before timing, as the server reads it once per
 * catalogue change, and cards one path read are kept for the next, as in the server.
 */
export async function timeSearches(target: DbTarget, paths: readonly string[]): Promise<TimedSearch[]> {
  const { db, captured, dialect } = capturingDb(target);
  const out: TimedSearch[] = [];
  try {
    const catalogue = new Catalogue(db, dialect);
    await catalogue.warm();
    for (const path of new Set(paths)) {
      const q = vehicleSearchQuerySchema.parse(Object.fromEntries(new URL(path, 'http://x').searchParams));
      captured.length = 0;
      const started = performance.now();
      await catalogue.search(q);
      out.push({ path, ms: performance.now() - started, queries: [...captured] });
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
