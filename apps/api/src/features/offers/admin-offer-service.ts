import type { Kysely } from 'kysely';
import { OPEN_OFFER_STATUSES, type OfferDecision, type OfferStatus } from '@vm/shared/constants';
import { MSG } from '@vm/shared/messages';
import type { Offer } from '@vm/shared/offer';
import { totalPages } from '@vm/shared/pagination';
import type { Dialect } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';
import { conflict, notFound } from '../../lib/http-errors.ts';
import { amountText, vehicleUrl } from '../../lib/notice-text.ts';
import { queueEmail } from '../email/outbox.ts';
import { holdVehicle } from '../vehicles/vehicle-holds.ts';
import {
  type AdminOfferFilters,
  decideOpenOffer,
  findAdminOffer,
  findNotifiableBuyer,
  listAdminOffers,
} from './admin-offer-repository.ts';
import { toOffer } from './offer-mapper.ts';
import { findOfferState, releaseAcceptedOfferRow } from './offer-sale-repository.ts';
import { claimVehicleForAcceptance, markSalePending, queueExpiryNotices, reopenSale } from './offer-sale-service.ts';

const OFFER_NOT_FOUND = 'Offer not found';

/** One page of the offer review list with its totals. */
export async function offerReviewPage(
  db: Kysely<DB>,
  filters: AdminOfferFilters,
): Promise<{ offers: Offer[]; totalOffers: number; totalPages: number; page: number }> {
  const { rows, total } = await listAdminOffers(db, filters);
  return {
    offers: rows.map(toOffer),
    totalOffers: total,
    totalPages: totalPages(total, filters.limit),
    page: filters.page,
  };
}

/** One offer with its buyer and vehicle: the back office opens it from a notice's link. */
export async function offerForReview(db: Kysely<DB>, id: string): Promise<Offer> {
  const row = await findAdminOffer(db, id);
  if (!row) throw notFound(OFFER_NOT_FOUND);
  return toOffer(row);
}

/**
 * Accepts or rejects an open offer (docs/decisions/041-offer-review.md). Of two admins deciding at
 * once exactly one wins; the other, like a decision on a final offer, is a conflict. An acceptance
 * holds the vehicle first: one accepted offer per vehicle, which moves it to Pending, so of two
 * acceptances on one vehicle at once exactly one succeeds (docs/decisions/121-one-sale-per-vehicle.md).
 * The buyer's notice of the decision is queued in the same transaction, so the decision and its
 * email commit together or not at all; it is always sent, since the buyer asked
 * (docs/product-rules.md#notifications).
 */
export async function decideOffer(
  db: Kysely<DB>,
  dialect: Dialect,
  id: string,
  decision: { status: OfferDecision; responseMessage: string; decidedBy: string },
  links: { publicUrl: string },
): Promise<Offer> {
  const row = await db.transaction().execute(async (trx) => {
    const state = await findOfferState(trx, id);
    if (!state) throw notFound(OFFER_NOT_FOUND);
    if (!OPEN_OFFER_STATUSES.includes(state.status as OfferStatus)) throw conflict(MSG.offerFinal);
    const accepting = decision.status === 'accepted' && state.vehicle_id !== null;
    if (accepting && state.vehicle_id) await claimVehicleForAcceptance(trx, dialect, state.vehicle_id, id);
    const decided = await decideOpenOffer(trx, id, decision);
    const found = await findAdminOffer(trx, id);
    if (!found) throw notFound(OFFER_NOT_FOUND);
    if (!decided) throw conflict(MSG.offerFinal);
    if (accepting && state.vehicle_id) await markSalePending(trx, state.vehicle_id);
    const buyer = await findNotifiableBuyer(trx, found.user_id);
    if (buyer) {
      await queueEmail(trx, {
        template: 'offerDecision',
        to: buyer.email,
        userId: found.user_id,
        data: {
          firstName: buyer.first_name,
          vehicleTitle: found.vehicle_title ?? '',
          vehicleUrl: vehicleUrl(links.publicUrl, found.vehicle_slug ?? ''),
          // 'countered' waits for a counter-offer action (docs/decisions/117-notices.md).
          decision: decision.status,
          amountText: amountText(Number(found.amount_cents)),
          responseMessage: decision.responseMessage,
        },
      });
    }
    return found;
  });
  return toOffer(row);
}

/**
 * Releases an accepted offer whose deal fell through: the offer expires with the staff's reason,
 * the vehicle goes back from Pending to Available, and the buyer is told, in one transaction. Of
 * two releases at once exactly one wins; releasing an offer that is not accepted is a 409
 * (docs/decisions/121-one-sale-per-vehicle.md).
 */
export async function releaseOffer(
  db: Kysely<DB>,
  dialect: Dialect,
  id: string,
  release: { reason: string; releasedBy: string },
  links: { publicUrl: string },
): Promise<Offer> {
  const row = await db.transaction().execute(async (trx) => {
    const state = await findOfferState(trx, id);
    if (!state) throw notFound(OFFER_NOT_FOUND);
    if (state.status !== 'accepted') throw conflict(MSG.offerNotAccepted);
    const vehicle = state.vehicle_id ? await holdVehicle(trx, dialect, state.vehicle_id) : undefined;
    if (!(await releaseAcceptedOfferRow(trx, id, release))) throw conflict(MSG.offerNotAccepted);
    if (vehicle) await reopenSale(trx, vehicle.id);
    const found = await findAdminOffer(trx, id);
    if (!found) throw notFound(OFFER_NOT_FOUND);
    await queueExpiryNotices(
      trx,
      [{ id, user_id: found.user_id, amount_cents: found.amount_cents, status: 'accepted' }],
      { title: found.vehicle_title ?? '', slug: found.vehicle_slug },
      'released',
      release.reason,
      links,
    );
    return found;
  });
  return toOffer(row);
}
