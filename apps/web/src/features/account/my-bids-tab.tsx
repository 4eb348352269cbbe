import type { MyBids } from '@vm/shared/auction';
import { formatDateTime } from '@vm/shared/format-date';
import { formatMoney } from '@vm/shared/money';
import { Gavel } from 'lucide-react';
import { Link } from 'react-router';
import { Alert } from '../../components/alert';
import { Badge, type BadgeTone } from '../../components/badge';
import { buttonClass } from '../../components/button';
import { Spinner } from '../../components/spinner';
import { priceOf, resultText } from '../storefront/auctions/auction-text';
import { TimeLeft, useHasPassed } from '../storefront/auctions/time-left';
import { useMyBids } from './api/my-bids';
import { SectionCard } from './section-card';

type MyBid = MyBids['bids'][number];

const STANDING: Record<MyBid['standing'], { label: string; tone: BadgeTone }> = {
  winning: { label: 'Winning', tone: 'green' },
  outbid: { label: 'Outbid', tone: 'red' },
  won: { label: 'Won', tone: 'green' },
  lost: { label: 'Lost', tone: 'gray' },
};

function LiveLine({ bid }: { bid: MyBid }) {
  const passed = useHasPassed(bid.auction.endsAt);
  const price = priceOf(bid.auction);
  return (
    <p className="text-sm text-slate-700">
      {price.label}: <span className="font-semibold text-ink-900">{formatMoney(price.amount)}</span> ·{' '}
      {passed ? (
        'Ending now'
      ) : (
        <>
          <TimeLeft iso={bid.auction.endsAt} /> left
        </>
      )}
    </p>
  );
}

/** One auction the buyer bid on: the vehicle, their maximum, the price or result, and their standing. */
function MyBidItem({ bid }: { bid: MyBid }) {
  const href = `/vehicles/${encodeURIComponent(bid.vehicle.slug || bid.vehicle.id)}`;
  const live = bid.auction.status === 'Live';
  const standing = STANDING[bid.standing];
  return (
    <li className="space-y-2 rounded-xl border border-slate-200 p-4" aria-label={`Bids on ${bid.vehicle.title}`}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <Link to={href} className="font-semibold text-ink-900 hover:text-brand-700">
          {bid.vehicle.title}
        </Link>
        <Badge tone={standing.tone}>{standing.label}</Badge>
      </div>
      <p className="text-sm text-slate-700">
        Your maximum: <span className="font-semibold text-ink-900">{formatMoney(bid.myMaxBid)}</span>
      </p>
      {live ? (
        <LiveLine bid={bid} />
      ) : (
        <p className="text-sm text-slate-700">
          <span className="font-semibold text-ink-900">{resultText(bid.auction)}</span> · Ended{' '}
          <time dateTime={bid.auction.endsAt}>{formatDateTime(bid.auction.endsAt)}</time>
        </p>
      )}
      {live && bid.standing === 'outbid' ? (
        <Link to={`${href}#bid`} className={buttonClass('secondary')}>
          Raise your bid
        </Link>
      ) : null}
    </li>
  );
}

/** /account/bids: "My bids", every auction the buyer bid on (issue #17). */
export function MyBidsTab() {
  const bids = useMyBids();
  return (
    <SectionCard title="My bids" description="Every auction you have bid on, with your maximum and where you stand.">
      {bids.isPending ? (
        <Spinner label="Loading your bids" />
      ) : bids.isError ? (
        <Alert tone="error">Your bids could not be loaded. Try again later.</Alert>
      ) : bids.data.bids.length === 0 ? (
        <div className="flex flex-col items-center gap-3 py-6 text-center text-slate-600">
          <Gavel className="h-8 w-8" aria-hidden="true" />
          <p>You have not bid on any auction yet.</p>
          <Link to="/auctions" className={buttonClass('primary')}>
            See live auctions
          </Link>
        </div>
      ) : (
        <ul className="space-y-3">
          {bids.data.bids.map((bid) => (
            <MyBidItem key={bid.auction.id} bid={bid} />
          ))}
        </ul>
      )}
    </SectionCard>
  );
}
