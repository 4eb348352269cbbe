import { BOOT_DATA_ELEMENT_ID, searchGet } from '@vm/shared/storefront-requests';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from './test-fixtures';

/*
 * A landing page's HTML carries the answers to its first public calls (the server writes them,
 * apps/api/src/features/storefront-pages). The API client uses each once, then goes to the network.
 * The module reads the block once per page load, so each test loads it fresh.
 */
const fetchMock = vi.fn<typeof fetch>();

function writeBootData(text: string) {
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = BOOT_DATA_ELEMENT_ID;
  block.textContent = text;
  document.body.appendChild(block);
}

async function freshApiClient() {
  vi.resetModules();
  return import('./api-client');
}

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  localStorage.clear();
});
afterEach(() => {
  document.getElementById(BOOT_DATA_ELEMENT_ID)?.remove();
  vi.unstubAllGlobals();
});

describe('answers carried by the page', () => {
  it('answers a GET from the page once, then asks the server', async () => {
    const search = searchGet({ make: 'Ford', page: 1, limit: 9 });
    writeBootData(JSON.stringify({ '/vehicles/search?make=Ford&page=1&limit=9': { vehicles: [], total: 0 } }));
    const { apiGet } = await freshApiClient();
    await expect(apiGet(search)).resolves.toEqual({ vehicles: [], total: 0 });
    expect(fetchMock).not.toHaveBeenCalled();

    fetchMock.mockResolvedValueOnce(jsonResponse(200, { vehicles: [], total: 3 }));
    await expect(apiGet(search)).resolves.toEqual({ vehicles: [], total: 3 });
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/vehicles/search?make=Ford&page=1&limit=9');
  });

  it('never answers other URLs or writes from the page', async () => {
    writeBootData(JSON.stringify({ '/settings/public': { siteName: 'From the page' } }));
    const { api } = await freshApiClient();
    fetchMock.mockImplementation(async () => jsonResponse(200, { ok: true }));
    await expect(api('/settings/public', { query: { draft: 1 } })).resolves.toEqual({ ok: true });
    await expect(api('/settings/public', { method: 'POST', body: {} })).resolves.toEqual({ ok: true });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await expect(api('/settings/public')).resolves.toEqual({ siteName: 'From the page' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('a damaged block costs only the head start: the call goes to the server', async () => {
    writeBootData('{"/settings/public": {');
    const { api } = await freshApiClient();
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { siteName: 'From the server' }));
    await expect(api('/settings/public')).resolves.toEqual({ siteName: 'From the server' });
  });
});
