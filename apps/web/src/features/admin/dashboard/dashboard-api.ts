import type { ActivityResponse } from '@vm/shared/dashboard';
import { api } from '../../../lib/api-client';

export interface DashboardCounts {
  totalUsers: number;
  totalContacts: number;
  totalOffers: number;
  totalVehicles: number;
}

export const DASHBOARD_KEY = ['admin', 'dashboard'] as const;

/** A count source that fails counts as 0 and the rest still loads (ADMIN-DASH-05). */
async function countOrZero(load: () => Promise<number | undefined>, source: string): Promise<number> {
  try {
    const n = await load();
    return typeof n === 'number' && Number.isFinite(n) ? n : 0;
  } catch (err) {
    console.error(`Dashboard: failed to load ${source}`, err);
    return 0;
  }
}

export async function fetchDashboardCounts(): Promise<DashboardCounts> {
  const [totalUsers, totalContacts, totalOffers, totalVehicles] = await Promise.all([
    countOrZero(
      async () => (await api<{ totalUsers?: number }>('/users', { query: { limit: 1 } })).totalUsers,
      'users',
    ),
    countOrZero(async () => (await api<{ totalContacts?: number }>('/contact/admin/stats')).totalContacts, 'contacts'),
    countOrZero(
      async () => (await api<{ totalOffers?: number }>('/admin/offers', { query: { limit: 1 } })).totalOffers,
      'offers',
    ),
    countOrZero(
      async () => (await api<{ totalVehicles?: number }>('/vehicles', { query: { limit: 1 } })).totalVehicles,
      'vehicles',
    ),
  ]);
  return { totalUsers, totalContacts, totalOffers, totalVehicles };
}

export function fetchRecentActivity(limit = 10): Promise<ActivityResponse> {
  return api<ActivityResponse>('/admin/activity', { query: { limit } });
}
