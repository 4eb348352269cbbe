import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SavedSearch, SavedSearchBodyInput, SavedSearchList, SavedSearchPatch } from '@vm/shared/saved-search';
import { api } from '../../../lib/api-client';

/** Under 'me' so signing out drops it with the rest of the user's data. */
export const savedSearchesKey = ['me', 'saved-searches'] as const;

/** GET /saved-searches: the signed-in user's saved searches, oldest first. */
export function useSavedSearches() {
  return useQuery({ queryKey: savedSearchesKey, queryFn: () => api<SavedSearchList>('/saved-searches') });
}

/**
 * POST /saved-searches. Saving turns the newMatches preference on (docs/product-rules.md#saved-searches),
 * so the account's cached record is read again too.
 */
export function useCreateSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SavedSearchBodyInput) => api<SavedSearch>('/saved-searches', { method: 'POST', body }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: savedSearchesKey });
      void queryClient.invalidateQueries({ queryKey: ['me', 'account'] });
    },
  });
}

/** PATCH /saved-searches/:id with the fields that change; the answer replaces the cached one. */
export function useUpdateSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: SavedSearchPatch }) =>
      api<SavedSearch>(`/saved-searches/${encodeURIComponent(id)}`, { method: 'PATCH', body: changes }),
    onSuccess: (saved) =>
      queryClient.setQueryData<SavedSearchList>(savedSearchesKey, (list) =>
        list ? { ...list, savedSearches: list.savedSearches.map((s) => (s.id === saved.id ? saved : s)) } : list,
      ),
  });
}

export function useDeleteSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api<{ success: true }>(`/saved-searches/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: (_, id) =>
      queryClient.setQueryData<SavedSearchList>(savedSearchesKey, (list) =>
        list ? { ...list, savedSearches: list.savedSearches.filter((s) => s.id !== id) } : list,
      ),
  });
}
