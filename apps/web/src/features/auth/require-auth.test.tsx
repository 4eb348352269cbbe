import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, sampleUser } from '../../lib/test-fixtures';
import { mockApi, renderScreen, storeSession } from '../../lib/test-render';
import { originPath, RequireAuth } from './require-auth';

const path = () => screen.getByTestId('current-path').textContent;

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('route guard', () => {
  it('ROUTE-17 ROUTE-18 sends an anonymous visitor to /login', async () => {
    mockApi({});
    renderScreen(
      <RequireAuth>
        <p>Secret page</p>
      </RequireAuth>,
      { path: '/account/settings', routePath: '/account/*' },
    );
    await waitFor(() => expect(path()).toBe('/login'));
    expect(screen.queryByText('Secret page')).toBeNull();
  });

  it('ROUTE-23 shows a spinner while the session loads, then the page', async () => {
    const user = storeSession(sampleUser());
    let answer: (r: Response) => void = () => {};
    mockApi({ 'GET /api/auth/me': () => new Promise<Response>((resolve) => (answer = resolve)) });
    renderScreen(
      <RequireAuth>
        <p>Secret page</p>
      </RequireAuth>,
      { path: '/account', routePath: '/account/*' },
    );
    expect(screen.getByText('Checking your session...')).toBeTruthy();
    expect(screen.queryByText('Secret page')).toBeNull();
    answer(jsonResponse(200, { user }));
    expect(await screen.findByText('Secret page')).toBeTruthy();
    expect(path()).toBe('/account');
  });

  it('ROUTE-21 ROUTE-22 ROUTE-25 the admin area refuses a signed-in buyer (to /login) and admits an admin role', async () => {
    const buyer = storeSession(sampleUser({ role: 'User' }));
    mockApi({ 'GET /api/auth/me': () => jsonResponse(200, { user: buyer }) });
    renderScreen(
      <RequireAuth admin>
        <p>Back office</p>
      </RequireAuth>,
      { path: '/admin/dashboard', routePath: '/admin/*' },
    );
    await waitFor(() => expect(path()).toBe('/login'));
    cleanup();
    localStorage.clear();
    const admin = storeSession(sampleUser({ role: 'CallerAdmin' }));
    mockApi({ 'GET /api/auth/me': () => jsonResponse(200, { user: admin }) });
    renderScreen(
      <RequireAuth admin>
        <p>Back office</p>
      </RequireAuth>,
      { path: '/admin/dashboard', routePath: '/admin/*' },
    );
    expect(await screen.findByText('Back office')).toBeTruthy();
  });

  it('ROUTE-24 the admin-only flag sends a signed-in non-admin to /', async () => {
    const buyer = storeSession(sampleUser({ role: 'Dealer' }));
    mockApi({ 'GET /api/auth/me': () => jsonResponse(200, { user: buyer }) });
    renderScreen(
      <RequireAuth adminOnly>
        <p>Staff tools</p>
      </RequireAuth>,
      { path: '/account/staff', routePath: '/account/*' },
    );
    await waitFor(() => expect(path()).toBe('/'));
  });

  it('ROUTE-19 ROUTE-20 after login: the remembered origin, else /; never back to /login or /register', () => {
    expect(originPath({ from: { pathname: '/account/watchlist', search: '?x=1' } })).toBe('/account/watchlist?x=1');
    expect(originPath(null)).toBe('/');
    expect(originPath({ from: { pathname: '/login' } })).toBe('/');
    expect(originPath({ from: { pathname: '/admin/users' } }, false)).toBe('/');
  });
});
