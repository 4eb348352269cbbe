import type { Kysely } from 'kysely';
import type { VehicleSummary } from '@vm/shared/vehicle';
import type { Dialect } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';
import { cardsByIds } from '../vehicles/vehicle-repository.ts';
import { type Candidate, publicCandidates, readIdOf } from './catalogue-repository.ts';

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
  const chosen: Candidate[] = [];
  const taken = new Set<string>();
  const excludeId = target.exclude === undefined ? undefined : await readIdOf(db, target.exclude);
  const base = () => publicCandidates(db, excludeId);
  const take = (rows: Candidate[]) => {
    for (const row of rows.sort(byCloseness(target))) {
      if (chosen.length >= target.limit || taken.has(row.id)) continue;
      chosen.push(row);
      taken.add(row.id);
    }
  };
  if (target.make) {
    const sameMake = await base()
      .where('vehicles.make', '=', target.make)
      .orderBy('vehicles.created_at', 'desc')
      .limit(SAME_MAKE_SLICE)
      .execute();
    const isSameModel = (row: Candidate) => target.model !== undefined && row.model === target.model;
    take(sameMake.filter(isSameModel));
    take(sameMake.filter((row) => !isSameModel(row)));
  }
  const need = target.limit - chosen.length;
  if (need > 0) {
    // The nearest values on either side, each read in order from the column's index.
    const nearest = async (column: 'price_cents' | 'year', value: number) => {
      const side = (op: '>=' | '<', direction: 'asc' | 'desc') =>
        base()
          .where(`vehicles.${column}`, op, value)
          .orderBy(`vehicles.${column}`, direction)
          .limit(need + taken.size)
          .execute();
      const [above, below] = await Promise.all([side('>=', 'asc'), side('<', 'desc')]);
      return [...above, ...below];
    };
    const others =
      target.priceCents !== undefined
        ? await nearest('price_cents', target.priceCents)
        : target.year !== undefined
          ? await nearest('year', target.year)
          : await base()
              .orderBy('vehicles.created_at', 'desc')
              .limit(need + taken.size)
              .execute();
    take(others);
  }
  // Only the chosen few are read as cards.
  return cardsByIds(
    db,
    dialect,
    chosen.map((row) => row.id),
  );
}
