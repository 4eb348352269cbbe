import { SETTINGS_CACHE_MS } from '@vm/shared/constants';
import type { PublicSettings } from '@vm/shared/settings';
import { EMPTY_SETTINGS, mergeSettings, toPublicSettings } from '@vm/shared/settings-defaults';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { publicSettingsGet } from '@vm/shared/storefront-requests';
import { apiGet } from './api-client';

/** Query key of the public settings; the admin settings page invalidates it after a save. */
export const PUBLIC_SETTINGS_KEY = ['settings', 'public'] as const;
const CLIENT_DEFAULTS: PublicSettings = toPublicSettings(EMPTY_SETTINGS);

export async function fetchPublicSettings(): Promise<PublicSettings> {
  try {
    return mergeSettings(CLIENT_DEFAULTS, await apiGet<unknown>(publicSettingsGet));
  } catch (err) {
    console.error('Failed to fetch settings', err);
    throw new Error('Failed to fetch settings');
  }
}

/** The settings' query, shared by the hook and the route loaders (app/route-prefetch.ts). */
export const publicSettingsQuery = queryOptions({
  queryKey: PUBLIC_SETTINGS_KEY,
  queryFn: fetchPublicSettings,
  staleTime: SETTINGS_CACHE_MS,
});

/** Public settings merged over client defaults, cached for 5 minutes (CHROME-24, CHROME-25). */
export function useSiteSettings(): PublicSettings {
  const { data } = useQuery(publicSettingsQuery);
  return data ?? CLIENT_DEFAULTS;
}
