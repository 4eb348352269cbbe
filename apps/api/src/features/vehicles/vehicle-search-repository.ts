import type { Kysely } from 'kysely';
import { DEFAULT_MAKES } from '@vm/shared/constants';
import type { DB } from '../../db/schema.ts';
import type { Dialect } from '../../db/database.ts';
import { SUMMARY_COLUMNS, type SummaryRow } from './vehicle-mapper.ts';
import { reusableQuery } from '../../lib/reusable-query.ts';
import { CatalogueIndex } from './catalogue-index.ts';
import { IS_PUBLIC, type SearchFilters, type SearchOrder } from './vehicle-search-filters.ts';
import { textSearchPage } from './vehicle-text-search.ts';

export { type SearchFilters, type SearchOrder, searchTerms, toSearchFilters } from './vehicle-search-filters.ts';

const catalogueVersionQuery = reusableQuery((db: Kysely<DB>) =>
  db.selectFrom('catalogue_version').select('version').where('id', '=', 1),
);

/** The current catalogue version (see migration 2026-11-22): cached answers are valid while it holds. */
export async function catalogueVersion(db: Kysely<DB>): Promise<number> {
  return (await catalogueVersionQuery(db)).rows[0]?.version ?? 0;
}

/** The in-memory catalogue index of this database (decision 100). */
export const catalogueIndex = (db: Kysely<DB>, dialect: Dialect) => new CatalogueIndex(db, dialect, catalogueVersion);

/** Remembers answers for one catalogue version (see VersionedCache); optional for callers. */
export interface SearchCache {
  get<T>(version: number, key: string, compute: () => Promise<T>): Promise<T>;
}

/** Where a search finds its answers: the catalogue index, and a cache of keyword pages. */
export interface SearchSources {
  index: CatalogueIndex;
  cache?: SearchCache | undefined;
}

export interface SearchPage {
  /** The page's vehicles, in order (their cards come from VehicleCards). */
  ids: string[];
  total: number;
  /** A keyword search matched more vehicles than its window: `total` is the window (decision 091). */
  totalIsLowerBound?: boolean;
}

/**
 * One page of public vehicles matching the filters, and how many match in all, from the
 * catalogue snapshot: a search without words in one pass over it; a keyword search reads its
 * full-text matches and checks the other filters on it (remembered, with a cache, until the
 * catalogue changes).
 */
export async function searchVehicles(
  db: Kysely<DB>,
  dialect: Dialect,
  filters: SearchFilters,
  options: { order: SearchOrder; page: number; limit: number; catalogueVersion?: number },
  sources: SearchSources,
): Promise<SearchPage> {
  // A caller that has just read the catalogue version (to cache the whole answer) passes it on.
  const version = options.catalogueVersion ?? (await catalogueVersion(db));
  const offset = (options.page - 1) * options.limit;
  const { order, limit } = options;
  const snapshot = await sources.index.at(version);
  if (filters.terms.length > 0) {
    const compute = () => textSearchPage(db, dialect, snapshot, filters, { order, offset, limit });
    const key = `text ${order} ${options.page} ${limit} ${JSON.stringify(filters)}`;
    const found = await (sources.cache ? sources.cache.get(version, key, compute) : compute());
    return { ids: found.ids, total: found.total, ...(found.totalIsLowerBound ? { totalIsLowerBound: true } : {}) };
  }
  // Without words there is nothing to rank: relevance is newest first (decision 010).
  return snapshot.search(filters, order === 'relevance' ? 'newest' : order, offset, limit);
}

/** Up to `limit` random public vehicles matching the filters (the home page fallback). */
export async function randomVehicles(
  filters: SearchFilters,
  limit: number,
  options: { index: CatalogueIndex; catalogueVersion: number },
): Promise<SearchPage> {
  const ids = (await options.index.at(options.catalogueVersion)).matchingIds(filters);
  const picked = new Set<string>();
  if (ids.length <= limit) for (const id of ids) picked.add(id);
  else while (picked.size < limit) picked.add(ids[Math.floor(Math.random() * ids.length)] as string);
  return { ids: shuffle([...picked]), total: ids.length };
}

function shuffle<T>(items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [items[i], items[j]] = [items[j] as T, items[i] as T];
  }
  return items;
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
  return (a: SummaryRow, b: SummaryRow) =>
    distance(a.price_cents, target.priceCents) - distance(b.price_cents, target.priceCents) ||
    distance(a.year, target.year) - distance(b.year, target.year) ||
    b.created_at.localeCompare(a.created_at);
}

/**
 * Vehicles like the given one: the same make first (the same model before other models), then
 * other makes closest in price, else in year, else the newest. Never the excluded vehicle.
 * Each step reads a bounded slice through an index, so the catalogue size does not matter.
 */
export async function similarVehicles(db: Kysely<DB>, target: SimilarTo): Promise<SummaryRow[]> {
  const chosen: SummaryRow[] = [];
  const taken = new Set<string>();
  const base = () => {
    let q = db.selectFrom('vehicles').select(SUMMARY_COLUMNS).where(IS_PUBLIC);
    if (target.exclude) q = q.where('id', '!=', target.exclude).where('slug', '!=', target.exclude);
    if (taken.size > 0) q = q.where('id', 'not in', [...taken]);
    return q;
  };
  const take = (rows: SummaryRow[]) => {
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
  let others: SummaryRow[];
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

// The queries of a view, built once (lib/reusable-query.ts): every vehicle page opened sends one.
const insertViewQuery = reusableQuery(
  (db: Kysely<DB>, vehicleId: string, fingerprint: string, userId: string | null, at: string) =>
    db
      .insertInto('vehicle_views')
      .values({ vehicle_id: vehicleId, fingerprint, user_id: userId, created_at: at })
      .onConflict((oc) => oc.columns(['vehicle_id', 'fingerprint']).doNothing())
      .returning('vehicle_id'),
);
const countViewQuery = reusableQuery((db: Kysely<DB>, vehicleId: string) =>
  db
    .updateTable('vehicles')
    .set((eb) => ({ view_count: eb('view_count', '+', 1) }))
    .where('id', '=', vehicleId)
    .returning('view_count'),
);
const viewCountQuery = reusableQuery((db: Kysely<DB>, vehicleId: string) =>
  db.selectFrom('vehicles').select('view_count').where('id', '=', vehicleId),
);

/**
 * Records one view per (vehicle, fingerprint). The counter moves only when the view row was
 * really inserted, in the same transaction, so concurrent views are each counted exactly once.
 */
export async function recordVehicleView(
  db: Kysely<DB>,
  view: { vehicleId: string; fingerprint: string; userId: string | null; at: string },
): Promise<{ isNewView: boolean; viewCount: number }> {
  return db.transaction().execute(async (trx) => {
    const inserted = await insertViewQuery(trx, view.vehicleId, view.fingerprint, view.userId, view.at);
    const isNewView = inserted.rows.length > 0;
    const counted = isNewView ? await countViewQuery(trx, view.vehicleId) : await viewCountQuery(trx, view.vehicleId);
    const row = counted.rows[0];
    if (!row) throw new Error(`vehicle ${view.vehicleId} vanished while its view was recorded`);
    return { isNewView, viewCount: row.view_count };
  });
}
