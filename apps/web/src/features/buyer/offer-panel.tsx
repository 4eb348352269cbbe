import { AMENDABLE_OFFER_STATUSES, NO_OFFER_VEHICLE_STATUSES } from '@vm/shared/constants';
import type { OfferBody } from '@vm/shared/offer';
import { formatMoney } from '@vm/shared/money';
import { relativeTime } from '@vm/shared/relative-time';
import type { Vehicle } from '@vm/shared/vehicle';
import { HandCoins } from 'lucide-react';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { toast } from '../../lib/toast';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { errorMessage } from '../../lib/api-client';
import { useAuth } from '../auth/auth-context';
import { useOwnOffer, useSubmitOffer } from './api/offers';
import { BUYER_MESSAGES } from './buyer-messages';
import { OfferStatusBadge } from './offer-status-badge';

/*
 * The form and its validation (the shared zod schemas) load only for a signed-in buyer: an
 * anonymous visitor, most of the detail page's traffic, never needs them.
 */
const loadOfferForm = () => import('./offer-form');
const OfferForm = lazy(async () => ({ default: (await loadOfferForm()).OfferForm }));

/** Why a vehicle in one of NO_OFFER_VEHICLE_STATUSES takes no offer. */
function closedReason(status: string): string | undefined {
  if (!NO_OFFER_VEHICLE_STATUSES.includes(status)) return undefined;
  return status === 'Sold'
    ? 'This vehicle has been sold and is no longer accepting offers.'
    : 'This vehicle is no longer listed and is not accepting offers.';
}

function Card({ title = 'Make an offer', children }: { title?: string; children: ReactNode }) {
  return (
    <section aria-labelledby="offer-panel-title" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="offer-panel-title" className="mb-3 flex items-center gap-2 text-lg font-semibold text-ink-900">
        <HandCoins className="h-5 w-5 text-brand-600" aria-hidden="true" />
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * The offer form and the buyer's own offer on the detail page (DETAIL-17..28). One offer per
 * buyer and vehicle: sending again amends it. Anonymous visitors get a way to log in and return.
 */
export function OfferPanel({ vehicle }: { vehicle: Vehicle }) {
  const { status } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const signedIn = status === 'authenticated';
  const own = useOwnOffer(vehicle.id, signedIn);
  const submit = useSubmitOffer(vehicle.id);
  const [formOpen, setFormOpen] = useState(false);
  const noOfferReason = closedReason(vehicle.status);
  useEffect(() => {
    // Fetched ahead, so the form opens at once when the buyer asks for it.
    if (signedIn) void loadOfferForm();
  }, [signedIn]);

  if (status === 'loading' || (signedIn && own.isPending)) {
    return (
      <Card>
        <p className="text-sm text-slate-500" role="status">
          Loading your offer...
        </p>
      </Card>
    );
  }

  if (!signedIn) {
    return (
      <Card>
        {noOfferReason ? (
          <p className="text-sm text-slate-600">{noOfferReason}</p>
        ) : (
          <>
            <p className="mb-4 text-sm text-slate-600">
              Interested in this {vehicle.make}? Send the dealer your price and they will get back to you.
            </p>
            <Button className="w-full sm:w-auto" onClick={() => navigate('/login', { state: { from: location } })}>
              Log in to make an offer
            </Button>
          </>
        )}
      </Card>
    );
  }

  const offer = own.data ?? null;
  const canAmend = offer !== null && AMENDABLE_OFFER_STATUSES.includes(offer.status) && !noOfferReason;

  const send = (body: OfferBody) => {
    submit.mutate(body, {
      onSuccess: ({ isUpdate }) => {
        setFormOpen(false);
        toast.success(isUpdate ? BUYER_MESSAGES.offerAmended : BUYER_MESSAGES.offerSubmitted);
      },
      // The form stays open on failure so the buyer can correct the amount and try again.
      onError: (err) => toast.error(errorMessage(err, BUYER_MESSAGES.offerFailed)),
    });
  };

  return (
    <Card title={offer ? 'Your offer' : 'Make an offer'}>
      {own.isError ? <Alert>{BUYER_MESSAGES.offerLoadFailed}</Alert> : null}
      {offer ? (
        <div className="mb-4 space-y-2 rounded-xl bg-slate-50 p-4" data-testid="own-offer">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <span className="text-sm font-medium text-slate-600">Amount offered</span>
            <OfferStatusBadge status={offer.status} />
          </div>
          <p className="text-2xl font-bold text-ink-900">{formatMoney(offer.amount)}</p>
          <p className="text-xs text-slate-500">
            Last updated <time dateTime={offer.updatedAt}>{relativeTime(offer.updatedAt)}</time>
          </p>
          {offer.message ? (
            <p className="text-sm text-slate-700">
              <span className="font-medium">Your message:</span> {offer.message}
            </p>
          ) : null}
          {offer.responseMessage ? (
            <p className="rounded-lg border border-slate-200 bg-white p-3 text-sm text-slate-700">
              <span className="font-medium">Dealer response:</span> {offer.responseMessage}
            </p>
          ) : null}
        </div>
      ) : null}

      {noOfferReason ? <p className="text-sm text-slate-600">{noOfferReason}</p> : null}

      {!noOfferReason && formOpen ? (
        <Suspense
          fallback={
            <p className="text-sm text-slate-500" role="status">
              Loading the offer form...
            </p>
          }
        >
          <OfferForm
            initial={offer && canAmend ? { amount: offer.amount, message: offer.message } : undefined}
            submitLabel={offer ? 'Amend offer' : 'Submit offer'}
            submitting={submit.isPending}
            askingPrice={vehicle.price}
            onSubmit={send}
            onCancel={() => setFormOpen(false)}
          />
        </Suspense>
      ) : null}

      {!noOfferReason && !formOpen && !offer ? (
        <>
          <p className="mb-4 text-sm text-slate-600">
            Name your price for this {vehicle.make}. You can amend it until the dealer accepts.
          </p>
          <Button className="w-full sm:w-auto" onClick={() => setFormOpen(true)}>
            Make an offer
          </Button>
        </>
      ) : null}
      {!formOpen && canAmend ? (
        <Button variant="secondary" className="w-full sm:w-auto" onClick={() => setFormOpen(true)}>
          Amend offer
        </Button>
      ) : null}
      {offer?.status === 'accepted' ? (
        <p className="text-sm text-green-700">The dealer accepted your offer and will contact you shortly.</p>
      ) : null}
    </Card>
  );
}
