import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Offer, OfferBody } from '@vm/shared/offer';
import { api } from '../../../lib/api-client';

export const ownOffersKey = (vehicleId: string) => ['me', 'offers', vehicleId] as const;

export interface OfferSubmitResult {
  offer: Offer;
  isUpdate: boolean;
}

/** The signed-in buyer's own offer on a vehicle, or null; the server only ever returns the caller's. */
export function useOwnOffer(vehicleId: string, enabled: boolean) {
  return useQuery({
    queryKey: ownOffersKey(vehicleId),
    queryFn: () => api<{ offers: Offer[] }>(`/vehicles/${encodeURIComponent(vehicleId)}/offers`),
    select: (data) => data.offers[0] ?? null,
    enabled,
  });
}

export function useSubmitOffer(vehicleId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OfferBody) =>
      api<OfferSubmitResult>(`/vehicles/${encodeURIComponent(vehicleId)}/offers`, { method: 'POST', body }),
    onSuccess: ({ offer }) => {
      queryClient.setQueryData(ownOffersKey(vehicleId), { offers: [offer] });
    },
  });
}
