import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  OFFERS_PAGE_SIZE,
  type OfferDecision,
  QUICK_ACCEPT_RESPONSE,
  QUICK_REJECT_RESPONSE,
} from '@vm/shared/constants';
import type { Offer } from '@vm/shared/offer';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from '../../../lib/toast';
import { Alert } from '../../../components/alert';
import { ApiError } from '../../../lib/api-client';
import { usePageTitle } from '../../../lib/page-title';
import { AdminPager } from '../components/admin-pager';
import { ListBody, ListPanel } from '../components/list-panel';
import { DASHBOARD_KEY } from '../dashboard/dashboard-api';
import { OffersTable } from './offers-table';
import { UserDetailsModal } from '../users/user-details-modal';
import { OfferDetailsModal } from './offer-details-modal';
import { EMPTY_OFFER_FILTERS, type OfferFilters, OfferFiltersPanel } from './offer-filters';
import {
  decideOffer,
  releaseOffer,
  fetchOffer,
  fetchOffers,
  OFFER_MESSAGES,
  OFFERS_KEY,
  type OfferListParams,
  type OfferListResponse,
  offerListKey,
} from './offers-api';

interface Review {
  offer: Offer;
  initialResponse: string;
  intent: OfferDecision | null;
}

/** The query parameter of a staff notice's link: /admin/offers?offer=<id> opens that offer. */
const LINK_PARAM = 'offer';

/** /admin/offers, "Vehicle Offers" (ADMIN-OFF-01..39). */
export function OffersPage() {
  usePageTitle('Vehicle Offers');
  const queryClient = useQueryClient();
  const [params, setParams] = useState<OfferListParams>({ ...EMPTY_OFFER_FILTERS, page: 1 });
  const [userId, setUserId] = useState<string | null>(null);
  const [review, setReview] = useState<Review | null>(null);
  const [decisionError, setDecisionError] = useState<string | null>(null);
  const [searchParams, setSearchParams] = useSearchParams();
  const linkedId = searchParams.get(LINK_PARAM);
  // A staff notice links to one offer (docs/product-rules.md#notifications): it opens in Offer
  // Details, wherever it is in the list.
  const linked = useQuery({
    queryKey: [...OFFERS_KEY, 'one', linkedId],
    queryFn: () => fetchOffer(linkedId ?? ''),
    enabled: linkedId !== null,
    refetchOnWindowFocus: false,
  });
  const linkedOffer = linked.data;
  const openedLink = useRef<string | null>(null);
  useEffect(() => {
    // Opened once per link: a reload of the offer (after a 409) does not reopen or reset it.
    if (!linkedOffer || openedLink.current === linkedOffer.id) return;
    openedLink.current = linkedOffer.id;
    setDecisionError(null);
    setReview({ offer: linkedOffer, initialResponse: '', intent: null });
  }, [linkedOffer]);
  const closeReview = () => {
    setReview(null);
    openedLink.current = null;
    if (linkedId !== null)
      setSearchParams(
        (p) => {
          p.delete(LINK_PARAM);
          return p;
        },
        { replace: true },
      );
  };

  const list = useQuery({
    queryKey: offerListKey(params),
    queryFn: () => fetchOffers(params),
    placeholderData: keepPreviousData,
  });
  // The modal shows the listed version of its offer, so a reload after a 409 shows the real status.
  const reviewed = review
    ? (list.data?.offers.find((o) => o.id === review.offer.id) ??
      (linked.data?.id === review.offer.id ? linked.data : review.offer))
    : null;

  const openReview = (offer: Offer, intent: OfferDecision | null) => {
    setDecisionError(null);
    const initialResponse =
      intent === 'accepted' ? QUICK_ACCEPT_RESPONSE : intent === 'rejected' ? QUICK_REJECT_RESPONSE : '';
    setReview({ offer, initialResponse, intent });
  };

  const decision = useMutation({
    mutationFn: (v: { id: string; status: OfferDecision; responseMessage: string }) =>
      decideOffer(v.id, v.status, v.responseMessage),
    onSuccess: (offer) => {
      // ADMIN-OFF-35: the list is updated in place, without a reload.
      queryClient.setQueriesData<OfferListResponse>({ queryKey: [...OFFERS_KEY, 'list'] }, (old) =>
        old ? { ...old, offers: old.offers.map((o) => (o.id === offer.id ? offer : o)) } : old,
      );
      void queryClient.invalidateQueries({ queryKey: DASHBOARD_KEY });
      void queryClient.invalidateQueries({ queryKey: [...OFFERS_KEY, 'of-user'] });
      toast.success(offer.status === 'accepted' ? 'Offer accepted' : 'Offer rejected');
      closeReview();
    },
    onError: (err) => {
      if (err instanceof ApiError && err.status === 409) {
        // Someone else decided first: say so and show the current state.
        setDecisionError(`${err.serverMessage ?? 'This offer has already been decided'}. The list has been refreshed.`);
        void queryClient.invalidateQueries({ queryKey: OFFERS_KEY });
        return;
      }
      setDecisionError(OFFER_MESSAGES.updateFailed);
    },
  });

  const releasing = useMutation({
    mutationFn: (v: { id: string; reason: string }) => releaseOffer(v.id, v.reason),
    onSuccess: (offer) => {
      queryClient.setQueriesData<OfferListResponse>({ queryKey: [...OFFERS_KEY, 'list'] }, (old) =>
        old ? { ...old, offers: old.offers.map((o) => (o.id === offer.id ? offer : o)) } : old,
      );
      void queryClient.invalidateQueries({ queryKey: DASHBOARD_KEY });
      void queryClient.invalidateQueries({ queryKey: [...OFFERS_KEY, 'of-user'] });
      toast.success('Offer released. The vehicle is available again.');
      closeReview();
    },
    onError: (err) => {
      if (err instanceof ApiError && (err.status === 409 || err.status === 400)) {
        setDecisionError(err.serverMessage ?? OFFER_MESSAGES.releaseFailed);
        void queryClient.invalidateQueries({ queryKey: OFFERS_KEY });
        return;
      }
      setDecisionError(OFFER_MESSAGES.releaseFailed);
    },
  });

  return (
    <div className="space-y-6">
      <div>
        <h2 className="text-2xl font-bold text-ink-900">Vehicle Offers</h2>
        <p className="text-sm text-slate-500">Review buyers' offers and accept or reject them with a response.</p>
      </div>

      <OfferFiltersPanel applied={params} onApply={(filters: OfferFilters) => setParams({ ...filters, page: 1 })} />

      {list.isError ? <Alert>{OFFER_MESSAGES.loadFailed}</Alert> : null}
      {linked.isError ? <Alert>{OFFER_MESSAGES.linkNotFound}</Alert> : null}

      <ListPanel>
        <ListBody query={list} loadingText="Loading offers...">
          {(loaded) => (
            <>
              <OffersTable
                offers={loaded.offers}
                onUser={setUserId}
                onView={(offer) => openReview(offer, null)}
                onQuick={openReview}
              />
              {/* ADMIN-OFF-18: numbered pages only when there is more than one. */}
              {loaded.totalPages > 1 ? (
                <AdminPager
                  page={params.page}
                  totalPages={loaded.totalPages}
                  total={loaded.totalOffers}
                  limit={OFFERS_PAGE_SIZE}
                  onPage={(page) => setParams((p) => ({ ...p, page }))}
                />
              ) : null}
            </>
          )}
        </ListBody>
      </ListPanel>

      <UserDetailsModal userId={userId} onClose={() => setUserId(null)} />
      <OfferDetailsModal
        offer={reviewed}
        initialResponse={review?.initialResponse ?? ''}
        intent={review?.intent ?? null}
        busy={decision.isPending || releasing.isPending}
        error={decisionError}
        onClose={closeReview}
        onRelease={(reason) => {
          if (!reviewed) return;
          setDecisionError(null);
          releasing.mutate({ id: reviewed.id, reason });
        }}
        onDecide={(status, responseMessage) => {
          if (!reviewed) return;
          setDecisionError(null);
          decision.mutate({ id: reviewed.id, status, responseMessage });
        }}
      />
    </div>
  );
}
