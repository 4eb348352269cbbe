import type { Kysely, Selectable } from 'kysely';
import type { Offer } from '@vm/shared/offer';
import type { DB, OffersTable } from '../../db/schema.ts';
import { newId } from '../../lib/ids.ts';
import { reusableQuery } from '../../lib/reusable-query.ts';
import { nowIso } from '../../lib/time.ts';
import { offersWithParties, toOffer } from './offer-mapper.ts';

export type OfferRow = Selectable<OffersTable>;

/** What the buyer sees when an account deletion withdraws their open offer. */
export const WITHDRAWN_BY_BUYER = 'Withdrawn by the buyer';

/** The caller's own offers on one vehicle (at most one, by the unique constraint). */
export async function listOwnOffers(db: Kysely<DB>, userId: string, vehicleId: string): Promise<Offer[]> {
  const rows = await offersWithParties(db)
    .where('offers.user_id', '=', userId)
    .where('offers.vehicle_id', '=', vehicleId)
    .orderBy('offers.created_at', 'desc')
    .execute();
  return rows.map(toOffer);
}

// The queries of a buyer's offer submission, built once (lib/reusable-query.ts).
const offerByIdQuery = reusableQuery((db: Kysely<DB>, id: string) => offersWithParties(db).where('offers.id', '=', id));
const offerOfBuyerQuery = reusableQuery((db: Kysely<DB>, userId: string, vehicleId: string) =>
  db.selectFrom('offers').selectAll().where('user_id', '=', userId).where('vehicle_id', '=', vehicleId),
);

export async function getOffer(db: Kysely<DB>, id: string): Promise<Offer> {
  const row = (await offerByIdQuery(db, id)).rows[0];
  if (!row) throw new Error(`offer ${id} not found`);
  return toOffer(row);
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
      })
      .where('id', '=', id),
);

/** Replaces amount and message and puts the offer back to pending, clearing any earlier decision. */
export async function amendOffer(trx: Kysely<DB>, id: string, amountCents: number, message: string): Promise<void> {
  await amendOfferQuery(trx, id, amountCents, message, nowIso());
}

/** Account deletion: every open offer of the user ends as expired with a note; decided ones stay as history. */
export async function withdrawOpenOffers(trx: Kysely<DB>, userId: string): Promise<void> {
  await trx
    .updateTable('offers')
    .set({ status: 'expired', response_message: WITHDRAWN_BY_BUYER, updated_at: nowIso() })
    .where('user_id', '=', userId)
    .where('status', 'in', ['pending', 'under_review', 'countered'])
    .execute();
}
