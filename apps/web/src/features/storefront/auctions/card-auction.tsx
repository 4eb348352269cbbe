import { formatMoney } from '@vm/shared/money';
import { Clock } from 'lucide-react';
import type { LiveAuction } from '../api/auctions';
import { priceOf } from './auction-text';
import { useHasPassed, useTimeLeftText } from './time-left';

/** A live auction's price and countdown, in place of a vehicle card's price (issue #17). */
export function CardAuction({ auction }: { auction: Pick<LiveAuction, 'currentBid' | 'startingBid' | 'endsAt'> }) {
  const price = priceOf(auction);
  const ended = useHasPassed(auction.endsAt);
  const left = useTimeLeftText(auction.endsAt);
  return (
    <div className="mt-auto flex items-end justify-between gap-2 pt-2" data-testid="card-auction">
      <p>
        <span className="block text-xs font-medium text-slate-500">{price.label}</span>
        <span className="text-xl font-bold text-brand-700">{formatMoney(price.amount)}</span>
      </p>
      <p className="inline-flex items-center gap-1 text-sm font-medium text-slate-700">
        <Clock className="h-4 w-4" aria-hidden="true" />
        {ended ? 'Ending now' : `${left} left`}
      </p>
    </div>
  );
}
