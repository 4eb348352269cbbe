import type { Kysely } from 'kysely';
import type { OfferDecision } from '@vm/shared/constants';
import { MSG } from '@vm/shared/messages';
import type { Offer } from '@vm/shared/offer';
import { totalPages } from '@vm/shared/pagination';
import type { DB } from '../../db/schema.ts';
import { conflict, notFound } from '../../lib/http-errors.ts';
import { type AdminOfferFilters, decideOpenOffer, findAdminOffer, listAdminOffers } from './admin-offer-repository.ts';
import { toOffer } from './offer-mapper.ts';

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

/**
 * Accepts or rejects an open offer (docs/decisions/041-offer-review.md). Of two admins deciding at
 * once exactly one wins; the other, like a decision on a final offer, is a conflict.
 */
export async function decideOffer(
  db: Kysely<DB>,
  id: string,
  decision: { status: OfferDecision; responseMessage: string; decidedBy: string },
): Promise<Offer> {
  const decided = await decideOpenOffer(db, id, decision);
  const row = await findAdminOffer(db, id);
  if (!row) throw notFound(OFFER_NOT_FOUND);
  if (!decided) throw conflict(MSG.offerFinal);
  return toOffer(row);
}
