import type { Kysely } from 'kysely';
import { AMENDABLE_OFFER_STATUSES, NO_OFFER_VEHICLE_STATUSES } from '@vm/shared/constants';
import { MSG } from '@vm/shared/messages';
import { dollarsToCents, formatMoney } from '@vm/shared/money';
import type { MyOffer, Offer } from '@vm/shared/offer';
import { totalPages } from '@vm/shared/pagination';
import type { VehicleStatus } from '@vm/shared/constants';
import type { Dialect } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';
import { conflict, notFound } from '../../lib/http-errors.ts';
import { adminOfferUrl, amountText as noticeAmount } from '../../lib/notice-text.ts';
import { recordActivity } from '../activity/activity-repository.ts';
import { queueEmail } from '../email/outbox.ts';
import { findStaffRecipients } from '../settings/staff-recipients-repository.ts';
import { findOpenAuctionOfVehicle, holdVehicle } from '../vehicles/vehicle-holds.ts';
import { findVehicleState } from '../vehicles/vehicle-repository.ts';
import { toOffer } from './offer-mapper.ts';
import {
  amendOffer,
  findOfferRow,
  findOfferWithParties,
  insertOfferIfAbsent,
  listBuyerOffers,
  listOwnOffers,
} from './offer-repository.ts';

/** The buyer making an offer: the dashboard event names them. */
export interface OfferBuyer {
  id: string;
  firstName: string;
  lastName: string;
}

/** Why an existing offer cannot be amended, or undefined when it can. */
function amendRefusal(status: string): string | undefined {
  if ((AMENDABLE_OFFER_STATUSES as readonly string[]).includes(status)) return undefined;
  return status === 'accepted' ? MSG.offerAcceptedNoAmend : MSG.offerFinal;
}

/**
 * The buyer's own offers on a vehicle (id or slug); never anyone else's (docs/decisions/021-buyer-offers.md).
 * An archived vehicle is a 404 to anyone but an admin, as the vehicle itself is
 * (docs/product-rules.md#vehicles): a 200 here told anyone which archived ids and slugs exist
 * (issue #21). The back office's offer list still shows offers on archived vehicles.
 */
export async function buyerOffersOn(
  db: Kysely<DB>,
  buyer: { id: string; isAdmin: boolean },
  idOrSlug: string,
): Promise<Offer[]> {
  const vehicle = await findVehicleState(db, idOrSlug);
  if (!vehicle || (vehicle.status === 'Archived' && !buyer.isAdmin)) throw notFound(MSG.vehicleNotFound);
  return (await listOwnOffers(db, buyer.id, vehicle.id)).map(toOffer);
}

/**
 * Makes or amends the buyer's one offer on a vehicle (id or slug), with its dashboard event and the
 * staff notice, in one transaction (docs/decisions/021-buyer-offers.md,
 * docs/product-rules.md#notifications). A final offer cannot be amended; a vehicle that is not
 * for sale takes no offer.
 */
export async function submitOffer(
  db: Kysely<DB>,
  dialect: Dialect,
  buyer: OfferBuyer,
  idOrSlug: string,
  input: { amount: number; message: string },
  links: { publicUrl: string },
): Promise<{ offer: Offer; isUpdate: boolean }> {
  const vehicle = await findVehicleState(db, idOrSlug);
  if (!vehicle) throw notFound(MSG.vehicleNotFound);
  const amountCents = dollarsToCents(input.amount);
  const { message } = input;
  const buyerName = `${buyer.firstName} ${buyer.lastName}`;
  const amountText = formatMoney(input.amount);

  const notifyStaff = async (trx: Kysely<DB>, offerId: string, isUpdate: boolean) => {
    for (const to of await findStaffRecipients(trx)) {
      await queueEmail(trx, {
        template: 'staffNewOffer',
        to,
        data: {
          vehicleTitle: vehicle.title,
          amountText: noticeAmount(amountCents),
          buyerName,
          isUpdate,
          adminUrl: adminOfferUrl(links.publicUrl, offerId),
        },
      });
    }
  };

  const result = await db.transaction().execute(async (trx) => {
    // Held, and its status read again, so that a sale or a deletion at the same moment either
    // sees this offer or refuses it (docs/decisions/121-one-sale-per-vehicle.md).
    const held = await holdVehicle(trx, dialect, vehicle.id);
    if (!held) throw notFound(MSG.vehicleNotFound);
    const existing = await findOfferRow(trx, buyer.id, vehicle.id);
    const refusal = existing ? amendRefusal(existing.status) : undefined;
    if (refusal) throw conflict(refusal);
    if (NO_OFFER_VEHICLE_STATUSES.includes(held.status)) throw conflict(MSG.vehicleNotForSale);
    // A Scheduled or Live auction takes bids, not offers; one that ended unsold takes offers again
    // once it is closed, within a second of its end (docs/decisions/125-auctions.md).
    if (await findOpenAuctionOfVehicle(trx, vehicle.id)) throw conflict(MSG.vehicleInAuction);

    if (!existing) {
      const createdId = await insertOfferIfAbsent(trx, {
        userId: buyer.id,
        vehicleId: vehicle.id,
        amountCents,
        message,
      });
      if (createdId) {
        await recordActivity(
          trx,
          'offer_submitted',
          createdId,
          `${buyerName} offered ${amountText} on ${vehicle.title}`,
        );
        await notifyStaff(trx, createdId, false);
        return { id: createdId, isUpdate: false };
      }
    }
    // Either an offer existed, or a simultaneous request inserted it first: amend that one.
    const current = existing ?? (await findOfferRow(trx, buyer.id, vehicle.id));
    if (!current) throw conflict(MSG.offerFinal);
    const lateRefusal = amendRefusal(current.status);
    if (lateRefusal) throw conflict(lateRefusal);
    await amendOffer(trx, current.id, amountCents, message);
    await recordActivity(
      trx,
      'offer_submitted',
      current.id,
      `${buyerName} amended their offer on ${vehicle.title} to ${amountText}`,
    );
    await notifyStaff(trx, current.id, true);
    return { id: current.id, isUpdate: true };
  });

  const row = await findOfferWithParties(db, result.id);
  if (!row) throw new Error(`offer ${result.id} not found`);
  return { offer: toOffer(row), isUpdate: result.isUpdate };
}

/**
 * The "My offers" tab: one page of the buyer's own offers on every vehicle, most recently
 * changed first, each saying whether the buyer may still amend it (an amendable status on a
 * vehicle that takes offers: the same rules submitOffer applies). Never anyone else's offers.
 */
export async function buyerOffers(
  db: Kysely<DB>,
  buyerId: string,
  page: { page: number; limit: number },
): Promise<{ offers: MyOffer[]; totalOffers: number; totalPages: number; page: number }> {
  const { rows, total } = await listBuyerOffers(db, buyerId, page);
  const offers = rows.map((row) => {
    const offer = toOffer(row);
    return {
      ...offer,
      canAmend:
        row.vehicle_status !== null &&
        amendRefusal(offer.status) === undefined &&
        !NO_OFFER_VEHICLE_STATUSES.includes(row.vehicle_status),
      vehicleStatus: row.vehicle_status as VehicleStatus | null,
    };
  });
  return { offers, totalOffers: total, totalPages: totalPages(total, page.limit), page: page.page };
}
