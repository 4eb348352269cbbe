import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, sampleUser } from '../../lib/test-fixtures';
import { mockApi, renderScreen, storeSession } from '../../lib/test-render';
import { AdminLayout } from './admin-layout';

const admin = sampleUser({ id: 'a1', firstName: 'Ada', lastName: 'Admin', name: 'Ada Admin', role: 'Admin' });

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('AdminLayout', () => {
  it('CONST-15 the sidebar is 64 units wide and the content is offset by the same 64 on large screens', async () => {
    storeSession(admin);
    mockApi({ 'GET /api/auth/me': () => jsonResponse(200, { user: admin }) });
    renderScreen(
      <AdminLayout>
        <p>Page body</p>
      </AdminLayout>,
      { path: '/admin/dashboard', routePath: '/admin/*' },
    );
    const sidebar = await screen.findByRole('complementary', { name: 'Admin navigation' });
    const classes = sidebar.className.split(/\s+/);
    expect(classes).toContain('w-64');
    expect(classes.filter((c) => /^w-/.test(c))).toEqual(['w-64']);
    const content = screen.getByText('Page body').closest('main')?.parentElement;
    expect(content?.className.split(/\s+/)).toContain('lg:pl-64');
  });
});
