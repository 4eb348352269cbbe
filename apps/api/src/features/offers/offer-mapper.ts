import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import type { OfferStatus } from '@vm/shared/constants';
import { centsToDollars } from '@vm/shared/money';
import type { Offer } from '@vm/shared/offer';
import type { DB } from '../../db/schema.ts';

/** Offers joined with their buyer and vehicle: the one query shape every offer read starts from. */
export function offersWithParties(db: Kysely<DB>) {
  return db
    .selectFrom('offers')
    .innerJoin('users', 'users.id', 'offers.user_id')
    .innerJoin('vehicles', 'vehicles.id', 'offers.vehicle_id')
    .select([
      'offers.id',
      'offers.amount_cents',
      'offers.status',
      'offers.message',
      'offers.response_message',
      'offers.created_at',
      'offers.updated_at',
      'offers.user_id',
      'offers.vehicle_id',
      'users.first_name',
      'users.last_name',
      'users.email',
      'vehicles.slug as vehicle_slug',
      'vehicles.title as vehicle_title',
      'vehicles.year as vehicle_year',
      'vehicles.make as vehicle_make',
      'vehicles.model as vehicle_model',
    ]);
}

type OfferQuery = ReturnType<typeof offersWithParties>;
export type OfferJoinedRow = OfferQuery extends SelectQueryBuilder<infer _DB, infer _TB, infer O> ? O : never;

export function toOffer(row: OfferJoinedRow): Offer {
  return {
    id: row.id,
    amount: centsToDollars(Number(row.amount_cents)),
    status: row.status as OfferStatus,
    message: row.message,
    responseMessage: row.response_message,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    userId: row.user_id,
    user: { id: row.user_id, firstName: row.first_name, lastName: row.last_name, email: row.email },
    vehicle: {
      id: row.vehicle_id,
      slug: row.vehicle_slug,
      title: row.vehicle_title,
      year: row.vehicle_year,
      make: row.vehicle_make,
      model: row.vehicle_model,
    },
  };
}

/** LIKE wildcards in a search term are plain text: each of ! % _ is escaped with '!'. */
const escapeLike = (term: string) => term.replace(/[!%_]/g, '!$&');

/** Case-insensitive text match usable on both databases; the term is never a pattern. */
export const ilike = (column: string, term: string) =>
  sql<boolean>`lower(${sql.ref(column)}) like ${`%${escapeLike(term.toLowerCase())}%`} escape '!'`;
