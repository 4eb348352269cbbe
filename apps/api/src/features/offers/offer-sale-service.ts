import type { Kysely } from 'kysely';
import { MSG } from '@vm/shared/messages';
import type { Dialect } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';
import { conflict, notFound } from '../../lib/http-errors.ts';
import { amountText, vehicleUrl } from '../../lib/notice-text.ts';
import { nowIso } from '../../lib/time.ts';
import { queueEmail } from '../email/outbox.ts';
import type { VehicleOffers } from '../vehicles/admin-vehicle-service.ts';
import { findOpenAuctionOfVehicle, type HeldVehicle, holdVehicle } from '../vehicles/vehicle-holds.ts';
import { moveVehicleStatus } from '../vehicles/vehicle-writes.ts';
import { findNotifiableBuyer } from './admin-offer-repository.ts';
import {
  countLiveOffers,
  detachOffersFromVehicle,
  type EndedOffer,
  expireOffers,
  hasOtherAcceptedOffer,
  offersOfVehicle,
} from './offer-sale-repository.ts';

/**
 * One sale per vehicle (docs/decisions/121-one-sale-per-vehicle.md, docs/product-rules.md#offers):
 * at most one accepted offer per vehicle, which moves it to Pending; a sale expires the other
 * open offers; a release returns the vehicle to Available; a deletion keeps the offers as history.
 * Every function here runs inside the caller's transaction.
 */

/** Offers still waiting for the dealer: a sale or a deletion ends them. */
export const LIVE_OFFER_STATUSES = ['pending', 'under_review', 'countered'] as const;

/** What the buyer reads on an offer that a sale or a deletion ended. */
export const EXPIRED_BY_SALE = 'The vehicle has been sold';
export const EXPIRED_BY_DELETION = 'The vehicle is no longer listed';

/** Vehicle statuses an offer can no longer be accepted in. */
const CLOSED_VEHICLE_STATUSES = ['Sold', 'Archived'];

/**
 * Before an offer on this vehicle is accepted: holds the vehicle (holdVehicle) and refuses
 * with 409 when it is Sold or Archived or another offer on it is already accepted. Of two
 * acceptances at once on one vehicle, the second waits for the first and is then refused.
 */
export async function claimVehicleForAcceptance(
  trx: Kysely<DB>,
  dialect: Dialect,
  vehicleId: string,
  offerId: string,
): Promise<void> {
  const vehicle = await holdVehicle(trx, dialect, vehicleId);
  if (!vehicle) throw notFound(MSG.vehicleNotFound);
  // The auction's close decides the sale while one is open (docs/decisions/125-auctions.md).
  if (await findOpenAuctionOfVehicle(trx, vehicleId)) throw conflict(MSG.offerDuringAuction);
  if (CLOSED_VEHICLE_STATUSES.includes(vehicle.status)) throw conflict(MSG.vehicleNotForSale);
  if (await hasOtherAcceptedOffer(trx, vehicleId, offerId)) throw conflict(MSG.offerVehicleHasAcceptedOffer);
}

/** After an acceptance: the vehicle's sale is pending. A vehicle in any other status keeps it. */
export async function markSalePending(trx: Kysely<DB>, vehicleId: string): Promise<void> {
  await moveVehicleStatus(trx, vehicleId, 'Available', 'Pending', nowIso());
}

/** After a release: the vehicle is for sale again. A vehicle staff have moved on (Sold, Archived) keeps its status. */
export async function reopenSale(trx: Kysely<DB>, vehicleId: string): Promise<void> {
  await moveVehicleStatus(trx, vehicleId, 'Pending', 'Available', nowIso());
}

/** Tells each buyer, through the outbox, that their offer expired and why. */
export async function queueExpiryNotices(
  trx: Kysely<DB>,
  offers: readonly EndedOffer[],
  vehicle: { title: string; slug: string | null },
  reason: 'sold' | 'deleted' | 'released',
  note: string,
  links: { publicUrl: string },
): Promise<void> {
  for (const offer of offers) {
    const buyer = await findNotifiableBuyer(trx, offer.user_id);
    if (!buyer) continue;
    await queueEmail(trx, {
      template: 'offerExpired',
      to: buyer.email,
      userId: offer.user_id,
      data: {
        firstName: buyer.first_name,
        vehicleTitle: vehicle.title,
        vehicleUrl: vehicle.slug ? vehicleUrl(links.publicUrl, vehicle.slug) : null,
        amountText: amountText(Number(offer.amount_cents)),
        reason,
        note,
      },
    });
  }
}

/**
 * A vehicle staff just marked Sold: its offers still waiting (pending, under review, countered)
 * expire with the reason, and their buyers are told. The accepted offer, if any, stays accepted:
 * it is the sale.
 */
export async function expireOffersOnSale(
  trx: Kysely<DB>,
  vehicle: { id: string; title: string; slug: string },
  links: { publicUrl: string },
): Promise<void> {
  const open = await offersOfVehicle(trx, vehicle.id, LIVE_OFFER_STATUSES);
  await expireOffers(
    trx,
    open.map((o) => o.id),
    LIVE_OFFER_STATUSES,
    EXPIRED_BY_SALE,
  );
  await queueExpiryNotices(trx, open, vehicle, 'sold', '', links);
}

/**
 * A vehicle about to be deleted (the caller holds it): its waiting and accepted offers expire,
 * their buyers are told, and every offer keeps the vehicle as it was and loses the link, so the
 * offers stay in history. Decided offers (rejected, expired) stay as they are.
 */
export async function keepOffersOfDeletedVehicle(
  trx: Kysely<DB>,
  vehicle: HeldVehicle,
  links: { publicUrl: string },
): Promise<void> {
  const ending = [...LIVE_OFFER_STATUSES, 'accepted'] as const;
  const live = await offersOfVehicle(trx, vehicle.id, ending);
  await expireOffers(
    trx,
    live.map((o) => o.id),
    ending,
    EXPIRED_BY_DELETION,
  );
  await detachOffersFromVehicle(trx, vehicle);
  await queueExpiryNotices(trx, live, { title: vehicle.title, slug: null }, 'deleted', '', links);
}

/** How many open (waiting) and accepted offers a vehicle has: the delete confirmation names them. */
export async function liveOfferCounts(
  db: Kysely<DB>,
  vehicleId: string,
): Promise<{ openOffers: number; acceptedOffers: number }> {
  const { open, accepted } = await countLiveOffers(db, vehicleId, LIVE_OFFER_STATUSES);
  return { openOffers: open, acceptedOffers: accepted };
}

/** What a staff change of a vehicle does to its offers (admin-vehicle-service.ts asks, through its routes' options). */
export const vehicleOffers: VehicleOffers = {
  counts: liveOfferCounts,
  sold: expireOffersOnSale,
  deleting: keepOffersOfDeletedVehicle,
};
