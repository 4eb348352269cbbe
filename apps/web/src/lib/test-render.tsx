import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { User } from '@vm/shared/user';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { ToastContainer } from 'react-toastify';
import { vi } from 'vitest';
import { AuthProvider } from '../features/auth/auth-context';
import { authStorage } from './auth-storage';
import { fakeJwt, inSeconds, jsonResponse, sampleUser } from './test-fixtures';

export interface ApiCall {
  method: string;
  path: string;
  body: unknown;
}
type Handler = (call: ApiCall) => Response | Promise<Response>;

/**
 * Stubs global fetch (the network boundary) with answers per "METHOD /api/path"; unknown calls
 * answer 404 so a test notices a request it did not expect.
 */
export function mockApi(routes: Record<string, Handler>) {
  const calls: ApiCall[] = [];
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const path = String(input).split('?')[0] ?? '';
    const method = init?.method ?? 'GET';
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const call = { method, path, body };
    calls.push(call);
    const handler = routes[`${method} ${path}`];
    return handler ? handler(call) : jsonResponse(404, { message: `No mock for ${method} ${path}` });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

/** Stores a session as a login would; pair it with a "GET /api/auth/me" mock. */
export function storeSession(user: User = sampleUser()): User {
  authStorage.save(
    { token: fakeJwt({ userId: user.id, role: user.role, exp: inSeconds(900) }), refreshToken: 'r1' },
    user,
  );
  return user;
}

function CurrentPath() {
  const location = useLocation();
  return <output data-testid="current-path">{location.pathname}</output>;
}

/** Renders a screen inside the app's providers at a URL, with stand-in /login and / pages and toasts. */
export function renderScreen(ui: ReactElement, { path, routePath }: { path: string; routePath: string }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <AuthProvider>
          <CurrentPath />
          <Routes>
            <Route path={routePath} element={ui} />
            <Route path="/login" element={<p>Login page</p>} />
            <Route path="/" element={<p>Home page</p>} />
          </Routes>
          <ToastContainer autoClose={5000} />
        </AuthProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
