import { vehicleSearchQuerySchema } from '@vm/shared/vehicle';
import { summariesByIds } from '../../apps/api/src/features/vehicles/vehicle-repository.ts';
import {
  catalogueIndex,
  catalogueVersion,
  searchVehicles,
  toSearchFilters,
} from '../../apps/api/src/features/vehicles/vehicle-search-repository.ts';
import { type CapturedQuery, capturingDb, type ExplainedQuery, explainAll } from './capture-sql.ts';

export type DbTarget = { sqliteFile: string } | { postgresUrl: string };

export interface TimedSearch {
  path: string;
  /** Wall time of the uncached search in this process (the SQL plus Kysely), best of `runs`. */
  ms: number;
  queries: CapturedQuery[];
}

/**
 * Runs what GET /api/vehicles/search runs for each path (the product's own repository
 * functions, without the cache) on a logging connection, timing it and keeping its SQL.
 */
export async function timeSearches(target: DbTarget, paths: readonly string[], runs = 1): Promise<TimedSearch[]> {
  const { db, captured, dialect } = capturingDb(target);
  const out: TimedSearch[] = [];
  try {
    // The server reads its catalogue index once per catalogue change, not per search: read it
    // before timing, and leave its statements out of what is captured.
    const index = catalogueIndex(db, dialect);
    await index.at(await catalogueVersion(db));
    for (const path of paths) {
      const params = Object.fromEntries(new URL(path, 'http://x').searchParams);
      const q = vehicleSearchQuerySchema.parse(params);
      let best = Number.POSITIVE_INFINITY;
      let queries: CapturedQuery[] = [];
      for (let i = 0; i < runs; i++) {
        captured.length = 0;
        const started = performance.now();
        const { ids } = await searchVehicles(
          db,
          dialect,
          toSearchFilters(q),
          {
            order: q.sort ?? 'relevance',
            page: q.page,
            limit: q.limit,
          },
          { index },
        );
        await summariesByIds(db, ids);
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
