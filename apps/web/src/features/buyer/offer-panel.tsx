import type { Vehicle } from '@vm/shared/vehicle';

/** Offer form and the buyer's own offer on the detail page (built by the buyer feature). */
export function OfferPanel(_props: { vehicle: Vehicle }) {
  return null;
}
