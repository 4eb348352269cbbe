import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { SAVED_SEARCH_MESSAGES } from '@vm/shared/saved-search';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, sampleUser } from '../../../lib/test-fixtures';
import { type ApiCall, mockApi, renderScreen, storeSession } from '../../../lib/test-render';
import { SearchPage } from './search-page';

const user = sampleUser();
function searchApi(
  save: (call: ApiCall) => Response = ({ body }) => jsonResponse(201, { id: 's1', ...(body as object) }),
) {
  return mockApi({
    'GET /api/auth/me': () => jsonResponse(200, { user }),
    'GET /api/settings/public': () => jsonResponse(200, {}),
    'GET /api/vehicles/search': () => jsonResponse(200, { vehicles: [], total: 0, pages: 0, page: 1 }),
    'GET /api/vehicles/makes': () => jsonResponse(200, { makes: ['Ford'] }),
    'GET /api/vehicles/models': () => jsonResponse(200, { models: ['Mustang'] }),
    'POST /api/saved-searches': save,
  });
}
const renderSearch = (path: string) => renderScreen(<SearchPage />, { path, routePath: '/vehicles' });
const dialog = async () => within(await screen.findByRole('dialog', { name: 'Save search' }));

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Save search on the search page', () => {
  it('ISSUE-16-SAVED-WEB an anonymous visitor is asked to log in first', async () => {
    searchApi();
    renderSearch('/vehicles?make=Ford');
    const login = await screen.findByRole('link', { name: 'Log in to save this search' });
    expect(screen.queryByRole('button', { name: 'Save search' })).toBeNull();
    fireEvent.click(login);
    await waitFor(() => expect(screen.getByTestId('current-path').textContent).toBe('/login'));
  });

  it('ISSUE-16-SAVED-WEB saves the filters with a suggested name and the chosen frequency, then says so', async () => {
    storeSession(user);
    const { calls } = searchApi();
    renderSearch('/vehicles?make=Ford&model=Mustang&minPrice=1000&tags=hot&sort=price_asc&page=2');
    fireEvent.click(await screen.findByRole('button', { name: 'Save search' }));
    const d = await dialog();
    const name = d.getByLabelText('Name') as HTMLInputElement;
    expect(name.value).toBe('Ford Mustang, from $1,000, hot');
    expect((d.getByLabelText('Frequency') as HTMLSelectElement).value).toBe('instant');
    expect([...(d.getByLabelText('Frequency') as HTMLSelectElement).options].map((o) => o.text)).toEqual([
      'Instant',
      'Daily digest',
    ]);
    fireEvent.change(name, { target: { value: 'My Mustangs' } });
    fireEvent.change(d.getByLabelText('Frequency'), { target: { value: 'daily' } });
    fireEvent.click(d.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(SAVED_SEARCH_MESSAGES.saved)).toBeTruthy();
    // Page and sort are not part of a saved search.
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'My Mustangs',
      filters: { make: 'Ford', model: 'Mustang', minPrice: 1000, tags: ['hot'] },
      frequency: 'daily',
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Save search' })).toBeNull());
  });

  it('ISSUE-16-SAVED-WEB checks the name as the server does, and shows the server refusal', async () => {
    storeSession(user);
    const { calls } = searchApi(() => jsonResponse(400, { message: SAVED_SEARCH_MESSAGES.tooMany }));
    renderSearch('/vehicles');
    fireEvent.click(await screen.findByRole('button', { name: 'Save search' }));
    const d = await dialog();
    expect((d.getByLabelText('Name') as HTMLInputElement).value).toBe('All vehicles');
    fireEvent.change(d.getByLabelText('Name'), { target: { value: '  ' } });
    fireEvent.click(d.getByRole('button', { name: 'Save' }));
    expect(await d.findByText(SAVED_SEARCH_MESSAGES.nameRequired)).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(d.getByLabelText('Name'), { target: { value: 'Everything' } });
    fireEvent.click(d.getByRole('button', { name: 'Save' }));
    expect(await d.findByText(SAVED_SEARCH_MESSAGES.tooMany)).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'Everything',
      filters: {},
      frequency: 'instant',
    });
  });

  it('ISSUE-16-SAVED-WEB a search of auction listings saves its listing type with the filters', async () => {
    storeSession(user);
    const { calls } = searchApi();
    renderSearch('/vehicles?make=Ford&listingType=auction');
    fireEvent.click(await screen.findByRole('button', { name: 'Save search' }));
    const d = await dialog();
    fireEvent.click(d.getByRole('button', { name: 'Save' }));
    await screen.findByText(SAVED_SEARCH_MESSAGES.saved);
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      name: 'Ford, auctions',
      filters: { make: 'Ford', listingType: 'auction' },
    });
  });
});
