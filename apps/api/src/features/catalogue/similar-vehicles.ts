import { type Kysely, sql } from 'kysely';
import { validate as isUuid } from 'uuid';
import type { VehicleSummary } from '@vm/shared/vehicle';
import type { Dialect } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';
import { cardsByIds, findVehicleState } from '../vehicles/vehicle-repository.ts';
import { type Candidate, publicCandidates } from './catalogue-repository.ts';

/*
 * The similar-vehicles rule (DETAIL-29, docs/decisions/013-similar-vehicles.md): the same make
 * first, the same model before other models, each by closeness; then any other public vehicle,
 * closest in price (else in year, else the newest). Closeness: price distance, then year
 * distance, then the newer listing. Never the excluded vehicle, never one twice. Each step reads
 * a bounded slice of the few columns the rule weighs through an index (the make's newest SAME_MAKE_SLICE; the nearest prices or
 * years on either side), so neither the catalogue's size nor a make's size matters.
 */

/** How many of the same make the list chooses among: its newest. */
export const SAME_MAKE_SLICE = 200;

/** What the similar list is chosen to be close to. */
export interface SimilarTo {
  make?: string | undefined;
  model?: string | undefined;
  year?: number | undefined;
  priceCents?: number | undefined;
  /** The vehicle shown (id or slug), left out. */
  exclude?: string | undefined;
  limit: number;
}

const distance = (a: number, b: number | undefined) => (b === undefined ? 0 : Math.abs(a - b));

/** Closest first: price matters most, then year; newer listings break ties. */
const byCloseness = (target: SimilarTo) => (a: Candidate, b: Candidate) =>
  distance(a.price_cents, target.priceCents) - distance(b.price_cents, target.priceCents) ||
  distance(a.year, target.year) - distance(b.year, target.year) ||
  b.created_at.localeCompare(a.created_at);

export async function similarVehicles(db: Kysely<DB>, dialect: Dialect, target: SimilarTo): Promise<VehicleSummary[]> {
  const { exclude, limit } = target;
  // A page passes the vehicle's id; a slug is looked up once, so the slices compare ids.
  const excludeId =
    exclude === undefined || isUuid(exclude) ? exclude : ((await findVehicleState(db, exclude))?.id ?? exclude);
  const base = () => publicCandidates(db, excludeId);
  // Each slice is read in order through an index; every slice in one statement. The nearest
  // slices are read wide enough for whatever the make's slice leaves to fill.
  const wide = 2 * limit;
  const slices = target.make
    ? [base().where('vehicles.make', '=', target.make).orderBy('vehicles.created_at', 'desc').limit(SAME_MAKE_SLICE)]
    : [];
  const around: ['price_cents' | 'year', number] | undefined =
    target.priceCents !== undefined
      ? ['price_cents', target.priceCents]
      : target.year !== undefined
        ? ['year', target.year]
        : undefined;
  if (around) {
    const [column, value] = around;
    slices.push(base().where(`vehicles.${column}`, '>=', value).orderBy(`vehicles.${column}`, 'asc').limit(wide));
    slices.push(base().where(`vehicles.${column}`, '<', value).orderBy(`vehicles.${column}`, 'desc').limit(wide));
  } else slices.push(base().orderBy('vehicles.created_at', 'desc').limit(wide));
  const rows = await slices
    .map((slice, i) => db.selectFrom(slice.as('s')).selectAll().select(sql.lit(i).as('slice')))
    .reduce((all, next) => all.unionAll(next))
    .execute();

  const chosen: Candidate[] = [];
  const take = (candidates: Candidate[]) => {
    for (const row of candidates.sort(byCloseness(target)))
      if (chosen.length < limit && !chosen.some((c) => c.id === row.id)) chosen.push(row);
  };
  const nearest = rows.filter((row) => row.slice > 0 || !target.make);
  if (target.make) {
    const sameMake = rows.filter((row) => row.slice === 0);
    const isSameModel = (row: Candidate) => target.model !== undefined && row.model === target.model;
    take(sameMake.filter(isSameModel));
    take(sameMake.filter((row) => !isSameModel(row)));
  }
  take(nearest);
  // Only the chosen few are read as cards.
  return cardsByIds(
    db,
    dialect,
    chosen.map((row) => row.id),
  );
}
