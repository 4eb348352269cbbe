import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface WatchState {
  isWatching: boolean;
  watchCount: number;
}

/** Under 'me' so signing out drops it with the rest of the user's data. */
export const watchKey = (vehicleId: string) => ['me', 'watch', vehicleId] as const;
export const watchlistKey = ['me', 'watchlist'] as const;

export function fetchWatchState(vehicleId: string): Promise<WatchState> {
  return api<WatchState>(`/vehicles/${encodeURIComponent(vehicleId)}/watch`);
}

export function saveWatching(vehicleId: string, watching: boolean): Promise<WatchState> {
  return api<WatchState>(`/vehicles/${encodeURIComponent(vehicleId)}/watch`, {
    method: 'POST',
    body: { watching },
  });
}

export function useWatchState(vehicleId: string, enabled: boolean) {
  return useQuery({ queryKey: watchKey(vehicleId), queryFn: () => fetchWatchState(vehicleId), enabled });
}

/** Saves a watch or unwatch; the detail page's state and the watchlist both follow. */
export function useSetWatching() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ vehicleId, watching }: { vehicleId: string; watching: boolean }) =>
      saveWatching(vehicleId, watching),
    onSuccess: (state, { vehicleId }) => {
      queryClient.setQueryData(watchKey(vehicleId), state);
      void queryClient.invalidateQueries({ queryKey: watchlistKey });
    },
  });
}
