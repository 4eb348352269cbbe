import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import appSource from '../../app/app.tsx?raw';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { jsonResponse, sampleUser } from '../../lib/test-fixtures';
import { mockApi, storeSession } from '../../lib/test-render';
import { AuthProvider } from './auth-context';
import { RequireAuth } from './require-auth';
import { routerFlushSync, useSignOut } from './use-sign-out';

const FLUSH_SYNC_WARNING = /flushSync/;

function AccountPage() {
  const signOut = useSignOut('/');
  return (
    <button type="button" onClick={() => void signOut()}>
      Sign out
    </button>
  );
}
function Where() {
  return <output data-testid="path">{useLocation().pathname}</output>;
}

/** A data router like the app's (app/app.tsx) with a guarded page, signed in, on that page. */
function renderSignedIn(withFlushSync: boolean) {
  const user = storeSession(sampleUser());
  mockApi({
    'GET /api/auth/me': () => jsonResponse(200, { user }),
    'POST /api/auth/logout': () => new Response(null, { status: 204 }),
  });
  const router = createMemoryRouter(
    [
      {
        path: '/account',
        element: (
          <RequireAuth>
            <AccountPage />
            <Where />
          </RequireAuth>
        ),
      },
      { path: '/login', element: <Where /> },
      { path: '/', element: <Where /> },
    ],
    { initialEntries: ['/account'] },
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <AuthProvider>
        <RouterProvider router={router} {...(withFlushSync ? { flushSync: routerFlushSync } : {})} />
      </AuthProvider>
    </QueryClientProvider>,
  );
  return router;
}

let warn: MockInstance<typeof console.warn>;
beforeEach(() => {
  localStorage.clear();
  warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  warn.mockRestore();
  vi.unstubAllGlobals();
});
const flushSyncWarnings = () => warn.mock.calls.filter((args) => FLUSH_SYNC_WARNING.test(String(args[0])));

describe('sign-out, issue #20', () => {
  it("ISSUE-20-SIGN-OUT with ReactDOM's flushSync given to the router, as app.tsx does, it lands on / with no router warning", async () => {
    expect(appSource).toContain('<RouterProvider router={router} flushSync={routerFlushSync} />');
    const router = renderSignedIn(true);
    fireEvent.click(await screen.findByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(localStorage.length).toBe(0));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(screen.getByTestId('path').textContent).toBe('/');
    expect(flushSyncWarnings()).toEqual([]);
  });

  it('ISSUE-20-SIGN-OUT the warning came from a RouterProvider without flushSync', async () => {
    renderSignedIn(false);
    fireEvent.click(await screen.findByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(flushSyncWarnings()).toHaveLength(1));
  });
});
