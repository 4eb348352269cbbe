import { OPEN_OFFER_STATUSES, type OfferStatus } from '@vm/shared/constants';
import { Badge, type BadgeTone } from '../../../components/badge';

/** Admin labels: staff see every stored status as it is (buyers see "Declined" etc.). */
export const ADMIN_OFFER_STATUS_LABELS: Record<OfferStatus, string> = {
  pending: 'Pending',
  under_review: 'Under Review',
  accepted: 'Accepted',
  rejected: 'Rejected',
  expired: 'Expired',
  countered: 'Countered',
  // Only account deletion sets it (docs/decisions/122-people-rules.md): not an ordinary expiry.
  withdrawn: 'Withdrawn (account deleted)',
};

const TONES: Record<OfferStatus, BadgeTone> = {
  pending: 'yellow',
  under_review: 'orange',
  accepted: 'green',
  rejected: 'red',
  expired: 'gray',
  countered: 'blue',
  withdrawn: 'gray',
};

export function AdminOfferStatusBadge({ status }: { status: OfferStatus }) {
  return <Badge tone={TONES[status]}>{ADMIN_OFFER_STATUS_LABELS[status]}</Badge>;
}

/** Open offers are the only ones an admin can still accept or reject (docs/product-rules.md#offers). */
export const isOpenOffer = (status: OfferStatus) => OPEN_OFFER_STATUSES.includes(status);

export const vehicleLabel = (vehicle: { year: number; make: string; model: string }) =>
  `${vehicle.year} ${vehicle.make} ${vehicle.model}`;
