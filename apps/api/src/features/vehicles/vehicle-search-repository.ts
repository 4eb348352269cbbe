import { type Expression, expressionBuilder, type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely';
import { DEFAULT_MAKES, PUBLIC_VEHICLE_STATUSES } from '@vm/shared/constants';
import { dollarsToCents } from '@vm/shared/money';
import type { VehicleSearchQuery } from '@vm/shared/vehicle';
import type { Dialect } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';
import type { VehicleRow } from './vehicle-mapper.ts';

const PUBLIC_STATUSES = [...PUBLIC_VEHICLE_STATUSES];
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
  const conditions: Expression<SqlBool>[] = [eb('vehicles.status', 'in', PUBLIC_STATUSES)];
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

export interface SearchPage {
  rows: VehicleRow[];
  total: number;
}

async function countMatches(db: Kysely<DB>, condition: Expression<SqlBool>): Promise<number> {
  const row = await db
    .selectFrom('vehicles')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where(condition)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** One page of public vehicles matching the filters, and how many match in all. */
export async function searchVehicles(
  db: Kysely<DB>,
  dialect: Dialect,
  filters: SearchFilters,
  options: { order: SearchOrder; page: number; limit: number },
): Promise<SearchPage> {
  const condition = searchCondition(filters, dialect);
  const total = await countMatches(db, condition);
  const offset = (options.page - 1) * options.limit;
  if (offset >= total) return { rows: [], total };

  const order = options.order === 'relevance' && filters.terms.length === 0 ? 'newest' : options.order;
  let query = db.selectFrom('vehicles').selectAll('vehicles').where(condition);
  if (order === 'relevance' && dialect === 'sqlite') {
    // bm25 comes from the FTS table: join the matches once instead of scoring row by row.
    // Title, make and model weigh more than the description.
    const matches = sql<{
      rid: number;
      score: number;
    }>`(select rowid as rid, bm25(vehicles_fts, 10.0, 6.0, 6.0, 1.0) as score
      from vehicles_fts where vehicles_fts match ${toFts5Match(filters.terms)})`.as('fts');
    query = query.innerJoin(matches, (join) => join.on(sql<SqlBool>`fts.rid = vehicles.rowid`)).orderBy(sql`fts.score`);
  } else if (order === 'relevance') {
    query = query.orderBy(sql`ts_rank(vehicles.search_vector, ${toTsQuery(filters.terms)})`, 'desc');
  } else if (order === 'price_asc') query = query.orderBy('vehicles.price_cents', 'asc');
  else if (order === 'price_desc') query = query.orderBy('vehicles.price_cents', 'desc');
  else if (order === 'year') query = query.orderBy('vehicles.year', 'desc');
  else if (order === 'mileage') query = query.orderBy('vehicles.mileage', 'asc');
  const rows = await query
    .orderBy('vehicles.created_at', 'desc')
    .orderBy('vehicles.id', 'desc')
    .limit(options.limit)
    .offset(offset)
    .execute();
  return { rows, total };
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
export async function randomVehicles(db: Kysely<DB>, dialect: Dialect, filters: SearchFilters, limit: number) {
  const condition = searchCondition(filters, dialect);
  const total = await countMatches(db, condition);
  const offsets = new Set<number>();
  if (total <= limit) for (let i = 0; i < total; i++) offsets.add(i);
  else while (offsets.size < limit) offsets.add(Math.floor(Math.random() * total));
  const idAt = (offset: number) =>
    db
      .selectFrom('vehicles')
      .select('vehicles.id')
      .where(condition)
      .orderBy('vehicles.created_at', 'desc')
      .orderBy('vehicles.id', 'desc')
      .limit(1)
      .offset(offset)
      .executeTakeFirst();
  const ids = (await Promise.all([...offsets].map(idAt))).flatMap((r) => (r ? [r.id] : []));
  if (ids.length === 0) return { rows: [], total };
  const rows = await db.selectFrom('vehicles').selectAll().where('id', 'in', ids).execute();
  return { rows: shuffle(rows), total };
}

/** Public vehicles carrying a tag, newest first. */
export function taggedVehicles(db: Kysely<DB>, tag: string, limit: number): Promise<VehicleRow[]> {
  return db
    .selectFrom('vehicles')
    .innerJoin('vehicle_tags', 'vehicle_tags.vehicle_id', 'vehicles.id')
    .selectAll('vehicles')
    .where('vehicle_tags.tag', '=', tag)
    .where('vehicles.status', 'in', PUBLIC_STATUSES)
    .orderBy('vehicles.created_at', 'desc')
    .orderBy('vehicles.id', 'desc')
    .limit(limit)
    .execute();
}

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
    let q = db.selectFrom('vehicles').selectAll().where('status', 'in', PUBLIC_STATUSES);
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
  const rows = await db
    .selectFrom('vehicles')
    .select('make')
    .distinct()
    .where('status', 'in', PUBLIC_STATUSES)
    .execute();
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
    .where('status', 'in', PUBLIC_STATUSES)
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
