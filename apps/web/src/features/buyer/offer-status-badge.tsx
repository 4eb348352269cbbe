import { OFFER_STATUS_LABELS, type OfferStatus } from '@vm/shared/constants';
import { Badge, type BadgeTone } from '../../components/badge';

const TONES: Record<OfferStatus, BadgeTone> = {
  pending: 'yellow',
  under_review: 'yellow',
  accepted: 'green',
  rejected: 'red',
  expired: 'gray',
  countered: 'blue',
  withdrawn: 'gray',
};

/** The label a buyer sees for their offer: Pending (also while under review), Accepted, Declined, Countered. */
export function OfferStatusBadge({ status }: { status: OfferStatus }) {
  return <Badge tone={TONES[status]}>{OFFER_STATUS_LABELS[status]}</Badge>;
}
