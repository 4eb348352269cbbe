import { useQuery } from '@tanstack/react-query';
import type { MyBids } from '@vm/shared/auction';
import { api } from '../../../lib/api-client';

/** Under 'me', so it is dropped when the session ends. */
export const myBidsKey = ['me', 'bids'] as const;

/** GET /users/me/bids: one row per auction the buyer bid on, with their maximum and standing. */
export function useMyBids() {
  return useQuery({ queryKey: myBidsKey, queryFn: () => api<MyBids>('/users/me/bids') });
}
