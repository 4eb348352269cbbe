import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { VehicleSummary } from '@vm/shared/vehicle';
import { api } from '../../../lib/api-client';
import { saveWatching, watchKey, watchlistKey } from '../../buyer/api/watch';

export function useWatchlist() {
  return useQuery({
    queryKey: watchlistKey,
    queryFn: async () => (await api<{ vehicles: VehicleSummary[] }>('/users/watchlist')).vehicles,
  });
}

/** Unwatches on the server (ACCOUNT-11), then drops the card and the detail page's cached state. */
export function useRemoveFromWatchlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vehicleId: string) => saveWatching(vehicleId, false),
    onSuccess: (state, vehicleId) => {
      queryClient.setQueryData<VehicleSummary[]>(watchlistKey, (list) => list?.filter((v) => v.id !== vehicleId));
      queryClient.setQueryData(watchKey(vehicleId), state);
    },
  });
}
