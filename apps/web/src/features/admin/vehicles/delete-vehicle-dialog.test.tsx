import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, sampleSummary } from '../../../lib/test-fixtures';
import { mockApi } from '../../../lib/test-render';
import { DeleteVehicleDialog, deleteVehicleMessage } from './delete-vehicle-dialog';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('DeleteVehicleDialog (issue #20)', () => {
  it('ISSUE-20-DELETE names the open and accepted offers that deleting the vehicle ends', () => {
    const base = 'Are you sure you want to delete 1971 Skyline? This action cannot be undone.';
    expect(deleteVehicleMessage('1971 Skyline', undefined)).toBe(base);
    expect(deleteVehicleMessage('1971 Skyline', { openOffers: 0, acceptedOffers: 0 })).toBe(base);
    expect(deleteVehicleMessage('1971 Skyline', { openOffers: 2, acceptedOffers: 1 })).toBe(
      `${base} It has 2 open offers and 1 accepted offer: they will be kept in the offers history as expired, and their buyers will be emailed.`,
    );
    expect(deleteVehicleMessage('1971 Skyline', { openOffers: 1, acceptedOffers: 0 })).toBe(
      `${base} It has 1 open offer: it will be kept in the offers history as expired, and its buyer will be emailed.`,
    );
  });

  it('ISSUE-20-DELETE asks the server for the counts when it opens and shows them', async () => {
    const { calls } = mockApi({
      'GET /api/vehicles/v1/offer-counts': () => jsonResponse(200, { openOffers: 3, acceptedOffers: 1 }),
    });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <DeleteVehicleDialog
          vehicle={sampleSummary({ id: 'v1', title: '1971 Skyline' })}
          busy={false}
          onConfirm={() => {}}
          onCancel={() => {}}
        />
      </QueryClientProvider>,
    );
    expect(await screen.findByText(/It has 3 open offers and 1 accepted offer/)).toBeTruthy();
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /api/vehicles/v1/offer-counts']);
  });
});
