import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationPrefs, User } from '@vm/shared/user';
import { api } from '../../../lib/api-client';
import { authStorage } from '../../../lib/auth-storage';
import { useAuth } from '../../auth/auth-context';

/** Under 'me' so signing out drops it with the rest of the user's data. */
export const accountKey = (userId: string) => ['me', 'account', userId] as const;

/** The signed-in user's full record, read fresh from the server (API-40). */
export function useAccountUser(userId: string | undefined) {
  return useQuery({
    queryKey: accountKey(userId ?? ''),
    queryFn: async () => (await api<{ user: User }>(`/users/${encodeURIComponent(userId ?? '')}`)).user,
    enabled: Boolean(userId),
  });
}

export interface ProfileUpdate {
  firstName: string;
  lastName: string;
  phone: string;
  address: string;
  notificationPrefs?: NotificationPrefs;
}

/** PUT /users/:id with the profile fields; the saved user replaces the cached and stored one. */
export function useUpdateProfile(userId: string) {
  const queryClient = useQueryClient();
  const { setUser } = useAuth();
  return useMutation({
    mutationFn: async (body: ProfileUpdate) =>
      (await api<{ user: User }>(`/users/${encodeURIComponent(userId)}`, { method: 'PUT', body })).user,
    onSuccess: (user) => {
      queryClient.setQueryData(accountKey(userId), user);
      setUser(user);
    },
  });
}

/** PUT /users/:id/password; every other session ends and this browser keeps going on the new tokens. */
export function useChangePassword(userId: string) {
  return useMutation({
    mutationFn: (body: { currentPassword: string; newPassword: string }) =>
      api<{ message: string; token: string; refreshToken: string }>(`/users/${encodeURIComponent(userId)}/password`, {
        method: 'PUT',
        body,
      }),
    onSuccess: ({ token, refreshToken }) => authStorage.save({ token, refreshToken }),
  });
}

export function useDeleteAccount() {
  return useMutation({
    mutationFn: (body: { password: string }) => api<{ message: string }>('/users/me', { method: 'DELETE', body }),
  });
}
