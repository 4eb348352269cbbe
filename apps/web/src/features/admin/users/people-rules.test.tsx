import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MSG } from '@vm/shared/messages';
import type { User } from '@vm/shared/user';
import { render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, sampleUser } from '../../../lib/test-fixtures';
import { type ApiCall, mockApi, renderScreen, storeSession } from '../../../lib/test-render';
import { AdminOfferStatusBadge } from '../offers/offer-status';
import { UserDetailsModal } from './user-details-modal';
import { UserProfilePage } from './user-profile-page';
import { UsersPage } from './users-page';

// Issue #20, the people rules on the admin users screens (docs/decisions/122-people-rules.md).

const anAdmin = sampleUser({ id: 'me', firstName: 'Ada', lastName: 'Admin', name: 'Ada Admin', role: 'Admin' });
const aSuperAdmin = sampleUser({
  id: 'me',
  firstName: 'Sam',
  lastName: 'Super',
  name: 'Sam Super',
  role: 'SuperAdmin',
});
const boss = sampleUser({ id: 'boss', firstName: 'Bo', lastName: 'Boss', name: 'Bo Boss', role: 'superadmin' });
const buyer = sampleUser({
  id: 'u2',
  firstName: 'Dan',
  lastName: 'Buyer',
  name: 'Dan Buyer',
  email: 'dan@example.com',
  role: 'User',
});
const caller = sampleUser({ id: 'u3', firstName: 'Cal', lastName: 'Ler', name: 'Cal Ler', role: 'CallerAdmin' });
const listOf = (users: User[]) => jsonResponse(200, { users, totalUsers: users.length, totalPages: 1, page: 1 });

function setupList(me: User, users: User[], routes: Record<string, (call: ApiCall) => Response> = {}) {
  storeSession(me);
  const byId = new Map(users.map((u) => [u.id, u]));
  const api = mockApi({
    'GET /api/auth/me': () => jsonResponse(200, { user: me }),
    'GET /api/users': () => listOf(users),
    ...Object.fromEntries(
      [...byId].map(([id, user]) => [`GET /api/users/${id}`, () => jsonResponse(200, { user })] as const),
    ),
    ...routes,
  });
  renderScreen(<UsersPage />, { path: '/admin/users', routePath: '/admin/users' });
  return api;
}
const rowOf = (name: string) => {
  const tr = screen.getByRole('link', { name }).closest('tr');
  if (!tr) throw new Error(`no row for ${name}`);
  return within(tr);
};
const options = (select: HTMLElement) => [...(select as HTMLSelectElement).options].map((o) => o.value).filter(Boolean);

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('users screen, issue #20', () => {
  it('ISSUE-20-SELF your own row edits your name and email but offers no role or status, and sends neither', async () => {
    const me = { ...anAdmin };
    const { calls } = setupList(me, [me, buyer], {
      'PUT /api/users/me': (call) => jsonResponse(200, { user: { ...me, ...(call.body as object) }, message: 'ok' }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Ada Admin' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit User' }));
    expect(dialog.queryByLabelText('Role')).toBeNull();
    expect(dialog.queryByLabelText('Status')).toBeNull();
    expect(dialog.getByText(/Your own role and status are not changed here/)).toBeTruthy();
    fireEvent.change(dialog.getByLabelText('First name'), { target: { value: 'Adele' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')).toBeTruthy());
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      firstName: 'Adele',
      lastName: 'Admin',
      email: me.email,
      phone: me.phone,
    });
  });

  it("ISSUE-20-ADMIN-LIMITS an Admin gets no Edit or Delete on a SuperAdmin's row, and no SuperAdmin role to give", async () => {
    setupList(anAdmin, [anAdmin, boss, buyer]);
    await screen.findByRole('link', { name: 'Bo Boss' });
    expect(rowOf('Bo Boss').queryByRole('button', { name: /Edit|Delete/ })).toBeNull();
    expect(rowOf('Dan Buyer').getByRole('button', { name: 'Edit Dan Buyer' })).toBeTruthy();
    expect(rowOf('Dan Buyer').getByRole('button', { name: 'Delete Dan Buyer' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Edit Dan Buyer' }));
    const edit = within(await screen.findByRole('dialog', { name: 'Edit User' }));
    expect(options(edit.getByLabelText('Role'))).toEqual(['Client', 'Admin', 'User', 'Dealer']);
    fireEvent.click(edit.getByRole('button', { name: 'Cancel' }));

    fireEvent.click(screen.getByRole('button', { name: 'Add User' }));
    const create = within(await screen.findByRole('dialog', { name: 'Create New User' }));
    expect(options(create.getByLabelText('Role'))).toEqual(['Client', 'Admin', 'User', 'Dealer']);
  });

  it("ISSUE-20-ADMIN-LIMITS a SuperAdmin keeps Edit and Delete on another SuperAdmin's row and the SuperAdmin role", async () => {
    setupList(aSuperAdmin, [aSuperAdmin, boss]);
    await screen.findByRole('link', { name: 'Bo Boss' });
    expect(rowOf('Bo Boss').getByRole('button', { name: 'Delete Bo Boss' })).toBeTruthy();
    fireEvent.click(rowOf('Bo Boss').getByRole('button', { name: 'Edit Bo Boss' }));
    const edit = within(await screen.findByRole('dialog', { name: 'Edit User' }));
    const role = edit.getByLabelText('Role') as HTMLSelectElement;
    expect(options(role)).toEqual(['Client', 'Admin', 'SuperAdmin', 'User', 'Dealer']);
    // Stored as "superadmin": shown as SuperAdmin, which the server takes as no change.
    expect(role.value).toBe('SuperAdmin');
  });

  it('ISSUE-20-LEGACY-ROLE a CallerAdmin is edited without being made to pick another role', async () => {
    const { calls } = setupList(aSuperAdmin, [aSuperAdmin, caller], {
      'PUT /api/users/u3': (call) =>
        jsonResponse(200, { user: { ...caller, ...(call.body as object) }, message: 'ok' }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Cal Ler' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit User' }));
    const role = dialog.getByLabelText('Role') as HTMLSelectElement;
    expect(role.value).toBe('CallerAdmin');
    expect(options(role)).toEqual(['Client', 'Admin', 'SuperAdmin', 'User', 'Dealer', 'CallerAdmin']);
    fireEvent.change(dialog.getByLabelText('Last name'), { target: { value: 'Lerner' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')).toBeTruthy());
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ lastName: 'Lerner', role: 'CallerAdmin' });
    expect(screen.queryByText(MSG.chooseRole)).toBeNull();
  });
});

describe('"Send password reset link", issue #20', () => {
  it('ISSUE-20-RESET-LINK the user details send the link and say so in a toast', async () => {
    storeSession(anAdmin);
    const { calls } = mockApi({
      'GET /api/auth/me': () => jsonResponse(200, { user: anAdmin }),
      'GET /api/users/u2': () => jsonResponse(200, { user: buyer }),
      'POST /api/users/u2/password-reset': () => jsonResponse(202, { message: MSG.resetLinkSent(buyer.email) }),
    });
    renderScreen(<UserDetailsModal userId="u2" onClose={() => {}} />, {
      path: '/admin/offers',
      routePath: '/admin/offers',
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Send password reset link' }));
    expect(await screen.findByText(MSG.resetLinkSent('dan@example.com'))).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/api/users/u2/password-reset']);
  });

  it("ISSUE-20-RESET-LINK a refusal is a toast with the server's reason", async () => {
    storeSession(anAdmin);
    mockApi({
      'GET /api/auth/me': () => jsonResponse(200, { user: anAdmin }),
      'GET /api/users/u2': () => jsonResponse(200, { user: buyer }),
      'POST /api/users/u2/password-reset': () => jsonResponse(429, { message: MSG.rateLimited }),
    });
    renderScreen(<UserDetailsModal userId="u2" onClose={() => {}} />, {
      path: '/admin/offers',
      routePath: '/admin/offers',
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Send password reset link' }));
    expect(await screen.findByText(MSG.rateLimited)).toBeTruthy();
  });

  it("ISSUE-20-RESET-LINK not offered for an inactive account, nor to an Admin on a SuperAdmin's profile (no Edit there either)", async () => {
    storeSession(anAdmin);
    const inactive = { ...buyer, isActive: false };
    mockApi({
      'GET /api/auth/me': () => jsonResponse(200, { user: anAdmin }),
      'GET /api/users/u2': () => jsonResponse(200, { user: inactive }),
    });
    renderScreen(<UserDetailsModal userId="u2" onClose={() => {}} />, {
      path: '/admin/offers',
      routePath: '/admin/offers',
    });
    await screen.findByRole('link', { name: /View Full Profile/ });
    expect(screen.queryByRole('button', { name: 'Send password reset link' })).toBeNull();
    cleanup();

    storeSession(anAdmin);
    mockApi({
      'GET /api/auth/me': () => jsonResponse(200, { user: anAdmin }),
      'GET /api/users/boss': () => jsonResponse(200, { user: boss }),
      'GET /api/admin/offers': () => jsonResponse(200, { offers: [], totalOffers: 0 }),
      'GET /api/users/boss/watchlist': () => jsonResponse(200, { vehicles: [] }),
    });
    renderScreen(<UserProfilePage />, { path: '/admin/users/boss', routePath: '/admin/users/:id' });
    await screen.findByRole('heading', { name: 'Bo Boss' });
    expect(screen.queryByRole('button', { name: 'Send password reset link' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
  });
});

describe('offers of a deleted account, issue #20', () => {
  it('ISSUE-20-ERASE staff read a withdrawn offer as "Withdrawn (account deleted)", not as an expiry', () => {
    render(<AdminOfferStatusBadge status="withdrawn" />);
    expect(screen.getByText('Withdrawn (account deleted)')).toBeTruthy();
    expect(screen.queryByText('Expired')).toBeNull();
  });
});
