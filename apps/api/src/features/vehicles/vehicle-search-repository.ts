import {
  type Expression,
  expressionBuilder,
  type Kysely,
  type RawBuilder,
  type SelectQueryBuilder,
  type SqlBool,
  sql,
} from 'kysely';
import { DEFAULT_MAKES } from '@vm/shared/constants';
import { dollarsToCents } from '@vm/shared/money';
import type { VehicleSearchQuery } from '@vm/shared/vehicle';
import type { Dialect } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';
import type { VehicleRow } from './vehicle-mapper.ts';

/**
 * The public-status condition, as literal SQL with the same text as the partial indexes of
 * migration 2026-11-22: both databases use a partial index only when the query states its
 * condition verbatim with constants. Archived is the one status the public never sees
 * (PUBLIC_VEHICLE_STATUSES is every other one); see the migration for why it is not an IN list.
 */
const IS_PUBLIC = sql<SqlBool>`vehicles.status <> 'Archived'`;

/** More words than this add nothing to a vehicle search and only cost time. */
const MAX_SEARCH_TERMS = 8;

/** Words of a free-text query: letters and digits only, so no operator or quote reaches the engine. */
export function searchTerms(query: string | undefined): string[] {
  if (!query) return [];
  const words =
    query
      .normalize('NFKC')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(words)].slice(0, MAX_SEARCH_TERMS);
}

/** FTS5 MATCH expression: every word as a quoted prefix term, all required. */
export function toFts5Match(terms: readonly string[]): string {
  return terms.map((t) => `"${t}"*`).join(' ');
}

/**
 * PostgreSQL tsquery: every word as a prefix, matched either literally (title, make and model
 * are indexed with the 'simple' configuration) or stemmed (the description uses 'english').
 */
function toTsQuery(terms: readonly string[]): RawBuilder<unknown> {
  return sql.join(
    terms.map((t) => sql`(to_tsquery('simple', ${`${t}:*`}) || to_tsquery('english', ${`${t}:*`}))`),
    sql` && `,
  );
}

export interface SearchFilters {
  terms: string[];
  make?: string | undefined;
  model?: string | undefined;
  minPriceCents?: number | undefined;
  maxPriceCents?: number | undefined;
  minYear?: number | undefined;
  maxYear?: number | undefined;
  tags: string[];
  categories: string[];
  listingType?: 'auction' | 'listing' | undefined;
}

/** Lower and upper bound in order, so a swapped range still finds what the visitor meant. */
function ordered(min: number | undefined, max: number | undefined): [number | undefined, number | undefined] {
  return min !== undefined && max !== undefined && min > max ? [max, min] : [min, max];
}

/** The search query string as repository filters: yearFrom/yearTo are aliases of minYear/maxYear. */
export function toSearchFilters(q: VehicleSearchQuery): SearchFilters {
  const [minPrice, maxPrice] = ordered(q.minPrice, q.maxPrice);
  const [minYear, maxYear] = ordered(q.minYear ?? q.yearFrom, q.maxYear ?? q.yearTo);
  return {
    terms: searchTerms(q.query),
    make: q.make,
    model: q.model,
    minPriceCents: minPrice === undefined ? undefined : dollarsToCents(minPrice),
    maxPriceCents: maxPrice === undefined ? undefined : dollarsToCents(maxPrice),
    minYear,
    maxYear,
    tags: q.tags,
    categories: q.category,
    listingType: q.listingType,
  };
}

/** Every filter as one condition on `vehicles`, always limited to the statuses the public may see. */
function searchCondition(f: SearchFilters, dialect: Dialect): Expression<SqlBool> {
  const eb = expressionBuilder<DB, 'vehicles'>();
  const conditions: Expression<SqlBool>[] = [IS_PUBLIC];
  if (f.make) conditions.push(eb('vehicles.make', '=', f.make));
  if (f.model) conditions.push(eb('vehicles.model', '=', f.model));
  if (f.minPriceCents !== undefined) conditions.push(eb('vehicles.price_cents', '>=', f.minPriceCents));
  if (f.maxPriceCents !== undefined) conditions.push(eb('vehicles.price_cents', '<=', f.maxPriceCents));
  if (f.minYear !== undefined) conditions.push(eb('vehicles.year', '>=', f.minYear));
  if (f.maxYear !== undefined) conditions.push(eb('vehicles.year', '<=', f.maxYear));
  if (f.listingType) conditions.push(eb('vehicles.listing_type', '=', f.listingType));
  if (f.categories.length > 0) conditions.push(eb('vehicles.category', 'in', f.categories));
  if (f.tags.length > 0) {
    // IN (not EXISTS) lets the planner start from the (tag, vehicle_id) index when a tag is rare.
    conditions.push(
      eb(
        'vehicles.id',
        'in',
        eb.selectFrom('vehicle_tags').select('vehicle_tags.vehicle_id').where('vehicle_tags.tag', 'in', f.tags),
      ),
    );
  }
  if (f.terms.length > 0) {
    conditions.push(
      dialect === 'sqlite'
        ? sql<SqlBool>`vehicles.rowid in (select rowid from vehicles_fts where vehicles_fts match ${toFts5Match(f.terms)})`
        : sql<SqlBool>`vehicles.search_vector @@ (${toTsQuery(f.terms)})`,
    );
  }
  return eb.and(conditions);
}

export type SearchOrder = 'relevance' | 'newest' | 'price_asc' | 'price_desc' | 'year' | 'mileage';

/**
 * The sort column, then id in the same direction: a stable order for paging that one
 * (column, id) index serves both ways. Ids are UUIDv7, so equal values come newest first.
 */
function orderBySort<Q extends SelectQueryBuilder<DB, 'vehicles', { id: string }>>(query: Q, order: SearchOrder): Q {
  const by = (column: 'price_cents' | 'year' | 'mileage' | 'created_at', direction: 'asc' | 'desc') =>
    query.orderBy(`vehicles.${column}`, direction).orderBy('vehicles.id', direction) as Q;
  if (order === 'price_asc') return by('price_cents', 'asc');
  if (order === 'price_desc') return by('price_cents', 'desc');
  if (order === 'year') return by('year', 'desc');
  if (order === 'mileage') return by('mileage', 'asc');
  return by('created_at', 'desc');
}

/** The current catalogue version (see migration 2026-11-22): cached answers are valid while it holds. */
export async function catalogueVersion(db: Kysely<DB>): Promise<number> {
  const row = await db.selectFrom('catalogue_version').select('version').where('id', '=', 1).executeTakeFirst();
  return row?.version ?? 0;
}

const onlyTerms = (f: SearchFilters) =>
  f.terms.length > 0 &&
  !f.make &&
  !f.model &&
  f.minPriceCents === undefined &&
  f.maxPriceCents === undefined &&
  f.minYear === undefined &&
  f.maxYear === undefined &&
  !f.listingType &&
  f.tags.length === 0 &&
  f.categories.length === 0;

/** How many public vehicles match the filters. */
export async function countMatches(db: Kysely<DB>, dialect: Dialect, filters: SearchFilters): Promise<number> {
  if (dialect === 'sqlite' && onlyTerms(filters)) {
    // Counting matches, then checking each one's status, reads a catalogue row per match. The
    // full-text index counts its matches alone, and the few Archived ones come off from the
    // status index: two index reads instead of thousands of row reads.
    const match = toFts5Match(filters.terms);
    const result = await sql<{ matches: number; hidden: number }>`select
      (select count(*) from vehicles_fts where vehicles_fts match ${match}) as matches,
      (select count(*) from vehicles where status = 'Archived'
        and rowid in (select rowid from vehicles_fts where vehicles_fts match ${match})) as hidden`.execute(db);
    const row = result.rows[0];
    return Number(row?.matches ?? 0) - Number(row?.hidden ?? 0);
  }
  const row = await db
    .selectFrom('vehicles')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where(searchCondition(filters, dialect))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * The ids of one page, in order. Only ids are read here (from the covering partial indexes where
 * the filters allow), and the page's rows are fetched afterwards by id: sorting thousands of
 * full rows to keep nine is what makes a search slow.
 */
export async function pageIds(
  db: Kysely<DB>,
  dialect: Dialect,
  filters: SearchFilters,
  options: { order: SearchOrder; offset: number; limit: number; total: number },
): Promise<string[]> {
  const condition = searchCondition(filters, dialect);
  const order = options.order === 'relevance' && filters.terms.length === 0 ? 'newest' : options.order;
  if (order === 'relevance' && dialect === 'sqlite') return relevancePageIdsSqlite(db, filters, options);
  let query = db.selectFrom('vehicles').select('vehicles.id').where(condition);
  if (order === 'relevance') {
    query = query.orderBy(sql`ts_rank(vehicles.search_vector, ${toTsQuery(filters.terms)})`, 'desc');
  }
  const rows = await orderBySort(query, order).limit(options.limit).offset(options.offset).execute();
  return rows.map((r) => r.id);
}

/**
 * Best matches first on SQLite: FTS5 hands over its best-ranked rowids (`ORDER BY rank LIMIT n`
 * keeps only the best n while it scans), and only those are checked against the other filters.
 * When the filters leave too few of them, the whole match list is ranked instead.
 */
async function relevancePageIdsSqlite(
  db: Kysely<DB>,
  filters: SearchFilters,
  options: { offset: number; limit: number; total: number },
): Promise<string[]> {
  const match = toFts5Match(filters.terms);
  const others = searchCondition({ ...filters, terms: [] }, 'sqlite');
  const expected = Math.min(options.limit, options.total - options.offset);
  const run = (candidates: number | null) => {
    const best = sql<{ rid: number; rank: number }>`(select rowid as rid, rank from vehicles_fts
      where vehicles_fts match ${match} order by rank ${candidates === null ? sql`` : sql`limit ${candidates}`})`.as(
      'fts',
    );
    return db
      .selectFrom('vehicles')
      .innerJoin(best, (join) => join.on(sql<SqlBool>`fts.rid = vehicles.rowid`))
      .select('vehicles.id')
      .where(others)
      .orderBy(sql`fts.rank`)
      .orderBy('vehicles.created_at', 'desc')
      .orderBy('vehicles.id', 'desc')
      .limit(options.limit)
      .offset(options.offset)
      .execute();
  };
  const candidates = (options.offset + options.limit) * 2 + 50;
  let rows = await run(candidates);
  if (rows.length < expected) rows = await run(null);
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
}

/**
 * One page of public vehicles matching the filters, and how many match in all. With a cache,
 * the count and the page's ids are reused until the catalogue changes; rows are always fresh.
 */
export async function searchVehicles(
  db: Kysely<DB>,
  dialect: Dialect,
  filters: SearchFilters,
  options: { order: SearchOrder; page: number; limit: number },
  cache?: SearchCache,
): Promise<SearchPage> {
  const version = cache ? await catalogueVersion(db) : 0;
  const remember = <T>(key: string, compute: () => Promise<T>) =>
    cache ? cache.get(version, key, compute) : compute();
  const filterKey = JSON.stringify(filters);
  const total = await remember(`count ${filterKey}`, () => countMatches(db, dialect, filters));
  const offset = (options.page - 1) * options.limit;
  if (offset >= total) return { rows: [], total };
  const ids = await remember(`page ${options.order} ${options.page} ${options.limit} ${filterKey}`, () =>
    pageIds(db, dialect, filters, { order: options.order, offset, limit: options.limit, total }),
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
