import type { AdminAuction } from '@vm/shared/auction';
import { formatDateTime } from '@vm/shared/format-date';
import { formatMoney } from '@vm/shared/money';
import type { ReactNode } from 'react';
import { Badge } from '../../../components/badge';
import { RESERVE_TEXT, STATUS_TONE } from '../../storefront/auctions/auction-text';
import { TimeLeft, useHasPassed } from '../../storefront/auctions/time-left';

/** The state's name as staff read it. */
export const ADMIN_STATUS_TEXT: Record<AdminAuction['status'], string> = {
  Scheduled: 'Scheduled',
  Live: 'Live',
  Sold: 'Sold',
  ReserveNotMet: 'Reserve not met',
  NoBids: 'No bids',
  Cancelled: 'Cancelled',
};

export function AdminAuctionStatus({ status }: { status: AdminAuction['status'] }) {
  return <Badge tone={STATUS_TONE[status]}>{ADMIN_STATUS_TEXT[status]}</Badge>;
}

function Countdown({ auction }: { auction: AdminAuction }) {
  const target = auction.status === 'Scheduled' ? auction.startsAt : auction.endsAt;
  const passed = useHasPassed(target);
  if (auction.status !== 'Scheduled' && auction.status !== 'Live') return null;
  return (
    <span className="text-slate-600">
      {' '}
      ({passed ? auction.status === 'Scheduled' ? 'starting' : 'closing' : <TimeLeft iso={target} />}
      {passed ? '' : auction.status === 'Scheduled' ? ' to the start' : ' left'})
    </span>
  );
}

/** An auction's figures for staff, reserve included. */
export function AdminAuctionFacts({ auction }: { auction: AdminAuction }) {
  const rows: [string, ReactNode][] = [
    ['Starting bid', formatMoney(auction.startingBid)],
    [
      'Reserve',
      auction.reservePrice === null
        ? 'No reserve'
        : `${formatMoney(auction.reservePrice)} (${RESERVE_TEXT[auction.reserve].toLowerCase()})`,
    ],
    ['Current bid', auction.currentBid === null ? 'No bids yet' : formatMoney(auction.currentBid)],
    ['Bids', `${auction.bidCount} from ${auction.bidderCount} ${auction.bidderCount === 1 ? 'bidder' : 'bidders'}`],
    ['Starts', formatDateTime(auction.startsAt)],
    [
      'Ends',
      <>
        {formatDateTime(auction.endsAt)}
        <Countdown auction={auction} />
      </>,
    ],
  ];
  return (
    <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
      {rows.map(([term, value]) => (
        <div key={term} className="flex gap-2">
          <dt className="w-28 shrink-0 text-slate-500">{term}</dt>
          <dd className="font-medium text-ink-900">{value}</dd>
        </div>
      ))}
      {auction.status === 'Cancelled' && auction.cancelReason ? (
        <div className="flex gap-2 sm:col-span-2">
          <dt className="w-28 shrink-0 text-slate-500">Cancelled</dt>
          <dd className="font-medium text-ink-900">{auction.cancelReason}</dd>
        </div>
      ) : null}
    </dl>
  );
}
