import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AuctionList, AuctionSummary, PublicAuction, PublicBid } from '@vm/shared/auction';
import { ApiError, api } from '../../../lib/api-client';
import { serverNow } from '../../../lib/server-clock';

/*
 * Timed auctions (issue #17) as the storefront reads them. Only types come from
 * @vm/shared/auction: its zod schemas stay out of the storefront's chunks.
 */

export const auctionKeys = {
  all: ['auctions'] as const,
  /** One vehicle's auction as a viewer sees it: the signed-in bidder's answer carries their own maximum. */
  vehicle: (vehicleId: string, viewer: string) => ['auctions', 'vehicle', vehicleId, viewer] as const,
  vehicleAll: (vehicleId: string) => ['auctions', 'vehicle', vehicleId] as const,
  bids: (vehicleId: string) => ['auctions', 'bids', vehicleId] as const,
  live: ['auctions', 'live'] as const,
  list: (query: AuctionListQuery) => ['auctions', 'list', query] as const,
};

export type LiveAuction = AuctionSummary & { vehicleId: string };

export interface AuctionListQuery {
  status: 'live' | 'ended';
  page: number;
  q: string;
}

const vehiclePath = (vehicleId: string) => `/vehicles/${encodeURIComponent(vehicleId)}`;

/** How often a shown auction whose start or end has passed asks again, until the server says what happened. */
export const OVERDUE_REFETCH_MS = 1000;

/** Whether the auction's state is due to change by the clock alone (a start or an end has passed). */
export function isOverdue(auction: Pick<PublicAuction, 'status' | 'startsAt' | 'endsAt'>, now = serverNow()): boolean {
  if (auction.status === 'Scheduled') return Date.parse(auction.startsAt) <= now;
  if (auction.status === 'Live') return Date.parse(auction.endsAt) <= now;
  return false;
}

/** GET /vehicles/:id/auction: the vehicle's auction, or null when it has none (404). */
export function fetchVehicleAuction(vehicleId: string): Promise<PublicAuction | null> {
  return api<PublicAuction>(`${vehiclePath(vehicleId)}/auction`).catch((err: unknown) => {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  });
}

/**
 * The vehicle's auction for this viewer ('anonymous' or the user's id), fetched only for vehicles
 * listed as auctions. While a start or an end has passed without the server saying so, it asks
 * again every second (the close event normally comes first).
 */
export function useVehicleAuction(vehicleId: string, viewer: string, enabled: boolean) {
  return useQuery({
    queryKey: auctionKeys.vehicle(vehicleId, viewer),
    queryFn: () => fetchVehicleAuction(vehicleId),
    enabled,
    refetchInterval: (query) => {
      const auction = query.state.data;
      return auction && isOverdue(auction) ? OVERDUE_REFETCH_MS : false;
    },
  });
}

/** GET /vehicles/:id/bids: the public history, newest first. */
export function useBidHistory(vehicleId: string, enabled: boolean) {
  return useQuery({
    queryKey: auctionKeys.bids(vehicleId),
    queryFn: () => api<{ bids: PublicBid[] }>(`${vehiclePath(vehicleId)}/bids`),
    select: (data) => data.bids,
    enabled,
  });
}

export interface PlacedBid {
  auction: PublicAuction;
  bid: { id: string; amount: number; at: string };
}

export function placeBid(vehicleId: string, amount: number): Promise<PlacedBid> {
  return api<PlacedBid>(`${vehiclePath(vehicleId)}/bids`, { method: 'POST', body: { amount } });
}

/**
 * Every live auction by vehicle id, for the vehicle cards: one request shared by every card on
 * the page, made only once a card of an auction vehicle asks for it.
 */
export const liveAuctionsQuery = queryOptions({
  queryKey: auctionKeys.live,
  queryFn: async () => {
    const { auctions } = await api<{ auctions: LiveAuction[] }>('/auctions/live');
    return new Map(auctions.map((a) => [a.vehicleId, a]));
  },
  staleTime: 30_000,
  refetchInterval: 60_000,
});

/** A card's live auction, if its vehicle is listed as one and has a live auction. */
export function useCardAuction(vehicle: { id: string; listingType: string }): LiveAuction | undefined {
  const live = useQuery({
    ...liveAuctionsQuery,
    enabled: vehicle.listingType === 'auction',
    select: (byVehicle) => byVehicle.get(vehicle.id),
  });
  return live.data;
}

/** The page's state from its URL: ?status=ended for the results, ?page=, and ?q= (results only). */
export function readAuctionsUrl(params: URLSearchParams): AuctionListQuery {
  const status = params.get('status') === 'ended' ? 'ended' : 'live';
  const page = Number(params.get('page'));
  return {
    status,
    page: Number.isInteger(page) && page > 1 ? page : 1,
    q: status === 'ended' ? (params.get('q') ?? '').trim() : '',
  };
}

/** GET /auctions?status=&page=&q=: the /auctions page. */
export const auctionListQuery = (query: AuctionListQuery) =>
  queryOptions({
    queryKey: auctionKeys.list(query),
    queryFn: () =>
      api<AuctionList>('/auctions', {
        query: { status: query.status, page: query.page > 1 ? query.page : undefined, q: query.q || undefined },
      }),
  });

export function useAuctionList(query: AuctionListQuery) {
  // Live prices move: the live tab reads them again every half minute while it is open.
  return useQuery({
    ...auctionListQuery(query),
    placeholderData: keepPreviousData,
    refetchInterval: query.status === 'live' ? 30_000 : false,
  });
}
