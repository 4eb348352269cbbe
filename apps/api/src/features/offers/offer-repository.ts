import type { Kysely, Selectable, SelectQueryBuilder } from 'kysely';
import type { DB, OffersTable } from '../../db/schema.ts';
import { newId } from '../../lib/ids.ts';
import { reusableQuery } from '../../lib/reusable-query.ts';
import { nowIso } from '../../lib/time.ts';

export type OfferRow = Selectable<OffersTable>;

/** What the buyer sees when an account deletion withdraws their open offer. */
export const WITHDRAWN_BY_BUYER = 'Withdrawn by the buyer';

/**
 * Offers joined with their buyer and vehicle: the one query shape every offer read starts from.
 * An offer whose vehicle was deleted has no vehicle to join: it shows the vehicle as it was when
 * deleted (kept on the offer), with no slug (docs/decisions/121-one-sale-per-vehicle.md).
 */
export function offersWithParties(db: Kysely<DB>) {
  return db
    .selectFrom('offers')
    .innerJoin('users', 'users.id', 'offers.user_id')
    .leftJoin('vehicles', 'vehicles.id', 'offers.vehicle_id')
    .select([
      'offers.id',
      'offers.amount_cents',
      'offers.status',
      'offers.message',
      'offers.response_message',
      'offers.created_at',
      'offers.updated_at',
      'offers.amended_at',
      'offers.user_id',
      'offers.vehicle_id',
      'users.first_name',
      'users.last_name',
      'users.email',
      'vehicles.slug as vehicle_slug',
      (eb) => eb.fn.coalesce('vehicles.title', 'offers.vehicle_title').as('vehicle_title'),
      (eb) => eb.fn.coalesce('vehicles.year', 'offers.vehicle_year').as('vehicle_year'),
      (eb) => eb.fn.coalesce('vehicles.make', 'offers.vehicle_make').as('vehicle_make'),
      (eb) => eb.fn.coalesce('vehicles.model', 'offers.vehicle_model').as('vehicle_model'),
    ]);
}

type OfferQuery = ReturnType<typeof offersWithParties>;
/** One row of offersWithParties: what offer-mapper.ts turns into the shared Offer. */
export type OfferJoinedRow = OfferQuery extends SelectQueryBuilder<infer _DB, infer _TB, infer O> ? O : never;

/** The caller's own offers on one vehicle (at most one, by the unique constraint). */
export function listOwnOffers(db: Kysely<DB>, userId: string, vehicleId: string): Promise<OfferJoinedRow[]> {
  return offersWithParties(db)
    .where('offers.user_id', '=', userId)
    .where('offers.vehicle_id', '=', vehicleId)
    .orderBy('offers.created_at', 'desc')
    .execute();
}

// The queries of a buyer's offer submission, built once (lib/reusable-query.ts).
const offerByIdQuery = reusableQuery((db: Kysely<DB>, id: string) => offersWithParties(db).where('offers.id', '=', id));
const offerOfBuyerQuery = reusableQuery((db: Kysely<DB>, userId: string, vehicleId: string) =>
  db.selectFrom('offers').selectAll().where('user_id', '=', userId).where('vehicle_id', '=', vehicleId),
);

/** One offer with its buyer and vehicle, or undefined. */
export async function findOfferWithParties(db: Kysely<DB>, id: string): Promise<OfferJoinedRow | undefined> {
  return (await offerByIdQuery(db, id)).rows[0];
}

export async function findOfferRow(db: Kysely<DB>, userId: string, vehicleId: string): Promise<OfferRow | undefined> {
  return (await offerOfBuyerQuery(db, userId, vehicleId)).rows[0];
}

const insertOfferQuery = reusableQuery(
  (
    db: Kysely<DB>,
    id: string,
    vehicleId: string,
    userId: string,
    amountCents: number,
    message: string,
    createdAt: string,
  ) =>
    db
      .insertInto('offers')
      .values({
        id,
        vehicle_id: vehicleId,
        user_id: userId,
        amount_cents: amountCents,
        message,
        status: 'pending',
        response_message: '',
        decided_by: null,
        decided_at: null,
        created_at: createdAt,
        updated_at: createdAt,
      })
      .onConflict((oc) => oc.columns(['user_id', 'vehicle_id']).doNothing())
      .returning('id'),
);

/**
 * Inserts a pending offer unless the buyer already has one on this vehicle. The unique
 * constraint decides between two simultaneous submissions: the loser inserts nothing and
 * returns undefined, and the caller amends the winner's row instead.
 */
export async function insertOfferIfAbsent(
  trx: Kysely<DB>,
  offer: { userId: string; vehicleId: string; amountCents: number; message: string },
): Promise<string | undefined> {
  const { userId, vehicleId, amountCents, message } = offer;
  const result = await insertOfferQuery(trx, newId(), vehicleId, userId, amountCents, message, nowIso());
  return result.rows[0]?.id;
}

const amendOfferQuery = reusableQuery(
  (db: Kysely<DB>, id: string, amountCents: number, message: string, updatedAt: string) =>
    db
      .updateTable('offers')
      .set({
        amount_cents: amountCents,
        message,
        status: 'pending',
        response_message: '',
        decided_by: null,
        decided_at: null,
        updated_at: updatedAt,
        amended_at: updatedAt,
      })
      .where('id', '=', id),
);

/** Replaces amount and message and puts the offer back to pending, clearing any earlier decision. */
export async function amendOffer(trx: Kysely<DB>, id: string, amountCents: number, message: string): Promise<void> {
  await amendOfferQuery(trx, id, amountCents, message, nowIso());
}

/**
 * Account deletion (docs/decisions/122-people-rules.md): every open offer of the user ends as
 * `withdrawn` with a note, decided ones stay as history, and no offer keeps the buyer's message.
 */
export async function withdrawOpenOffers(trx: Kysely<DB>, userId: string): Promise<void> {
  await trx
    .updateTable('offers')
    .set({ status: 'withdrawn', response_message: WITHDRAWN_BY_BUYER, updated_at: nowIso() })
    .where('user_id', '=', userId)
    .where('status', 'in', ['pending', 'under_review', 'countered'])
    .execute();
  await trx.updateTable('offers').set({ message: '' }).where('user_id', '=', userId).execute();
}

/**
 * One page of the buyer's own offers on every vehicle, most recently changed first, with the
 * vehicle's status (whether it still takes offers) and the total.
 */
export async function listBuyerOffers(
  db: Kysely<DB>,
  userId: string,
  page: { page: number; limit: number },
): Promise<{ rows: (OfferJoinedRow & { vehicle_status: string | null })[]; total: number }> {
  const countRow = await db
    .selectFrom('offers')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  const rows = await offersWithParties(db)
    // A deleted vehicle's offer (no vehicle to join) reads as Archived: its page is gone too.
    .select((eb) => eb.fn.coalesce('vehicles.status', eb.val('Archived')).as('vehicle_status'))
    .where('offers.user_id', '=', userId)
    .orderBy('offers.updated_at', 'desc')
    .orderBy('offers.id', 'desc')
    .limit(page.limit)
    .offset((page.page - 1) * page.limit)
    .execute();
  return { rows, total: Number(countRow?.n ?? 0) };
}
