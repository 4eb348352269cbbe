import type { OfferDecision } from '@vm/shared/constants';
import { formatMoney } from '@vm/shared/money';
import type { Offer } from '@vm/shared/offer';
import { relativeTime } from '@vm/shared/relative-time';
import { Check, ExternalLink, Eye, type LucideIcon, X } from 'lucide-react';
import { type DataColumn, DataTable } from '../components/data-table';
import { RowActionButton, type RowActionTone, RowActions } from '../components/row-action-button';
import { Timestamp } from '../components/timestamp';
import { AdminOfferStatusBadge, isOpenOffer, vehicleLabel } from './offer-status';
import { OFFER_MESSAGES } from './offers-api';

interface Props {
  offers: Offer[];
  onUser: (userId: string) => void;
  onView: (offer: Offer) => void;
  onQuick: (offer: Offer, decision: OfferDecision) => void;
}

/** ADMIN-OFF-30..33: an open offer can be accepted or rejected straight from its row. */
const QUICK_DECISIONS: readonly { decision: OfferDecision; verb: string; icon: LucideIcon; tone: RowActionTone }[] = [
  { decision: 'accepted', verb: 'Accept', icon: Check, tone: 'success' },
  { decision: 'rejected', verb: 'Reject', icon: X, tone: 'danger' },
];

function buyerName(offer: Offer): string {
  return `${offer.user.firstName} ${offer.user.lastName}`.trim() || offer.user.email;
}

/**
 * ADMIN-OFF-09..17: Date, User, Vehicle, Amount, Status, Actions. Below md the card reorders them:
 * buyer and amount first, then the vehicle, status and date, and the actions last.
 */
export function OffersTable({ offers, onUser, onView, onQuick }: Props) {
  const columns: DataColumn<Offer>[] = [
    {
      header: 'Date',
      cellClassName: 'order-5 text-right text-sm whitespace-nowrap text-slate-600 md:text-left',
      cell: (offer) => (
        <>
          <Timestamp iso={offer.createdAt} format={relativeTime} />
          {/* Issue #20: an amendment replaces the amount and the message, so staff see that it happened. */}
          {offer.amendedAt ? (
            <span className="block text-xs font-medium text-orange-700">
              Amended <Timestamp iso={offer.amendedAt} format={relativeTime} />
            </span>
          ) : null}
        </>
      ),
    },
    {
      header: 'User',
      cellClassName: 'order-1 min-w-0',
      cell: (offer) => (
        <button
          type="button"
          onClick={() => onUser(offer.user.id)}
          className="rounded text-left hover:text-brand-700"
          aria-label={`Show details of ${buyerName(offer)}`}
        >
          <span className="block font-medium text-ink-900 hover:underline">{buyerName(offer)}</span>
          <span className="block text-sm break-all text-slate-500">{offer.user.email}</span>
        </button>
      ),
    },
    {
      header: 'Vehicle',
      cellClassName: 'order-3 col-span-2 text-sm',
      cell: (offer) =>
        // A deleted vehicle's offer stays in history with its title, and no page to link to.
        offer.vehicle.id === null ? (
          <span className="font-medium text-ink-900">
            {offer.vehicle.title || vehicleLabel(offer.vehicle)}{' '}
            <span className="font-normal text-slate-500">(vehicle deleted)</span>
          </span>
        ) : (
          <a
            href={`/vehicles/${offer.vehicle.id}`}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-1 font-medium text-ink-900 hover:text-brand-700 hover:underline"
          >
            {vehicleLabel(offer.vehicle)}
            <ExternalLink className="h-3.5 w-3.5 text-slate-400" aria-hidden="true" />
            <span className="sr-only">(opens in a new tab)</span>
          </a>
        ),
    },
    {
      header: 'Amount',
      alignEnd: true,
      cellClassName: 'order-2 self-start text-right font-semibold whitespace-nowrap text-ink-900',
      cell: (offer) => formatMoney(offer.amount),
    },
    {
      header: 'Status',
      cellClassName: 'order-4',
      cell: (offer) => <AdminOfferStatusBadge status={offer.status} />,
    },
    {
      header: 'Actions',
      alignEnd: true,
      cellClassName: 'order-6 col-span-2',
      cell: (offer) => (
        <RowActions>
          <RowActionButton
            icon={Eye}
            label={`View offer from ${buyerName(offer)}`}
            title="View details"
            onClick={() => onView(offer)}
          />
          {isOpenOffer(offer.status)
            ? QUICK_DECISIONS.map(({ decision, verb, icon, tone }) => (
                <RowActionButton
                  key={decision}
                  icon={icon}
                  tone={tone}
                  label={`${verb} offer from ${buyerName(offer)}`}
                  title={verb}
                  onClick={() => onQuick(offer, decision)}
                />
              ))
            : null}
        </RowActions>
      ),
    },
  ];
  return (
    <DataTable
      label="Offers"
      columns={columns}
      rows={offers}
      cards={{ below: 'md', rowClassName: 'grid grid-cols-2 items-center gap-x-3 gap-y-2 px-4 py-3' }}
      emptyText={OFFER_MESSAGES.empty}
      rowTestId="offer-row"
    />
  );
}
