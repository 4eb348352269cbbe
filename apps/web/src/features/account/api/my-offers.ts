import { useQuery } from '@tanstack/react-query';
import type { myOffersResponseSchema } from '@vm/shared/offer';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';

export type MyOffersPage = z.infer<typeof myOffersResponseSchema>;

export const myOffersKey = (page: number) => ['my-offers', page] as const;

/** GET /users/me/offers: the buyer's own offers on every vehicle, most recently changed first. */
export function useMyOffers(page: number) {
  return useQuery({
    queryKey: myOffersKey(page),
    queryFn: () => api<MyOffersPage>(`/users/me/offers?page=${page}&limit=10`),
  });
}
