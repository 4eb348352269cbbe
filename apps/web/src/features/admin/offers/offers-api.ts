import type { SortOrder } from '@vm/shared/common';
import type { OFFER_SORT_FIELDS, OfferDecision, OfferStatus } from '@vm/shared/constants';
import type { Offer } from '@vm/shared/offer';
import { api } from '../../../lib/api-client';

export interface OfferListParams {
  status: OfferStatus | '';
  /** Dollars as typed; empty means no bound. */
  minAmount: string;
  maxAmount: string;
  sortBy: (typeof OFFER_SORT_FIELDS)[number];
  sortOrder: SortOrder;
  page: number;
}

export interface OfferListResponse {
  offers: Offer[];
  totalOffers: number;
  totalPages: number;
  page: number;
}

export const OFFERS_KEY = ['admin', 'offers'] as const;
export const offerListKey = (params: OfferListParams) => [...OFFERS_KEY, 'list', params] as const;

export const OFFER_MESSAGES = {
  loadFailed: 'Failed to load offers. Please try again.',
  updateFailed: 'Failed to update offer status. Please try again.',
  releaseFailed: 'Failed to release the offer. Please try again.',
  empty: 'No offers found matching your criteria.',
  linkNotFound: 'The offer in this link was not found. It may have been removed.',
} as const;

/** Empty filters stay out of the query (the API client drops empty values). */
export function fetchOffers(params: OfferListParams): Promise<OfferListResponse> {
  return api<OfferListResponse>('/admin/offers', {
    query: {
      status: params.status,
      minAmount: params.minAmount,
      maxAmount: params.maxAmount,
      sortBy: params.sortBy,
      sortOrder: params.sortOrder,
      page: params.page,
    },
  });
}

/** One offer, as a staff notice links to it (/admin/offers?offer=<id>). */
export async function fetchOffer(id: string): Promise<Offer> {
  return (await api<{ offer: Offer }>(`/admin/offers/${encodeURIComponent(id)}`)).offer;
}

export async function decideOffer(id: string, status: OfferDecision, responseMessage: string): Promise<Offer> {
  const body = { status, responseMessage };
  return (await api<{ offer: Offer }>(`/admin/offers/${encodeURIComponent(id)}/status`, { method: 'PUT', body })).offer;
}

/** Releases an accepted offer whose deal fell through: it expires and the vehicle is for sale again. */
export async function releaseOffer(id: string, reason: string): Promise<Offer> {
  const body = { reason };
  return (await api<{ offer: Offer }>(`/admin/offers/${encodeURIComponent(id)}/release`, { method: 'POST', body }))
    .offer;
}
