import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider, useAuth } from '../features/auth/auth-context';
import { authStorage } from './auth-storage';
import { fakeJwt, inSeconds, jsonResponse, sampleUser } from './test-fixtures';

const fetchMock = vi.fn<typeof fetch>();
const user = sampleUser();

let logout: () => Promise<void> = async () => {};
function Probe() {
  const auth = useAuth();
  logout = auth.logout;
  return <p data-testid="session">{`${auth.status}:${auth.user?.firstName ?? '-'}`}</p>;
}
function renderSession() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <AuthProvider>
        <Probe />
      </AuthProvider>
    </QueryClientProvider>,
  );
}
const session = () => screen.getByTestId('session').textContent;
const calledUrls = () => fetchMock.mock.calls.map(([url]) => String(url));

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  localStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('session lifecycle', () => {
  it('AUTH-08 AUTH-17 starts signed out without a stored token and calls nothing', () => {
    renderSession();
    expect(session()).toBe('anonymous:-');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('AUTH-09 loads the current user on start when a token is stored', async () => {
    authStorage.save({ token: fakeJwt({ userId: 'u1', exp: inSeconds(600) }), refreshToken: 'r1' });
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { user }));
    renderSession();
    expect(session()).toBe('loading:-');
    await waitFor(() => expect(session()).toBe('authenticated:Bea'));
    expect(calledUrls()).toEqual(['/api/auth/me']);
    expect(authStorage.user()).toMatchObject({ id: 'u1' });
  });

  it('AUTH-10 refreshes and retries the user load when it fails with 401 and a refresh token is stored', async () => {
    authStorage.save({ token: fakeJwt({ userId: 'u1', exp: inSeconds(-10) }), refreshToken: 'r1' });
    fetchMock
      .mockResolvedValueOnce(jsonResponse(401, { message: 'expired' }))
      .mockResolvedValueOnce(jsonResponse(200, { token: 'fresh', refreshToken: 'r2' }))
      .mockResolvedValueOnce(jsonResponse(200, { user }));
    renderSession();
    await waitFor(() => expect(session()).toBe('authenticated:Bea'));
    expect(calledUrls()).toEqual(['/api/auth/me', '/api/auth/refresh', '/api/auth/me']);
    expect(authStorage.token()).toBe('fresh');
  });

  it('AUTH-11 logs out when the user load cannot be recovered by a refresh', async () => {
    authStorage.save({ token: fakeJwt({ userId: 'u1', exp: inSeconds(600) }), refreshToken: 'r1' });
    fetchMock
      .mockResolvedValueOnce(jsonResponse(401, { message: 'expired' }))
      .mockResolvedValueOnce(jsonResponse(401, { message: 'refresh refused' }));
    renderSession();
    await waitFor(() => expect(session()).toBe('anonymous:-'));
    expect(authStorage.token()).toBeNull();
    expect(authStorage.refreshToken()).toBeNull();
  });

  it('AUTH-15 AUTH-16 logout sends the refresh token and clears everything even when the call fails', async () => {
    authStorage.save({ token: fakeJwt({ userId: 'u1', exp: inSeconds(600) }), refreshToken: 'r-logout' }, user);
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { user }));
    renderSession();
    await waitFor(() => expect(session()).toBe('authenticated:Bea'));
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await act(() => logout());
    const [url, init] = fetchMock.mock.calls[1] ?? [];
    expect(String(url)).toBe('/api/auth/logout');
    expect(JSON.parse(String(init?.body))).toEqual({ refreshToken: 'r-logout' });
    expect(session()).toBe('anonymous:-');
    expect([authStorage.token(), authStorage.refreshToken(), authStorage.user()]).toEqual([null, null, null]);
  });
});
