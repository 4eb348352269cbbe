import { formatMoney } from '@vm/shared/money';
import type { MyOffer } from '@vm/shared/offer';
import { HandCoins } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../components/alert';
import { Button, buttonClass } from '../../components/button';
import { Spinner } from '../../components/spinner';
import { OfferStatusBadge } from '../buyer/offer-status-badge';
import { useMyOffers } from './api/my-offers';
import { SectionCard } from './section-card';

const dateTime = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** One offer: its vehicle, amount, status, the dealer's reply, when it was amended, and a link to amend it where allowed. */
function MyOfferItem({ offer }: { offer: MyOffer }) {
  // The page of an Archived or deleted vehicle is gone: no link to it.
  const href =
    offer.vehicleStatus && offer.vehicleStatus !== 'Archived' && offer.vehicle.slug
      ? `/vehicles/${encodeURIComponent(offer.vehicle.slug)}`
      : undefined;
  return (
    <li className="space-y-2 rounded-xl border border-slate-200 p-4" aria-label={`Offer on ${offer.vehicle.title}`}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        {href ? (
          <Link to={href} className="font-semibold text-ink-900 hover:text-brand-700">
            {offer.vehicle.title}
          </Link>
        ) : (
          <span className="font-semibold text-ink-900">
            {offer.vehicle.title}
            {offer.vehicleStatus === null ? (
              <span className="ml-2 text-xs text-slate-500">(no longer listed)</span>
            ) : null}
          </span>
        )}
        <OfferStatusBadge status={offer.status} />
      </div>
      <p className="text-lg font-bold text-brand-700">{formatMoney(offer.amount)}</p>
      <p className="text-xs text-slate-500">
        Made {dateTime(offer.createdAt)}
        {offer.amendedAt ? <> · Amended {dateTime(offer.amendedAt)}</> : null}
      </p>
      {offer.message ? (
        <p className="text-sm text-slate-700">
          <span className="font-medium">Your message: </span>
          {offer.message}
        </p>
      ) : null}
      {offer.responseMessage ? (
        <p className="rounded-lg bg-slate-50 p-2 text-sm text-slate-700">
          <span className="font-medium">Dealer's reply: </span>
          {offer.responseMessage}
        </p>
      ) : null}
      {offer.canAmend && href ? (
        <Link to={`${href}#offer`} className={buttonClass('secondary')}>
          Amend offer
        </Link>
      ) : null}
    </li>
  );
}

/** /account/offers: "My offers", the buyer's offers on every vehicle (issue #20). */
export function MyOffersTab() {
  const [page, setPage] = useState(1);
  const offers = useMyOffers(page);
  return (
    <SectionCard title="My offers" description="Every offer you have made, with the dealer's reply.">
      {offers.isPending ? (
        <Spinner label="Loading your offers" />
      ) : offers.isError ? (
        <Alert tone="error">Your offers could not be loaded. Try again later.</Alert>
      ) : offers.data.offers.length === 0 ? (
        <div className="flex flex-col items-center gap-3 py-6 text-center text-slate-600">
          <HandCoins className="h-8 w-8" aria-hidden="true" />
          <p>You have not made any offers yet.</p>
          <Link to="/vehicles" className={buttonClass('primary')}>
            Browse vehicles
          </Link>
        </div>
      ) : (
        <>
          <ul className="space-y-3">
            {offers.data.offers.map((offer) => (
              <MyOfferItem key={offer.id} offer={offer} />
            ))}
          </ul>
          {offers.data.totalPages > 1 ? (
            <div className="mt-4 flex items-center justify-between text-sm">
              <Button variant="secondary" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
                Previous
              </Button>
              <span>
                Page {offers.data.page} of {offers.data.totalPages}
              </span>
              <Button
                variant="secondary"
                disabled={page >= offers.data.totalPages}
                onClick={() => setPage((p) => p + 1)}
              >
                Next
              </Button>
            </div>
          ) : null}
        </>
      )}
    </SectionCard>
  );
}
