import type { PublicBid } from '@vm/shared/auction';
import { formatDateTime } from '@vm/shared/format-date';
import { formatMoney } from '@vm/shared/money';

/** The public bid history, newest first: visible prices, never maximums; bidders by alias. */
export function BidHistory({
  bids,
  loading,
  failed,
}: {
  bids: PublicBid[] | undefined;
  loading: boolean;
  failed: boolean;
}) {
  return (
    <section aria-labelledby="bid-history-title" className="mt-5 border-t border-slate-200 pt-4">
      <h3 id="bid-history-title" className="mb-2 text-sm font-semibold text-ink-900">
        Bid history
      </h3>
      {failed ? (
        <p className="text-sm text-slate-600">The bid history could not be loaded.</p>
      ) : loading || !bids ? (
        <p className="text-sm text-slate-500" role="status">
          Loading the bids...
        </p>
      ) : bids.length === 0 ? (
        <p className="text-sm text-slate-600">No bids yet.</p>
      ) : (
        <ol className="max-h-72 divide-y divide-slate-100 overflow-y-auto text-sm" aria-label="Bids, newest first">
          {bids.map((bid) => (
            <li
              key={`${bid.at}-${bid.bidder}-${bid.amount}`}
              className="flex items-baseline justify-between gap-3 py-2"
            >
              <span className="font-semibold text-ink-900">{formatMoney(bid.amount)}</span>
              <span className="min-w-0 flex-1 truncate text-slate-600">{bid.bidder}</span>
              <time dateTime={bid.at} className="shrink-0 text-xs text-slate-500">
                {formatDateTime(bid.at)}
              </time>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
