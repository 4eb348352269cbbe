import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MSG } from '@vm/shared/messages';
import type { User } from '@vm/shared/user';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, sampleUser } from '../../../lib/test-fixtures';
import { type ApiCall, mockApi, renderScreen, storeSession } from '../../../lib/test-render';
import { UsersPage } from './users-page';

const me = sampleUser({ id: 'me', firstName: 'Ada', lastName: 'Admin', name: 'Ada Admin', role: 'SuperAdmin' });
const dealer = sampleUser({
  id: 'u2',
  firstName: 'Dan',
  lastName: 'Dealer',
  name: 'Dan Dealer',
  username: 'dan',
  email: 'dan@example.com',
  role: 'Dealer',
  isActive: false,
  profileImage: '/uploads/avatars/dan.webp',
});
const listOf = (users: User[], totalUsers = users.length, totalPages = 1) =>
  jsonResponse(200, { users, totalUsers, totalPages, page: 1 });

function setup(routes: Record<string, (call: ApiCall) => Response | Promise<Response>> = {}) {
  storeSession(me);
  const api = mockApi({
    'GET /api/auth/me': () => jsonResponse(200, { user: me }),
    'GET /api/users': () => listOf([me, dealer]),
    ...routes,
  });
  renderScreen(<UsersPage />, { path: '/admin/users', routePath: '/admin/users' });
  return api;
}
/** The query strings of the list requests, in order. */
function listQueries(fetchMock: ReturnType<typeof mockApi>['fetchMock']): Record<string, string>[] {
  return fetchMock.mock.calls
    .map(([input]) => String(input))
    .filter((url) => url.startsWith('/api/users?') || url === '/api/users')
    .map((url) => Object.fromEntries(new URL(url, 'http://x').searchParams));
}
const row = (name: string) => {
  const link = screen.getByRole('link', { name });
  const tr = link.closest('tr');
  if (!tr) throw new Error(`no row for ${name}`);
  return within(tr);
};

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('UsersPage', () => {
  it('ADMIN-USR-01 ADMIN-USR-09 ADMIN-USR-12 CONST-03 loads page 1 of 10, newest first, without role or status', async () => {
    const { fetchMock } = setup();
    expect(await screen.findByRole('heading', { name: 'Users' })).toBeTruthy();
    await screen.findByRole('link', { name: 'Dan Dealer' });
    expect(listQueries(fetchMock)[0]).toEqual({ sortBy: 'createdAt', sortOrder: 'desc', page: '1', limit: '10' });
  });

  it('ADMIN-USR-10 ADMIN-USR-13..19 ROLE-06 shows columns, avatars, names, usernames, You, status and role badges', async () => {
    const staff = sampleUser({ id: 'u3', firstName: 'Sid', lastName: 'Staff', name: 'Sid Staff', role: 'Admin' });
    setup({ 'GET /api/users': () => listOf([me, dealer, staff]) });
    await screen.findByRole('link', { name: 'Dan Dealer' });
    expect(row('Sid Staff').getByText('Admin').className).toContain('red');
    for (const name of ['Name', 'Email', 'Role', 'Status', 'Actions'])
      expect(screen.getByRole('columnheader', { name: new RegExp(name) })).toBeTruthy();
    const mine = row('Ada Admin');
    expect(mine.getByText('You')).toBeTruthy();
    expect(mine.getByText('@bea')).toBeTruthy();
    expect(mine.getByText('Active').className).toContain('green');
    expect(mine.getByText('SuperAdmin').className).toContain('purple');
    expect(mine.getByTestId('user-avatar').getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(decodeURIComponent(mine.getByTestId('user-avatar').getAttribute('src') ?? '')).toContain('>AA<');
    const other = row('Dan Dealer');
    expect(other.queryByText('You')).toBeNull();
    expect(other.getByText('Inactive').className).toContain('red');
    expect(other.getByText('Dealer').className).toContain('blue');
    expect(other.getByTestId('user-avatar').getAttribute('src')).toBe('/uploads/avatars/dan.webp');
    expect(other.getByRole('button', { name: 'Edit Dan Dealer' })).toBeTruthy();
    expect(other.getByRole('button', { name: 'Delete Dan Dealer' })).toBeTruthy();
  });

  it('ADMIN-USR-02 ADMIN-USR-04..09 ROLE-05 search submits; filters show, hide and apply together, All left out', async () => {
    const { fetchMock } = setup();
    await screen.findByRole('link', { name: 'Dan Dealer' });
    fireEvent.change(screen.getByLabelText('Search users'), { target: { value: ' dan ' } });
    expect(listQueries(fetchMock)).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(listQueries(fetchMock).at(-1)).toMatchObject({ search: 'dan', page: '1' }));

    fireEvent.click(screen.getByRole('button', { name: 'Show Filters' }));
    const panel = within(screen.getByRole('form', { name: 'User filters' }));
    expect(screen.getByRole('button', { name: 'Hide Filters' })).toBeTruthy();
    const roles = [...(panel.getByLabelText('Role') as HTMLSelectElement).options].map((o) => o.value);
    expect(roles).toEqual(['All', 'Admin', 'SuperAdmin', 'User', 'Dealer']);
    const statuses = [...(panel.getByLabelText('Status') as HTMLSelectElement).options].map((o) => o.value);
    expect(statuses).toEqual(['All', 'Active', 'Inactive']);
    const sizes = panel.getByLabelText('Results per page') as HTMLSelectElement;
    expect([...sizes.options].map((o) => o.value)).toEqual(['5', '10', '25', '50']);
    expect(sizes.value).toBe('10');
    fireEvent.change(panel.getByLabelText('Role'), { target: { value: 'Dealer' } });
    fireEvent.change(panel.getByLabelText('Status'), { target: { value: 'Inactive' } });
    fireEvent.change(sizes, { target: { value: '25' } });
    const before = listQueries(fetchMock).length;
    expect(listQueries(fetchMock)).toHaveLength(before);
    fireEvent.click(panel.getByRole('button', { name: 'Apply Filters' }));
    await waitFor(() =>
      expect(listQueries(fetchMock).at(-1)).toEqual({
        search: 'dan',
        role: 'Dealer',
        status: 'Inactive',
        sortBy: 'createdAt',
        sortOrder: 'desc',
        page: '1',
        limit: '25',
      }),
    );
    fireEvent.change(panel.getByLabelText('Role'), { target: { value: 'All' } });
    fireEvent.change(panel.getByLabelText('Status'), { target: { value: 'All' } });
    fireEvent.click(panel.getByRole('button', { name: 'Apply Filters' }));
    await waitFor(() => expect(listQueries(fetchMock).at(-1)).not.toHaveProperty('role'));
    expect(listQueries(fetchMock).at(-1)).not.toHaveProperty('status');
    fireEvent.click(screen.getByRole('button', { name: 'Hide Filters' }));
    expect(screen.queryByRole('form', { name: 'User filters' })).toBeNull();
  });

  it('ADMIN-USR-11 a header sorts ascending first, then toggles', async () => {
    const { fetchMock } = setup();
    await screen.findByRole('link', { name: 'Dan Dealer' });
    fireEvent.click(screen.getByRole('button', { name: /^Name/ }));
    await waitFor(() => expect(listQueries(fetchMock).at(-1)).toMatchObject({ sortBy: 'name', sortOrder: 'asc' }));
    fireEvent.click(screen.getByRole('button', { name: /^Name/ }));
    await waitFor(() => expect(listQueries(fetchMock).at(-1)).toMatchObject({ sortBy: 'name', sortOrder: 'desc' }));
    fireEvent.click(screen.getByRole('button', { name: /^Status/ }));
    await waitFor(() => expect(listQueries(fetchMock).at(-1)).toMatchObject({ sortBy: 'status', sortOrder: 'asc' }));
    expect(screen.getByRole('columnheader', { name: /Status/ }).getAttribute('aria-sort')).toBe('ascending');
  });

  it('ADMIN-USR-20 ADMIN-USR-21..24 shows "No users found", and the pager with its results text', async () => {
    setup({ 'GET /api/users': () => listOf([]) });
    expect(await screen.findByText('No users found')).toBeTruthy();
    cleanup();
    const many = Array.from({ length: 10 }, (_, i) =>
      sampleUser({ id: `p${i}`, name: `Person ${i}`, firstName: 'Person', lastName: `${i}` }),
    );
    const { fetchMock } = setup({ 'GET /api/users': () => listOf(many, 73, 8) });
    expect(await screen.findByText('Showing 1 to 10 of 73 results')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Last page' }).textContent).toBe('8');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(listQueries(fetchMock).at(-1)).toMatchObject({ page: '2' }));
  });

  it('ERR-09 a failed list shows its banner', async () => {
    setup({ 'GET /api/users': () => jsonResponse(500, { message: 'boom' }) });
    expect(await screen.findByText('Failed to load users. Please try again.')).toBeTruthy();
  });

  it('VALID-24..26 ERR-15 your own Delete is disabled with the tooltip; trying it explains why', async () => {
    const { calls } = setup();
    await screen.findByRole('link', { name: 'Ada Admin' });
    const own = row('Ada Admin').getByRole('button', { name: 'Delete Ada Admin' });
    expect(own.getAttribute('aria-disabled')).toBe('true');
    expect(own.getAttribute('title')).toBe('You cannot delete your own account');
    fireEvent.click(own);
    expect(await screen.findByText(MSG.cannotDeleteSelf)).toBeTruthy();
    expect(screen.queryByText(/Are you sure/)).toBeNull();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
  });

  it('ADMIN-USR-33 ADMIN-USR-34 confirms, deletes on the server and reloads the list', async () => {
    let users = [me, dealer];
    const { calls, fetchMock } = setup({
      'GET /api/users': () => listOf(users),
      'DELETE /api/users/u2': () => {
        users = [me];
        return jsonResponse(200, { success: true });
      },
    });
    await screen.findByRole('link', { name: 'Dan Dealer' });
    fireEvent.click(screen.getByRole('button', { name: 'Delete Dan Dealer' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Confirm Delete' }));
    expect(dialog.getByText('Are you sure you want to delete Dan Dealer? This action cannot be undone.')).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Dan Dealer' })).toBeNull());
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/api/users/u2']);
    expect(listQueries(fetchMock).length).toBeGreaterThanOrEqual(2);
  });

  it('ERR-10 a failed delete shows its banner with the reason', async () => {
    setup({ 'DELETE /api/users/u2': () => jsonResponse(403, { message: MSG.superAdminOnly }) });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Dan Dealer' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Confirm Delete' })).getByRole('button', { name: 'Delete' }),
    );
    expect(await screen.findByText('Failed to delete user. Please try again.')).toBeTruthy();
    expect(screen.getByText(MSG.superAdminOnly)).toBeTruthy();
  });

  it('ADMIN-USR-03 ADMIN-USR-25..29 VALID-17..21 ERR-14 ROLE-04 CONST-38 CONST-43 creates a user; Pending is saved as inactive', async () => {
    const { calls } = setup({
      'POST /api/users': (call) =>
        jsonResponse(201, { user: sampleUser({ id: 'n1', name: 'Nina Newhire', ...(call.body as object) }) }),
    });
    await screen.findByRole('link', { name: 'Dan Dealer' });
    fireEvent.click(screen.getByRole('button', { name: 'Add User' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Create New User' }));
    const roleOptions = [...(dialog.getByLabelText('Role') as HTMLSelectElement).options].map((o) => o.value);
    expect(roleOptions.filter(Boolean)).toEqual(['Client', 'Admin', 'SuperAdmin', 'User', 'Dealer']);
    const statusOptions = [...(dialog.getByLabelText('Status') as HTMLSelectElement).options].map((o) => o.value);
    expect(statusOptions).toEqual(['Active', 'Inactive', 'Pending']);

    fireEvent.click(dialog.getByRole('button', { name: 'Create User' }));
    expect(await dialog.findByText('First name is required')).toBeTruthy();
    expect(dialog.getByText('Last name is required')).toBeTruthy();
    expect(dialog.getByText(MSG.emailRequired)).toBeTruthy();

    fireEvent.change(dialog.getByLabelText('First name'), { target: { value: 'Nina' } });
    fireEvent.change(dialog.getByLabelText('Last name'), { target: { value: 'Newhire' } });
    fireEvent.change(dialog.getByLabelText('Email'), { target: { value: 'nina@example' } });
    fireEvent.change(dialog.getByLabelText('Password'), { target: { value: '12345' } });
    fireEvent.change(dialog.getByLabelText('Confirm password'), { target: { value: '123456' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Create User' }));
    expect(await dialog.findByText(MSG.invalidEmail)).toBeTruthy();
    expect(dialog.getAllByText(MSG.passwordTooShort)).toHaveLength(1);

    fireEvent.change(dialog.getByLabelText('Email'), { target: { value: 'nina@example.com' } });
    fireEvent.change(dialog.getByLabelText('Password'), { target: { value: 'secret1' } });
    fireEvent.change(dialog.getByLabelText('Confirm password'), { target: { value: 'secret2' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Create User' }));
    expect(await dialog.findByText(MSG.passwordsMismatch)).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(dialog.getByLabelText('Confirm password'), { target: { value: 'secret1' } });
    fireEvent.change(dialog.getByLabelText('Role'), { target: { value: 'Dealer' } });
    fireEvent.change(dialog.getByLabelText('Status'), { target: { value: 'Pending' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Create User' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')).toBeTruthy());
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      firstName: 'Nina',
      lastName: 'Newhire',
      email: 'nina@example.com',
      phone: '',
      password: 'secret1',
      role: 'Dealer',
      isActive: false,
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Create New User' })).toBeNull());
  });

  it('ERR-13 a refused create shows its banner and the server reason, keeping the form', async () => {
    setup({ 'POST /api/users': () => jsonResponse(409, { message: MSG.emailTaken }) });
    fireEvent.click(await screen.findByRole('button', { name: 'Add User' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Create New User' }));
    fireEvent.change(dialog.getByLabelText('First name'), { target: { value: 'Nina' } });
    fireEvent.change(dialog.getByLabelText('Last name'), { target: { value: 'Newhire' } });
    fireEvent.change(dialog.getByLabelText('Email'), { target: { value: 'dan@example.com' } });
    fireEvent.change(dialog.getByLabelText('Password'), { target: { value: 'secret1' } });
    fireEvent.change(dialog.getByLabelText('Confirm password'), { target: { value: 'secret1' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Create User' }));
    expect(await dialog.findByText('Failed to create user. Please try again.')).toBeTruthy();
    expect(dialog.getByText(MSG.emailTaken)).toBeTruthy();
    expect((dialog.getByLabelText('First name') as HTMLInputElement).value).toBe('Nina');
  });

  it('ADMIN-USR-30..32 VALID-22 VALID-23 Edit loads the user, fills the form and saves the admin fields', async () => {
    const { calls } = setup({
      'GET /api/users/u2': () => jsonResponse(200, { user: { ...dealer, phone: '555-0100' } }),
      'PUT /api/users/u2': (call) =>
        jsonResponse(200, { user: { ...dealer, ...(call.body as object) }, message: 'ok' }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Dan Dealer' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit User' }));
    expect((dialog.getByLabelText('First name') as HTMLInputElement).value).toBe('Dan');
    expect((dialog.getByLabelText('Email') as HTMLInputElement).value).toBe('dan@example.com');
    expect((dialog.getByLabelText('Phone') as HTMLInputElement).value).toBe('555-0100');
    expect((dialog.getByLabelText('Role') as HTMLSelectElement).value).toBe('Dealer');
    expect((dialog.getByLabelText('Status') as HTMLSelectElement).value).toBe('Inactive');
    expect(dialog.queryByLabelText('Password')).toBeNull();

    fireEvent.change(dialog.getByLabelText('Last name'), { target: { value: '' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Save Changes' }));
    expect(await dialog.findByText('Last name is required')).toBeTruthy();
    fireEvent.change(dialog.getByLabelText('Last name'), { target: { value: 'Dealmaker' } });
    fireEvent.change(dialog.getByLabelText('Phone'), { target: { value: '' } });
    fireEvent.change(dialog.getByLabelText('Status'), { target: { value: 'Active' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')).toBeTruthy());
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      firstName: 'Dan',
      lastName: 'Dealmaker',
      email: 'dan@example.com',
      role: 'Dealer',
      phone: '',
      isActive: true,
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit User' })).toBeNull());
  });

  it('ERR-11 ERR-12 failures to load or to save a user show their banners', async () => {
    setup({
      'GET /api/users/u2': () => jsonResponse(500, {}),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Dan Dealer' }));
    expect(await screen.findByText('Failed to load user details. Please try again.')).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Edit User' })).toBeNull();
    cleanup();

    setup({
      'GET /api/users/u2': () => jsonResponse(200, { user: dealer }),
      'PUT /api/users/u2': () => jsonResponse(409, { message: MSG.lastSuperAdmin }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Dan Dealer' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit User' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Save Changes' }));
    expect(await dialog.findByText('Failed to update user. Please try again.')).toBeTruthy();
    expect(dialog.getByText(MSG.lastSuperAdmin)).toBeTruthy();
  });
});
