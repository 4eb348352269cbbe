import { cleanup, fireEvent, screen } from '@testing-library/react';
import { UNSUBSCRIBE_MESSAGES } from '@vm/shared/email';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../lib/test-fixtures';
import { type ApiCall, mockApi, renderScreen } from '../../lib/test-render';
import { UnsubscribePage } from './unsubscribe-page';

const TOKEN = 'u1.priceChanges.c2lnbmF0dXJl';
const INFO = { preference: 'priceChanges', label: 'price drop emails', email: 'bea@example.com' };

function setup(routes: Record<string, (call: ApiCall) => Response> = {}, path = `/unsubscribe?token=${TOKEN}`) {
  const api = mockApi({
    'GET /api/auth/me': () => jsonResponse(401, { message: 'Please log in to continue' }),
    'GET /api/unsubscribe': () => jsonResponse(200, INFO),
    'POST /api/unsubscribe': () =>
      jsonResponse(200, { ...INFO, message: 'You will no longer receive price drop emails.' }),
    ...routes,
  });
  renderScreen(<UnsubscribePage />, { path, routePath: '/unsubscribe' });
  return api;
}
const urlsOf = (fetchMock: ReturnType<typeof mockApi>['fetchMock']) =>
  fetchMock.mock.calls.map(([input, init]) => `${init?.method ?? 'GET'} ${String(input)}`);

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('UnsubscribePage', () => {
  it('EMAIL-UNSUB-PAGE-01 asks "Stop <label> to <email>?" and unsubscribes with one button, without signing in', async () => {
    const { fetchMock } = setup();
    expect(await screen.findByText(/Stop price drop emails to/)).toBeTruthy();
    expect(screen.getByText('bea@example.com')).toBeTruthy();
    expect(urlsOf(fetchMock)).toContain(`GET /api/unsubscribe?token=${encodeURIComponent(TOKEN)}`);
    expect(urlsOf(fetchMock).some((u) => u.startsWith('POST'))).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByText('You will no longer receive price drop emails.')).toBeTruthy();
    expect(urlsOf(fetchMock)).toContain(`POST /api/unsubscribe?token=${encodeURIComponent(TOKEN)}`);
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).toBeNull();
    // No sign-in involved: the page never sent a bearer token.
    for (const [, init] of fetchMock.mock.calls)
      expect((init?.headers as Record<string, string> | undefined)?.authorization).toBeUndefined();
  });

  it("EMAIL-UNSUB-PAGE-02 an invalid link shows the server's message and no button", async () => {
    setup({ 'GET /api/unsubscribe': () => jsonResponse(400, { message: UNSUBSCRIBE_MESSAGES.invalidLink }) });
    expect(await screen.findByText(UNSUBSCRIBE_MESSAGES.invalidLink)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).toBeNull();
  });

  it('EMAIL-UNSUB-PAGE-03 a link without a token says it is not valid and asks nothing', async () => {
    const { fetchMock } = setup({}, '/unsubscribe');
    expect(await screen.findByText(UNSUBSCRIBE_MESSAGES.invalidLink)).toBeTruthy();
    expect(urlsOf(fetchMock).filter((u) => u.includes('/api/unsubscribe'))).toEqual([]);
  });

  it('EMAIL-UNSUB-PAGE-04 a refused confirmation shows the server message and keeps the button', async () => {
    setup({ 'POST /api/unsubscribe': () => jsonResponse(400, { message: UNSUBSCRIBE_MESSAGES.invalidLink }) });
    fireEvent.click(await screen.findByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByText(UNSUBSCRIBE_MESSAGES.invalidLink)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Unsubscribe' })).toBeTruthy();
  });
});
