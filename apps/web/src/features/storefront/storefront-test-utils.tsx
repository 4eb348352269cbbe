import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { vi } from 'vitest';
import { sampleSummary } from '../../lib/test-fixtures';
import { AuthProvider } from '../auth/auth-context';

export interface FetchCall {
  url: URL;
  method: string;
  body: unknown;
  headers: Record<string, string>;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/**
 * Stubs fetch with one handler that sees the whole URL (query included), so a test can answer
 * /vehicles/tagged?tag=featured and ?tag=popular differently. Unknown calls answer 404.
 */
export function stubFetch(handler: (call: FetchCall) => Response | undefined | Promise<Response | undefined>) {
  const calls: FetchCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const call: FetchCall = {
        url: new URL(String(input), 'http://localhost'),
        method: init?.method ?? 'GET',
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
        headers: (init?.headers ?? {}) as Record<string, string>,
      };
      calls.push(call);
      // Settings are read by every storefront screen; empty settings mean the client defaults.
      const settings = call.url.pathname === '/api/settings/public' ? json(200, {}) : undefined;
      return (await handler(call)) ?? settings ?? json(404, { message: 'not mocked' });
    }),
  );
  return calls;
}

function Where() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

/** A storefront screen inside the app's providers at a URL; the current URL is in "location". */
export function renderAt(ui: ReactElement, { path, routePath }: { path: string; routePath: string }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <AuthProvider>
          <Where />
          <Routes>
            <Route path={routePath} element={ui} />
            <Route path="*" element={<p>Elsewhere</p>} />
          </Routes>
        </AuthProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

export { sampleSummary };

export const summaries = (prefix: string, n: number) =>
  Array.from({ length: n }, (_, i) => sampleSummary({ id: `${prefix}${i + 1}`, title: `${prefix} car ${i + 1}` }));
