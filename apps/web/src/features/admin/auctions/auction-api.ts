import type { AdminAuction, EditAuctionBody, ScheduleAuctionBody } from '@vm/shared/auction';
import { api } from '../../../lib/api-client';

/** Query keys of the back office's auction screens. */
export const adminAuctionKeys = {
  all: ['admin', 'auctions'] as const,
  detail: (id: string) => ['admin', 'auctions', 'detail', id] as const,
  /** The auction of a vehicle (its public answer: id and state), null when it has none. */
  ofVehicle: (vehicleId: string) => ['admin', 'auctions', 'vehicle', vehicleId] as const,
};

const auctionPath = (id: string) => `/admin/auctions/${encodeURIComponent(id)}`;

export const fetchAdminAuction = (id: string) => api<AdminAuction>(auctionPath(id));

export const scheduleAuction = (body: ScheduleAuctionBody) =>
  api<AdminAuction>('/admin/auctions', { method: 'POST', body });

export const editAuction = (id: string, body: EditAuctionBody) =>
  api<AdminAuction>(auctionPath(id), { method: 'PATCH', body });

export const cancelAuction = (id: string, reason: string) =>
  api<AdminAuction>(`${auctionPath(id)}/cancel`, { method: 'POST', body: { reason } });

export const sellAuction = (id: string) => api<AdminAuction>(`${auctionPath(id)}/sell`, { method: 'POST' });

export const voidBid = (bidId: string, reason: string) =>
  api<AdminAuction>(`/admin/bids/${encodeURIComponent(bidId)}/void`, { method: 'POST', body: { reason } });
