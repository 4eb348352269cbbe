import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PublicAuction } from '@vm/shared/auction';
import { formatDateTime } from '@vm/shared/format-date';
import { formatMoney } from '@vm/shared/money';
import type { Vehicle } from '@vm/shared/vehicle';
import { Gavel } from 'lucide-react';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { toast } from '../../lib/toast';
import { Badge } from '../../components/badge';
import { buttonClass } from '../../components/button';
import { ApiError, errorMessage } from '../../lib/api-client';
import { useAuth } from '../auth/auth-context';
import { useAuctionEvents } from '../storefront/api/auction-events';
import { auctionKeys, placeBid, useBidHistory } from '../storefront/api/auctions';
import { vehicleKeys } from '../storefront/api/vehicles';
import { bidsText, priceOf, RESERVE_TEXT, STATUS_TEXT, STATUS_TONE } from '../storefront/auctions/auction-text';
import { TimeLeft, useHasPassed } from '../storefront/auctions/time-left';
import { BidHistory } from './bid-history';

/** The form checks amounts with the shared zod schema: loaded when a buyer may bid, as the offer form is. */
const BidForm = lazy(async () => ({ default: (await import('./bid-form')).BidForm }));

export const BID_MESSAGES = {
  leading: 'Your bid is in: you are the high bidder.',
  outbid: 'Your bid is in, but another bidder’s maximum is higher: you have been outbid.',
  failed: 'Your bid could not be placed. Please try again.',
} as const;

function Fact({ term, children, testId }: { term: string; children: ReactNode; testId?: string }) {
  return (
    <div>
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{term}</dt>
      <dd className="mt-0.5 font-semibold text-ink-900" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

/** The signed-in bidder's own maximum and standing. */
function OwnStanding({ auction }: { auction: PublicAuction }) {
  if (auction.myMaxBid === null) return null;
  const ended = auction.status !== 'Live' && auction.status !== 'Scheduled';
  let standing: ReactNode;
  if (auction.status === 'Sold')
    standing = auction.leading ? <Badge tone="green">You won</Badge> : <Badge>You lost</Badge>;
  else if (ended) standing = null;
  else
    standing = auction.leading ? (
      <Badge tone="green">You are the high bidder</Badge>
    ) : (
      <Badge tone="red">You have been outbid</Badge>
    );
  return (
    <div
      className="mt-4 flex flex-wrap items-center justify-between gap-2 rounded-xl bg-slate-50 p-3"
      data-testid="own-bid"
    >
      <span className="text-sm text-slate-700">
        Your maximum: <span className="font-semibold text-ink-900">{formatMoney(auction.myMaxBid)}</span>
      </span>
      {standing}
    </div>
  );
}

/** What an ended auction came to, in one line. */
function endedHeadline(auction: PublicAuction): string {
  const price = auction.currentBid === null ? null : formatMoney(auction.currentBid);
  switch (auction.status) {
    case 'Sold':
      return price ? `Sold for ${price}` : 'Sold';
    case 'ReserveNotMet':
      return price ? `Bid to ${price}, reserve not met` : 'Reserve not met';
    case 'NoBids':
      return 'Ended with no bids';
    default:
      return 'This auction was cancelled';
  }
}

/** Where a visitor may bid, or why not: sign in, staff, or the form. */
function BidAction({
  vehicle,
  auction,
  closing,
  viewer,
}: {
  vehicle: Vehicle;
  auction: PublicAuction;
  closing: boolean;
  viewer: string;
}) {
  const { status, isAdmin } = useAuth();
  const location = useLocation();
  const queryClient = useQueryClient();
  const [serverError, setServerError] = useState<string | null>(null);
  const [formKey, setFormKey] = useState(0);
  const bid = useMutation({
    mutationFn: (amount: number) => placeBid(vehicle.id, amount),
    onSuccess: ({ auction: after }) => {
      queryClient.setQueryData(auctionKeys.vehicle(vehicle.id, viewer), after);
      void queryClient.invalidateQueries({ queryKey: auctionKeys.bids(vehicle.id) });
      void queryClient.invalidateQueries({ queryKey: ['me', 'bids'] });
      setServerError(null);
      setFormKey((k) => k + 1);
      toast.success(after.leading ? BID_MESSAGES.leading : BID_MESSAGES.outbid);
    },
    onError: (err) => {
      setServerError(errorMessage(err, BID_MESSAGES.failed));
      // Refused for the auction's state (409: not live) or the price moved (400): show what is true now.
      if (err instanceof ApiError && (err.status === 409 || err.status === 400))
        void queryClient.invalidateQueries({ queryKey: auctionKeys.vehicleAll(vehicle.id) });
    },
  });

  if (status === 'anonymous')
    return (
      <Link to="/login" state={{ from: location }} className={buttonClass('primary', 'w-full')}>
        Sign in to bid
      </Link>
    );
  if (isAdmin) return <p className="text-sm text-slate-600">Staff accounts cannot bid on auctions.</p>;
  if (status === 'loading')
    return (
      <p className="text-sm text-slate-500" role="status">
        Loading your account...
      </p>
    );
  return (
    <Suspense fallback={<p className="min-h-24 text-sm text-slate-500">Loading the bid form...</p>}>
      <BidForm
        key={formKey}
        minimumBid={auction.minimumBid}
        reserveNotMet={auction.reserve === 'not_met'}
        leading={auction.leading}
        disabled={closing}
        submitting={bid.isPending}
        serverError={serverError}
        onConfirm={(amount) => bid.mutate(amount)}
        onEdit={() => setServerError(null)}
      />
    </Suspense>
  );
}

/**
 * The bid box of a vehicle's auction (issue #17), in place of the offer panel: price, bids, a
 * countdown on the server's clock, reserve, next minimum, the bidder's own standing, the form and
 * the history. While the auction is open it follows the event stream, so every viewer sees a new
 * bid, a new end and the close without reloading.
 */
export function BidBox({ vehicle, auction, viewer }: { vehicle: Vehicle; auction: PublicAuction; viewer: string }) {
  const queryClient = useQueryClient();
  const open = auction.status === 'Live' || auction.status === 'Scheduled';
  const history = useBidHistory(vehicle.id, auction.status !== 'Scheduled');
  const key = auctionKeys.vehicle(vehicle.id, viewer);

  useAuctionEvents(open ? auction.id : null, {
    onEvent: (name, next) => {
      // The stream is the same for everyone: the viewer's own maximum and lead are read again.
      queryClient.setQueryData<PublicAuction | null>(key, (old) =>
        old ? { ...next, myMaxBid: old.myMaxBid, leading: old.leading } : next,
      );
      if (viewer !== 'anonymous') void queryClient.invalidateQueries({ queryKey: key, exact: true });
      void queryClient.invalidateQueries({ queryKey: auctionKeys.bids(vehicle.id) });
      if (name === 'ended' || name === 'cancelled') {
        // The vehicle may be sold now, and the cards' live list has one auction fewer.
        void queryClient.invalidateQueries({ queryKey: vehicleKeys.all });
        void queryClient.invalidateQueries({ queryKey: auctionKeys.live });
        void queryClient.invalidateQueries({ queryKey: ['me', 'bids'] });
      }
    },
    onReconnect: () => {
      void queryClient.invalidateQueries({ queryKey: key, exact: true });
      void queryClient.invalidateQueries({ queryKey: auctionKeys.bids(vehicle.id) });
    },
  });

  // The start or end passing is read from the server at once (the auction query then asks every
  // second until the server's answer moves on: api/auctions.ts).
  const started = useHasPassed(auction.startsAt);
  const endPassed = useHasPassed(auction.endsAt);
  const overdue = (auction.status === 'Scheduled' && started) || (auction.status === 'Live' && endPassed);
  useEffect(() => {
    if (overdue) void queryClient.invalidateQueries({ queryKey: auctionKeys.vehicle(vehicle.id, viewer), exact: true });
  }, [overdue, queryClient, vehicle.id, viewer]);

  const price = priceOf(auction);
  return (
    <section
      id="bid"
      aria-labelledby="bid-box-title"
      className="scroll-mt-24 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <div className="mb-3 flex items-center justify-between gap-2">
        <h2 id="bid-box-title" className="flex items-center gap-2 text-lg font-semibold text-ink-900">
          <Gavel className="h-5 w-5 text-brand-600" aria-hidden="true" />
          Auction
        </h2>
        <Badge tone={STATUS_TONE[auction.status]}>{STATUS_TEXT[auction.status]}</Badge>
      </div>

      {auction.status === 'Scheduled' ? (
        <>
          <p className="font-semibold text-ink-900" data-testid="auction-headline">
            Starts <time dateTime={auction.startsAt}>{formatDateTime(auction.startsAt)}</time>
          </p>
          <dl className="mt-4 grid grid-cols-2 gap-4">
            <Fact term="Starting bid">{formatMoney(auction.startingBid)}</Fact>
            <Fact term="Starts in">{started ? 'Starting now' : <TimeLeft iso={auction.startsAt} />}</Fact>
            <Fact term="Reserve">{RESERVE_TEXT[auction.reserve]}</Fact>
            <Fact term="Ends">
              <time dateTime={auction.endsAt}>{formatDateTime(auction.endsAt)}</time>
            </Fact>
          </dl>
        </>
      ) : auction.status === 'Live' ? (
        <>
          <dl className="grid grid-cols-2 gap-4">
            <div className="col-span-2">
              <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{price.label}</dt>
              <dd className="text-3xl font-extrabold text-brand-700" aria-live="polite" data-testid="auction-price">
                {formatMoney(price.amount)}
              </dd>
            </div>
            <Fact term="Time left" testId="auction-time-left">
              {endPassed ? 'Closing...' : <TimeLeft iso={auction.endsAt} />}
            </Fact>
            <Fact term="Bids">{bidsText(auction.bidCount)}</Fact>
            <Fact term="Reserve" testId="auction-reserve">
              {RESERVE_TEXT[auction.reserve]}
            </Fact>
            <Fact term="Ends">
              <time dateTime={auction.endsAt} data-testid="auction-ends">
                {formatDateTime(auction.endsAt)}
              </time>
            </Fact>
          </dl>
          <OwnStanding auction={auction} />
          <p className="mt-4 text-sm text-slate-700" data-testid="auction-minimum">
            Next minimum bid: <span className="font-semibold text-ink-900">{formatMoney(auction.minimumBid)}</span>
          </p>
          <div className="mt-3">
            <BidAction vehicle={vehicle} auction={auction} closing={endPassed} viewer={viewer} />
          </div>
        </>
      ) : (
        <>
          <p className="text-2xl font-bold text-ink-900" data-testid="auction-headline">
            {endedHeadline(auction)}
          </p>
          {auction.status === 'Cancelled' && auction.cancelReason ? (
            <p className="mt-2 text-sm text-slate-700">
              <span className="font-medium">Reason:</span> {auction.cancelReason}
            </p>
          ) : null}
          <p className="mt-2 text-sm text-slate-600">
            {auction.status === 'Cancelled' ? 'Scheduled to end' : 'Ended'}{' '}
            <time dateTime={auction.endsAt}>{formatDateTime(auction.endsAt)}</time> · {bidsText(auction.bidCount)}
          </p>
          <OwnStanding auction={auction} />
        </>
      )}

      {auction.status === 'Scheduled' ? null : (
        <BidHistory bids={history.data} loading={history.isPending} failed={history.isError} />
      )}
    </section>
  );
}
