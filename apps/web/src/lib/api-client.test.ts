import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, errorMessage, onSessionEnded } from './api-client';
import { authStorage } from './auth-storage';
import { jsonResponse, sampleUser } from './test-fixtures';

/** fetch is the network boundary: each test scripts the server's answers in order. */
const fetchMock = vi.fn<typeof fetch>();

function authHeader(call: number): string | undefined {
  const init = fetchMock.mock.calls[call]?.[1];
  return (init?.headers as Record<string, string> | undefined)?.authorization;
}
const urlOf = (call: number) => String(fetchMock.mock.calls[call]?.[0]);

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  localStorage.clear();
});
afterEach(() => vi.unstubAllGlobals());

describe('api client', () => {
  it('API-01 API-02 ROLE-18 sends every call under /api with the stored bearer token and the JSON body', async () => {
    authStorage.save({ token: 'access-1', refreshToken: 'refresh-1' });
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { ok: true }));
    await expect(api('/things', { method: 'POST', body: { a: 1 } })).resolves.toEqual({ ok: true });
    expect(urlOf(0)).toBe('/api/things');
    expect(authHeader(0)).toBe('Bearer access-1');
    expect(fetchMock.mock.calls[0]?.[1]?.body).toBe('{"a":1}');
  });

  it('API-02 sends no Authorization header when no token is stored', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { ok: true }));
    await api('/settings/public');
    expect(urlOf(0)).toBe('/api/settings/public');
    expect(authHeader(0)).toBeUndefined();
  });

  it('AUTH-12 AUTH-13 retries a 401 once after a refresh, storing and using the new tokens', async () => {
    authStorage.save({ token: 'old-access', refreshToken: 'old-refresh' });
    fetchMock
      .mockResolvedValueOnce(jsonResponse(401, { message: 'expired' }))
      .mockResolvedValueOnce(jsonResponse(200, { token: 'new-access', refreshToken: 'new-refresh' }))
      .mockResolvedValueOnce(jsonResponse(200, { user: { id: 'u1' } }));

    await expect(api('/auth/me')).resolves.toEqual({ user: { id: 'u1' } });
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(urlOf(1)).toBe('/api/auth/refresh');
    expect(JSON.parse(String(fetchMock.mock.calls[1]?.[1]?.body))).toEqual({ refreshToken: 'old-refresh' });
    expect(authHeader(2)).toBe('Bearer new-access');
    expect(authStorage.token()).toBe('new-access');
    expect(authStorage.refreshToken()).toBe('new-refresh');
  });

  it('AUTH-12 retries only once: a second 401 is the answer', async () => {
    authStorage.save({ token: 'a', refreshToken: 'r' });
    fetchMock
      .mockResolvedValueOnce(jsonResponse(401, { message: 'no' }))
      .mockResolvedValueOnce(jsonResponse(200, { token: 'b', refreshToken: 'r2' }))
      .mockResolvedValueOnce(jsonResponse(401, { message: 'still no' }));
    const err = await api('/users/watchlist').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(401);
    expect((err as ApiError).serverMessage).toBe('still no');
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('AUTH-14 clears both tokens and ends the session when the refresh fails', async () => {
    authStorage.save({ token: 'a', refreshToken: 'r' }, sampleUser());
    const ended = vi.fn();
    const stop = onSessionEnded(ended);
    fetchMock
      .mockResolvedValueOnce(jsonResponse(401, { message: 'expired' }))
      .mockResolvedValueOnce(jsonResponse(401, { message: 'refresh refused' }));
    const err = await api('/auth/me').catch((e: unknown) => e);
    stop();
    expect((err as ApiError).status).toBe(401);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(authStorage.token()).toBeNull();
    expect(authStorage.refreshToken()).toBeNull();
    expect(ended).toHaveBeenCalledTimes(1);
  });

  it('AUTH-14 a network failure during the refresh also clears the tokens', async () => {
    authStorage.save({ token: 'a', refreshToken: 'r' });
    fetchMock
      .mockResolvedValueOnce(jsonResponse(401, { message: 'expired' }))
      .mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(api('/auth/me')).rejects.toBeInstanceOf(ApiError);
    expect(authStorage.token()).toBeNull();
    expect(authStorage.refreshToken()).toBeNull();
  });

  it('AUTH-12 concurrent 401s share a single refresh', async () => {
    authStorage.save({ token: 'a', refreshToken: 'r' });
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url === '/api/auth/refresh') return jsonResponse(200, { token: 'b', refreshToken: 'r2' });
      const auth = (init?.headers as Record<string, string> | undefined)?.authorization;
      return auth === 'Bearer b' ? jsonResponse(200, { url }) : jsonResponse(401, { message: 'expired' });
    });
    const results = await Promise.all([api('/one'), api('/two'), api('/three')]);
    expect(results).toEqual([{ url: '/api/one' }, { url: '/api/two' }, { url: '/api/three' }]);
    expect(fetchMock.mock.calls.filter(([u]) => String(u) === '/api/auth/refresh')).toHaveLength(1);
  });

  it('does not refresh without a refresh token, nor for calls marked noRetry', async () => {
    fetchMock.mockResolvedValue(jsonResponse(401, { message: 'Invalid email or password' }));
    await expect(api('/auth/me')).rejects.toBeInstanceOf(ApiError);
    authStorage.save({ token: 'a', refreshToken: 'r' });
    await expect(api('/auth/login', { method: 'POST', body: {}, noRetry: true })).rejects.toBeInstanceOf(ApiError);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(authStorage.refreshToken()).toBe('r');
  });

  it('errorMessage prefers the server message and falls back to the screen text', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(409, { message: 'This vehicle is no longer accepting offers' }));
    const err = await api('/vehicles/x/offers', { method: 'POST', body: { amount: 5 } }).catch((e: unknown) => e);
    expect(errorMessage(err, 'fallback')).toBe('This vehicle is no longer accepting offers');
    fetchMock.mockResolvedValueOnce(new Response('<html>bad gateway</html>', { status: 502 }));
    const noBody = await api('/x').catch((e: unknown) => e);
    expect((noBody as ApiError).status).toBe(502);
    expect(errorMessage(noBody, 'Error submitting offer. Please try again.')).toBe(
      'Error submitting offer. Please try again.',
    );
    expect(errorMessage(new Error('boom'), 'fallback')).toBe('fallback');
  });
});
