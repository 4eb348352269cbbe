import type { SortOrder } from '@vm/shared/common';
import type { USER_ROLE_FILTERS, USER_SORT_FIELDS, USER_STATUS_FILTERS } from '@vm/shared/constants';
import type { Offer } from '@vm/shared/offer';
import type { CreateUserBody, User } from '@vm/shared/user';
import type { VehicleSummary } from '@vm/shared/vehicle';
import { api } from '../../../lib/api-client';

export interface UserListParams {
  search: string;
  role: (typeof USER_ROLE_FILTERS)[number];
  status: (typeof USER_STATUS_FILTERS)[number];
  sortBy: (typeof USER_SORT_FIELDS)[number];
  sortOrder: SortOrder;
  page: number;
  limit: number;
}

export interface UserListResponse {
  users: User[];
  totalUsers: number;
  totalPages: number;
  page: number;
}

/**
 * The fields an admin edits; the form's status is already mapped to isActive. Role and status
 * are left out on one's own account, which nobody changes (docs/decisions/122-people-rules.md).
 */
export interface AdminUserUpdate {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  role?: string;
  isActive?: boolean;
}

export const USERS_KEY = ['admin', 'users'] as const;
export const userKey = (id: string) => [...USERS_KEY, 'one', id] as const;
export const userWatchlistKey = (id: string) => [...USERS_KEY, 'watchlist', id] as const;
export const userOffersKey = (id: string) => ['admin', 'offers', 'of-user', id] as const;

/** ADMIN-USR-09: a role or status of All is left out of the request. */
export function fetchUsers(params: UserListParams): Promise<UserListResponse> {
  return api<UserListResponse>('/users', {
    query: {
      search: params.search.trim(),
      role: params.role === 'All' ? undefined : params.role,
      status: params.status === 'All' ? undefined : params.status,
      sortBy: params.sortBy,
      sortOrder: params.sortOrder,
      page: params.page,
      limit: params.limit,
    },
  });
}

export async function fetchUser(id: string): Promise<User> {
  return (await api<{ user: User }>(`/users/${encodeURIComponent(id)}`)).user;
}

export async function createUser(body: CreateUserBody): Promise<User> {
  return (await api<{ user: User }>('/users', { method: 'POST', body })).user;
}

export async function updateUser(id: string, body: AdminUserUpdate): Promise<User> {
  return (await api<{ user: User }>(`/users/${encodeURIComponent(id)}`, { method: 'PUT', body })).user;
}

/** Staff send the forgotten-password email to a user; the answer's message names the address. */
export async function sendPasswordResetLink(id: string): Promise<{ message: string }> {
  return api<{ message: string }>(`/users/${encodeURIComponent(id)}/password-reset`, { method: 'POST' });
}

export async function deleteUser(id: string): Promise<void> {
  await api(`/users/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export async function fetchUserWatchlist(id: string): Promise<VehicleSummary[]> {
  return (await api<{ vehicles: VehicleSummary[] }>(`/users/${encodeURIComponent(id)}/watchlist`)).vehicles;
}

/** A user's offers, newest first (up to 100: a profile page, not a report). */
export async function fetchUserOffers(id: string): Promise<{ offers: Offer[]; totalOffers: number }> {
  return api<{ offers: Offer[]; totalOffers: number }>('/admin/offers', { query: { userId: id, limit: 100 } });
}
