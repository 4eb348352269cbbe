import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { SavedSearch } from '@vm/shared/saved-search';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, sampleUser } from '../../lib/test-fixtures';
import { type ApiCall, mockApi, renderScreen, storeSession } from '../../lib/test-render';
import { AccountPage } from './account-page';
import { SAVED_SEARCHES_MESSAGES } from './saved-searches-tab';

const user = sampleUser();
const mustangs: SavedSearch = {
  id: 's1',
  name: 'Cheap Mustangs',
  filters: { make: 'Ford', model: 'Mustang', maxPrice: 50_000, tags: ['hot'] },
  frequency: 'instant',
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
};
const auctions: SavedSearch = {
  ...mustangs,
  id: 's2',
  name: 'Auctions',
  filters: { listingType: 'auction' },
  frequency: 'daily',
};

function savedSearchesApi(extra: Record<string, (call: ApiCall) => Response> = {}) {
  return mockApi({
    'GET /api/auth/me': () => jsonResponse(200, { user }),
    'GET /api/users/u1': () => jsonResponse(200, { user }),
    'GET /api/saved-searches': () => jsonResponse(200, { savedSearches: [mustangs, auctions], max: 25 }),
    'PATCH /api/saved-searches/s1': ({ body }) => jsonResponse(200, { ...mustangs, ...(body as object) }),
    'DELETE /api/saved-searches/s1': () => jsonResponse(200, { success: true }),
    ...extra,
  });
}
const renderTab = () => renderScreen(<AccountPage />, { path: '/account/saved-searches', routePath: '/account/*' });
const item = (name: string) => screen.getByRole('heading', { name }).closest('li') as HTMLElement;

beforeEach(() => {
  localStorage.clear();
  storeSession(user);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('saved searches tab', () => {
  it('ISSUE-16-SAVED-WEB lists each search with its filters, frequency and a link that runs it', async () => {
    savedSearchesApi();
    renderTab();
    await screen.findByRole('heading', { name: 'Cheap Mustangs' });
    const first = within(item('Cheap Mustangs'));
    expect(first.getByText('Make: Ford · Model: Mustang · Price: up to $50,000 · Tags: hot')).toBeTruthy();
    expect((first.getByLabelText('Frequency of Cheap Mustangs') as HTMLSelectElement).value).toBe('instant');
    expect(first.getByRole('link', { name: 'Run search' }).getAttribute('href')).toBe(
      '/vehicles?make=Ford&model=Mustang&maxPrice=50000&tags=hot',
    );
    const second = within(item('Auctions'));
    expect(second.getByText('Listing type: auction')).toBeTruthy();
    expect((second.getByLabelText('Frequency of Auctions') as HTMLSelectElement).value).toBe('daily');
  });

  it('ISSUE-16-SAVED-WEB renames a search, checking the name as the server does', async () => {
    const { calls } = savedSearchesApi();
    renderTab();
    await screen.findByRole('heading', { name: 'Cheap Mustangs' });
    fireEvent.click(screen.getByRole('button', { name: 'Rename Cheap Mustangs' }));
    const name = screen.getByLabelText('Name') as HTMLInputElement;
    fireEvent.change(name, { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save name' }));
    expect(await screen.findByText('Name is required')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);

    fireEvent.change(name, { target: { value: 'Mustangs under 50k' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save name' }));
    expect(await screen.findByRole('heading', { name: 'Mustangs under 50k' })).toBeTruthy();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ name: 'Mustangs under 50k' });
  });

  it('ISSUE-16-SAVED-WEB changes the frequency at once', async () => {
    const { calls } = savedSearchesApi();
    renderTab();
    await screen.findByRole('heading', { name: 'Cheap Mustangs' });
    fireEvent.change(screen.getByLabelText('Frequency of Cheap Mustangs'), { target: { value: 'daily' } });
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PATCH')).toMatchObject({
        path: '/api/saved-searches/s1',
        body: { frequency: 'daily' },
      }),
    );
    await waitFor(() =>
      expect((screen.getByLabelText('Frequency of Cheap Mustangs') as HTMLSelectElement).value).toBe('daily'),
    );
  });

  it('ISSUE-16-SAVED-WEB deletes a search after a confirmation, and says so when that fails', async () => {
    let fail = true;
    const { calls } = savedSearchesApi({
      'DELETE /api/saved-searches/s1': () => (fail ? jsonResponse(500, {}) : jsonResponse(200, { success: true })),
    });
    renderTab();
    await screen.findByRole('heading', { name: 'Cheap Mustangs' });
    fireEvent.click(screen.getByRole('button', { name: 'Delete Cheap Mustangs' }));
    // Cancel keeps it.
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Delete Cheap Mustangs' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(SAVED_SEARCHES_MESSAGES.deleteFailed)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Cheap Mustangs' })).toBeTruthy();

    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Delete Cheap Mustangs' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Cheap Mustangs' })).toBeNull());
    expect(screen.getByRole('heading', { name: 'Auctions' })).toBeTruthy();
  });

  it('ISSUE-16-SAVED-WEB invites to search when there is none', async () => {
    savedSearchesApi({ 'GET /api/saved-searches': () => jsonResponse(200, { savedSearches: [], max: 25 }) });
    renderTab();
    expect(await screen.findByText(/You have no saved searches yet/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse vehicles' }).getAttribute('href')).toBe('/vehicles');
  });
});
