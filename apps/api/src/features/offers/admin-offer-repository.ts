import type { Kysely } from 'kysely';
import type { SortOrder } from '@vm/shared/common';
import {
  OPEN_OFFER_STATUSES,
  type OFFER_SORT_FIELDS,
  type OfferDecision,
  type OfferStatus,
} from '@vm/shared/constants';
import { dollarsToCents } from '@vm/shared/money';
import type { DB } from '../../db/schema.ts';
import { nowIso } from '../../lib/time.ts';
import { type OfferJoinedRow, offersWithParties } from './offer-repository.ts';

export interface AdminOfferFilters {
  status?: OfferStatus | undefined;
  vehicleId: string | undefined;
  userId: string | undefined;
  /** Dollars, as the API receives them. */
  minAmount: number | undefined;
  maxAmount: number | undefined;
  sortBy: (typeof OFFER_SORT_FIELDS)[number];
  sortOrder: SortOrder;
  page: number;
  limit: number;
}

const SORT_COLUMNS = {
  createdAt: 'offers.created_at',
  amount: 'offers.amount_cents',
  status: 'offers.status',
} as const;

/** One page of offers with their buyer and vehicle, and the total that match the filters. */
export async function listAdminOffers(
  db: Kysely<DB>,
  filters: AdminOfferFilters,
): Promise<{ rows: OfferJoinedRow[]; total: number }> {
  let base = offersWithParties(db);
  if (filters.status) base = base.where('offers.status', '=', filters.status);
  if (filters.vehicleId) base = base.where('offers.vehicle_id', '=', filters.vehicleId);
  if (filters.userId) base = base.where('offers.user_id', '=', filters.userId);
  if (filters.minAmount !== undefined)
    base = base.where('offers.amount_cents', '>=', dollarsToCents(filters.minAmount));
  if (filters.maxAmount !== undefined)
    base = base.where('offers.amount_cents', '<=', dollarsToCents(filters.maxAmount));

  const countRow = await base
    .clearSelect()
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const dir = filters.sortOrder;
  let q = base.orderBy(SORT_COLUMNS[filters.sortBy], dir);
  // Equal amounts or statuses list the newest first; the id makes the order total.
  if (filters.sortBy !== 'createdAt') q = q.orderBy('offers.created_at', 'desc');
  const rows = await q
    .orderBy('offers.id', dir)
    .limit(filters.limit)
    .offset((filters.page - 1) * filters.limit)
    .execute();
  return { rows, total: Number(countRow.n) };
}

export function findAdminOffer(db: Kysely<DB>, id: string): Promise<OfferJoinedRow | undefined> {
  return offersWithParties(db).where('offers.id', '=', id).executeTakeFirst();
}

/**
 * Decides an open offer in one conditional UPDATE, so of two admins deciding at once exactly one
 * wins. Returns false when the offer is missing or already final.
 */
export async function decideOpenOffer(
  db: Kysely<DB>,
  id: string,
  decision: { status: OfferDecision; responseMessage: string; decidedBy: string },
): Promise<boolean> {
  const now = nowIso();
  const result = await db
    .updateTable('offers')
    .set({
      status: decision.status,
      response_message: decision.responseMessage,
      decided_by: decision.decidedBy,
      decided_at: now,
      updated_at: now,
    })
    .where('id', '=', id)
    .where('status', 'in', [...OPEN_OFFER_STATUSES])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * The buyer of an offer as a decision notice needs them, or undefined when their account may not
 * be emailed: inactive or deleted (docs/product-rules.md#notifications).
 */
export function findNotifiableBuyer(
  db: Kysely<DB>,
  userId: string,
): Promise<{ email: string; first_name: string } | undefined> {
  return db
    .selectFrom('users')
    .select(['email', 'first_name'])
    .where('id', '=', userId)
    .where('is_active', '=', 1)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}
