import { SETTINGS_CACHE_MS } from '@vm/shared/constants';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchPublicSettings, PUBLIC_SETTINGS_KEY, useSiteSettings } from './site-settings';
import { jsonResponse } from './test-fixtures';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function CompanyName() {
  return <p data-testid="name">{useSiteSettings().company.name || '(none)'}</p>;
}

describe('public settings on the client', () => {
  it('ENTITY-46 CHROME-24 merges the answer over client-held defaults', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { company: { name: 'Acme Motors', city: null }, seo: 'broken' }));
    const settings = await fetchPublicSettings();
    expect(settings.company.name).toBe('Acme Motors');
    expect(settings.company.city).toBe('');
    expect(settings.seo.metaTitle).toBe('');
    expect(settings.contact.businessHours.saturday).toEqual({ open: '10:00', close: '16:00' });
  });

  it('ERR-28 API-46 a failed fetch reports "Failed to fetch settings" and is only logged', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(500, { message: 'boom' }));
    await expect(fetchPublicSettings()).rejects.toThrow('Failed to fetch settings');
    expect(console.error).toHaveBeenCalled();
  });

  it('CHROME-25 CHROME-26 CONST-01 keeps them for 5 minutes and fetches again when invalidated after a save', async () => {
    fetchMock
      .mockResolvedValueOnce(jsonResponse(200, { company: { name: 'Before' } }))
      .mockResolvedValueOnce(jsonResponse(200, { company: { name: 'After' } }));
    const client = new QueryClient();
    render(
      <QueryClientProvider client={client}>
        <CompanyName />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(screen.getByTestId('name').textContent).toBe('Before'));
    const cached = client.getQueryCache().find({ queryKey: PUBLIC_SETTINGS_KEY });
    expect(cached?.isStaleByTime(SETTINGS_CACHE_MS - 1000)).toBe(false);
    expect(cached?.observers[0]?.options.staleTime).toBe(SETTINGS_CACHE_MS);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await client.invalidateQueries({ queryKey: PUBLIC_SETTINGS_KEY });
    await waitFor(() => expect(screen.getByTestId('name').textContent).toBe('After'));
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
