import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, sampleSummary, sampleUser } from '../../../lib/test-fixtures';
import { mockApi, renderScreen, storeSession } from '../../../lib/test-render';
import { VehiclesPage } from './vehicles-page';

/* Issue #20 on the admin vehicle list: the price in each row (table and phone cards alike), and years explained. */

const admin = sampleUser({ id: 'a1', role: 'Admin' });
const priced = sampleSummary({ id: 'v1', title: '1972 Datsun 240Z', price: 38500 });
const onRequest = sampleSummary({ id: 'v2', title: '1967 Toyota 2000GT', price: 0 });

function setup() {
  storeSession(admin);
  const api = mockApi({
    'GET /api/auth/me': () => jsonResponse(200, { user: admin }),
    'GET /api/vehicles': () =>
      jsonResponse(200, { vehicles: [priced, onRequest], totalVehicles: 2, totalPages: 1, page: 1 }),
    'GET /api/vehicles/makes-models': () => jsonResponse(200, { makes: [{ make: 'Datsun', models: ['240Z'] }] }),
  });
  renderScreen(<VehiclesPage />, { path: '/admin/vehicles', routePath: '/admin/vehicles' });
  return api;
}

function listQueries(fetchMock: ReturnType<typeof mockApi>['fetchMock']): Record<string, string>[] {
  return fetchMock.mock.calls
    .map(([input]) => String(input))
    .filter((url) => url === '/api/vehicles' || url.startsWith('/api/vehicles?'))
    .map((url) => Object.fromEntries(new URL(url, 'http://x').searchParams));
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('VehiclesPage (issue #20)', () => {
  it('ISSUE-20 each vehicle shows its price ("Price on request" without one), and the Price column sorts', async () => {
    const { fetchMock } = setup();
    const table = within(await screen.findByRole('table', { name: 'Vehicles' }));
    const row = async (title: string) => within((await table.findByText(title)).closest('tr') as HTMLElement);
    expect((await row('1972 Datsun 240Z')).getByText('$38,500')).toBeTruthy();
    expect((await row('1967 Toyota 2000GT')).getByText('Price on request')).toBeTruthy();
    const price = table.getByRole('columnheader', { name: /Price/ });
    fireEvent.click(within(price).getByRole('button'));
    await waitFor(() => expect(listQueries(fetchMock).at(-1)).toMatchObject({ sort: 'price', order: 'asc' }));
    expect(price.getAttribute('aria-sort')).toBe('ascending');
  });

  it('ISSUE-20 a min year above the max year is explained beside Max year and not sent; fixed, it is', async () => {
    const { fetchMock } = setup();
    await screen.findByText('1972 Datsun 240Z');
    fireEvent.click(screen.getByRole('button', { name: /Filters/ }));
    fireEvent.change(screen.getByLabelText('Min year'), { target: { value: '1980' } });
    fireEvent.change(screen.getByLabelText('Max year'), { target: { value: '1970' } });
    const before = listQueries(fetchMock).length;
    fireEvent.click(screen.getByRole('button', { name: 'Apply Filters' }));
    const maxYear = screen.getByLabelText('Max year');
    await waitFor(() => expect(maxYear.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(maxYear.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Max year must not be below min year',
    );
    expect(listQueries(fetchMock)).toHaveLength(before);

    fireEvent.change(maxYear, { target: { value: '1990' } });
    expect(screen.queryByText('Max year must not be below min year')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Apply Filters' }));
    await waitFor(() => expect(listQueries(fetchMock).at(-1)).toMatchObject({ minYear: '1980', maxYear: '1990' }));
  });
});
