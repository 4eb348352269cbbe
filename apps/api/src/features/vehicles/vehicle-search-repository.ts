import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import { DEFAULT_MAKES } from '@vm/shared/constants';
import type { DB } from '../../db/schema.ts';
import type { Dialect } from '../../db/database.ts';
import type { VehicleRow } from './vehicle-mapper.ts';
import {
  hasNoFilter,
  IS_PUBLIC,
  type SearchFilters,
  type SearchOrder,
  SORT_KEYS,
  searchCondition,
} from './vehicle-search-filters.ts';
import { countTextMatches, textSearchPage } from './vehicle-text-search.ts';

export { type SearchFilters, type SearchOrder, searchTerms, toSearchFilters } from './vehicle-search-filters.ts';

/** Newest first, or the chosen sort column; ties break on id in the same direction (SORT_KEYS). */
function orderBySort<Q extends SelectQueryBuilder<DB, 'vehicles', { id: string }>>(
  query: Q,
  order: Exclude<SearchOrder, 'relevance'>,
): Q {
  const [column, direction] = SORT_KEYS[order];
  return query.orderBy(`vehicles.${column}`, direction).orderBy('vehicles.id', direction) as Q;
}

/** The current catalogue version (see migration 2026-11-22): cached answers are valid while it holds. */
export async function catalogueVersion(db: Kysely<DB>): Promise<number> {
  const row = await db.selectFrom('catalogue_version').select('version').where('id', '=', 1).executeTakeFirst();
  return row?.version ?? 0;
}

/**
 * How many public vehicles match the filters. A keyword search counts its window only (see
 * TEXT_SEARCH_WINDOW). With no filter at all, every vehicle less the Archived ones: SQLite counts
 * a table from its b-tree page headers, so that is two index reads instead of one per vehicle.
 */
export async function countMatches(db: Kysely<DB>, dialect: Dialect, filters: SearchFilters): Promise<number> {
  if (filters.terms.length > 0) return (await countTextMatches(db, dialect, filters)).total;
  if (dialect === 'sqlite' && hasNoFilter(filters)) {
    const result = await sql<{ n: number }>`select
      (select count(*) from vehicles) - (select count(*) from vehicles where status = 'Archived') as n`.execute(db);
    return Number(result.rows[0]?.n ?? 0);
  }
  const row = await db
    .selectFrom('vehicles')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where(searchCondition(filters, dialect))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * The ids of one page of a search without words, in order. Only ids are read here (from the
 * covering partial indexes where the filters allow), and the page's rows are fetched afterwards
 * by id: sorting thousands of full rows to keep nine is what makes a search slow.
 */
export async function pageIds(
  db: Kysely<DB>,
  dialect: Dialect,
  filters: SearchFilters,
  options: { order: Exclude<SearchOrder, 'relevance'>; offset: number; limit: number },
): Promise<string[]> {
  const query = db.selectFrom('vehicles').select('vehicles.id').where(searchCondition(filters, dialect));
  const rows = await orderBySort(query, options.order).limit(options.limit).offset(options.offset).execute();
  return rows.map((r) => r.id);
}

/** Rows for the given ids, in the order of the ids. */
export async function rowsInOrder(db: Kysely<DB>, ids: readonly string[]): Promise<VehicleRow[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('vehicles')
    .selectAll()
    .where('id', 'in', [...ids])
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Remembers answers for one catalogue version (see VersionedCache); optional for callers. */
export interface SearchCache {
  get<T>(version: number, key: string, compute: () => Promise<T>): Promise<T>;
}

export interface SearchPage {
  rows: VehicleRow[];
  total: number;
  /** A keyword search matched more vehicles than its window: `total` is the window (decision 091). */
  totalIsLowerBound?: boolean;
}

/**
 * One page of public vehicles matching the filters, and how many match in all. With a cache,
 * the count and the page's ids are reused until the catalogue changes; rows are always fresh.
 * A keyword search finds its count and its page in one statement over its window of matches.
 */
export async function searchVehicles(
  db: Kysely<DB>,
  dialect: Dialect,
  filters: SearchFilters,
  options: { order: SearchOrder; page: number; limit: number; catalogueVersion?: number },
  cache?: SearchCache,
): Promise<SearchPage> {
  // A caller that has just read the catalogue version (to cache the whole answer) passes it on.
  const version = cache ? (options.catalogueVersion ?? (await catalogueVersion(db))) : 0;
  const remember = <T>(key: string, compute: () => Promise<T>) =>
    cache ? cache.get(version, key, compute) : compute();
  const filterKey = JSON.stringify(filters);
  const offset = (options.page - 1) * options.limit;
  const { order, limit } = options;
  if (filters.terms.length > 0) {
    const found = await remember(`text ${order} ${options.page} ${limit} ${filterKey}`, () =>
      textSearchPage(db, dialect, filters, { order, offset, limit }),
    );
    const rows = await rowsInOrder(db, found.ids);
    return { rows, total: found.total, ...(found.totalIsLowerBound ? { totalIsLowerBound: true } : {}) };
  }
  const total = await remember(`count ${filterKey}`, () => countMatches(db, dialect, filters));
  if (offset >= total) return { rows: [], total };
  // Without words there is nothing to rank: relevance is newest first (decision 010).
  const sort = order === 'relevance' ? 'newest' : order;
  const ids = await remember(`page ${sort} ${options.page} ${limit} ${filterKey}`, () =>
    pageIds(db, dialect, filters, { order: sort, offset, limit }),
  );
  return { rows: await rowsInOrder(db, ids), total };
}

function shuffle<T>(items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [items[i], items[j]] = [items[j] as T, items[i] as T];
  }
  return items;
}

/**
 * Up to `limit` random public vehicles matching the filters (the home page fallback). Random
 * offsets into an index instead of ORDER BY random(), which would sort the whole catalogue.
 */
export async function randomVehicles(
  db: Kysely<DB>,
  dialect: Dialect,
  filters: SearchFilters,
  limit: number,
  cache?: SearchCache,
): Promise<SearchPage> {
  const count = () => countMatches(db, dialect, filters);
  const total = cache
    ? await cache.get(await catalogueVersion(db), `count ${JSON.stringify(filters)}`, count)
    : await count();
  const offsets = new Set<number>();
  if (total <= limit) for (let i = 0; i < total; i++) offsets.add(i);
  else while (offsets.size < limit) offsets.add(Math.floor(Math.random() * total));
  const condition = searchCondition(filters, dialect);
  const idAt = (offset: number) =>
    orderBySort(db.selectFrom('vehicles').select('vehicles.id').where(condition), 'newest')
      .limit(1)
      .offset(offset)
      .executeTakeFirst();
  const ids = (await Promise.all([...offsets].map(idAt))).flatMap((r) => (r ? [r.id] : []));
  return { rows: await rowsInOrder(db, shuffle(ids)), total };
}

/** Filters that match everything public: the starting point for a list with one condition. */
export const NO_FILTERS: SearchFilters = { terms: [], tags: [], categories: [] };

export interface SimilarTo {
  make?: string | undefined;
  model?: string | undefined;
  year?: number | undefined;
  priceCents?: number | undefined;
  exclude?: string | undefined;
  limit: number;
}

const distance = (a: number, b: number | undefined) => (b === undefined ? 0 : Math.abs(a - b));

/** Closest first: price matters most, then year; newer listings break ties. */
function byCloseness(target: SimilarTo) {
  return (a: VehicleRow, b: VehicleRow) =>
    distance(a.price_cents, target.priceCents) - distance(b.price_cents, target.priceCents) ||
    distance(a.year, target.year) - distance(b.year, target.year) ||
    b.created_at.localeCompare(a.created_at);
}

/**
 * Vehicles like the given one: the same make first (the same model before other models), then
 * other makes closest in price, else in year, else the newest. Never the excluded vehicle.
 * Each step reads a bounded slice through an index, so the catalogue size does not matter.
 */
export async function similarVehicles(db: Kysely<DB>, target: SimilarTo): Promise<VehicleRow[]> {
  const chosen: VehicleRow[] = [];
  const taken = new Set<string>();
  const base = () => {
    let q = db.selectFrom('vehicles').selectAll().where(IS_PUBLIC);
    if (target.exclude) q = q.where('id', '!=', target.exclude).where('slug', '!=', target.exclude);
    if (taken.size > 0) q = q.where('id', 'not in', [...taken]);
    return q;
  };
  const take = (rows: VehicleRow[]) => {
    for (const r of rows) {
      if (chosen.length >= target.limit || taken.has(r.id)) continue;
      chosen.push(r);
      taken.add(r.id);
    }
  };
  const SLICE = 200;

  if (target.make) {
    const sameMake = await base().where('make', '=', target.make).orderBy('created_at', 'desc').limit(SLICE).execute();
    const sameModel = sameMake.filter((r) => target.model && r.model === target.model);
    const otherModels = sameMake.filter((r) => !(target.model && r.model === target.model));
    take([...sameModel.sort(byCloseness(target)), ...otherModels.sort(byCloseness(target))]);
  }
  if (chosen.length >= target.limit) return chosen;

  const need = target.limit - chosen.length;
  let others: VehicleRow[];
  if (target.priceCents !== undefined) {
    // The nearest prices on either side, each read in order from the (status, price) index.
    const [above, below] = await Promise.all([
      base().where('price_cents', '>=', target.priceCents).orderBy('price_cents', 'asc').limit(need).execute(),
      base().where('price_cents', '<', target.priceCents).orderBy('price_cents', 'desc').limit(need).execute(),
    ]);
    others = [...above, ...below];
  } else if (target.year !== undefined) {
    const [above, below] = await Promise.all([
      base().where('year', '>=', target.year).orderBy('year', 'asc').limit(need).execute(),
      base().where('year', '<', target.year).orderBy('year', 'desc').limit(need).execute(),
    ]);
    others = [...above, ...below];
  } else {
    others = await base().orderBy('created_at', 'desc').limit(need).execute();
  }
  take(others.sort(byCloseness(target)));
  return chosen;
}

/** Makes of public vehicles merged with the default list, sorted. */
export async function publicMakes(db: Kysely<DB>): Promise<string[]> {
  const rows = await db.selectFrom('vehicles').select('make').distinct().where(IS_PUBLIC).execute();
  const makes = new Set<string>(DEFAULT_MAKES);
  for (const r of rows) if (r.make.trim()) makes.add(r.make);
  return [...makes].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }));
}

/** Models of a make among public vehicles, sorted. */
export async function publicModels(db: Kysely<DB>, make: string): Promise<string[]> {
  const rows = await db
    .selectFrom('vehicles')
    .select('model')
    .distinct()
    .where('make', '=', make)
    .where(IS_PUBLIC)
    .execute();
  return rows
    .map((r) => r.model)
    .filter((m) => m.trim() !== '')
    .sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }));
}

/**
 * Records one view per (vehicle, fingerprint). The counter moves only when the view row was
 * really inserted, in the same transaction, so concurrent views are each counted exactly once.
 */
export async function recordVehicleView(
  db: Kysely<DB>,
  view: { vehicleId: string; fingerprint: string; userId: string | null; at: string },
): Promise<{ isNewView: boolean; viewCount: number }> {
  return db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('vehicle_views')
      .values({ vehicle_id: view.vehicleId, fingerprint: view.fingerprint, user_id: view.userId, created_at: view.at })
      .onConflict((oc) => oc.columns(['vehicle_id', 'fingerprint']).doNothing())
      .returning('vehicle_id')
      .executeTakeFirst();
    if (inserted) {
      const row = await trx
        .updateTable('vehicles')
        .set((eb) => ({ view_count: eb('view_count', '+', 1) }))
        .where('id', '=', view.vehicleId)
        .returning('view_count')
        .executeTakeFirstOrThrow();
      return { isNewView: true, viewCount: row.view_count };
    }
    const row = await trx
      .selectFrom('vehicles')
      .select('view_count')
      .where('id', '=', view.vehicleId)
      .executeTakeFirstOrThrow();
    return { isNewView: false, viewCount: row.view_count };
  });
}
