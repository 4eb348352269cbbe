import type { OfferStatus } from '@vm/shared/constants';
import { centsToDollars } from '@vm/shared/money';
import type { Offer } from '@vm/shared/offer';
import type { OfferJoinedRow } from './offer-repository.ts';

/** An offer row joined with its buyer and vehicle, to the shared Offer shape. */
export function toOffer(row: OfferJoinedRow): Offer {
  return {
    id: row.id,
    amount: centsToDollars(Number(row.amount_cents)),
    status: row.status as OfferStatus,
    message: row.message,
    responseMessage: row.response_message,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    amendedAt: row.amended_at ?? null,
    userId: row.user_id,
    user: { id: row.user_id, firstName: row.first_name, lastName: row.last_name, email: row.email },
    // A deleted vehicle's offer: no id or slug, the vehicle as it was (offer-repository.ts).
    vehicle: {
      id: row.vehicle_id,
      slug: row.vehicle_slug,
      title: row.vehicle_title ?? '',
      year: Number(row.vehicle_year ?? 0),
      make: row.vehicle_make ?? '',
      model: row.vehicle_model ?? '',
    },
  };
}
