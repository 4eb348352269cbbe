import { DIRECT_REFERRER } from '@vm/shared/constants';
import { api } from '../../../lib/api-client';

/**
 * HOME-30..32: one page-visit call, anonymous or with the stored token (the API client adds it).
 * A failure is only logged: tracking must never disturb the visitor.
 */
export async function trackPageVisit(page: string, referrer: string): Promise<void> {
  try {
    await api('/tracking/page-visit', {
      method: 'POST',
      body: { page, referrer: referrer.trim() || DIRECT_REFERRER },
    });
  } catch (err) {
    console.error('Page visit tracking failed', err);
  }
}

export interface ViewResult {
  success: boolean;
  isNewView: boolean;
  viewCount: number;
}

export function recordVehicleView(vehicleId: string, fingerprint: string): Promise<ViewResult> {
  return api<ViewResult>(`/vehicles/${encodeURIComponent(vehicleId)}/view`, {
    method: 'POST',
    body: { fingerprint },
  });
}
