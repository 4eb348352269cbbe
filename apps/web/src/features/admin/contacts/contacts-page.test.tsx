import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Contact } from '@vm/shared/contact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, sampleUser } from '../../../lib/test-fixtures';
import { type ApiCall, mockApi, renderScreen, storeSession } from '../../../lib/test-render';
import { ContactsPage } from './contacts-page';

const admin = sampleUser({ id: 'admin', role: 'Admin' });

function contact(id: string, overrides: Partial<Contact> = {}): Contact {
  return {
    id,
    fullName: 'Carla Contact',
    email: 'carla@example.com',
    phone: '(555) 010-3000',
    subject: 'Importing a Land Cruiser',
    message: 'How long does shipping to Ohio take?',
    status: 'new',
    priority: 'medium',
    createdAt: '2026-03-04T15:30:00.000Z',
    updatedAt: '2026-03-04T15:30:00.000Z',
    vehicle: null,
    ...overrides,
  };
}
const page = (contacts: Contact[], totalPages = 1, totalContacts = contacts.length) =>
  jsonResponse(200, {
    contacts,
    pagination: { currentPage: 1, totalPages, totalContacts, hasNextPage: totalPages > 1, hasPrevPage: false },
  });
const stats = (s = { totalContacts: 2, newContacts: 2, resolvedContacts: 0, urgentContacts: 0 }) =>
  jsonResponse(200, s);

function setup(routes: Record<string, (call: ApiCall) => Response | Promise<Response>> = {}) {
  storeSession(admin);
  const api = mockApi({
    'GET /api/auth/me': () => jsonResponse(200, { user: admin }),
    'GET /api/contact/admin/all': () =>
      page([contact('c1'), contact('c2', { fullName: 'Dev Delete', email: 'dev@example.com', subject: 'Remove me' })]),
    'GET /api/contact/admin/stats': () => stats(),
    ...routes,
  });
  renderScreen(<ContactsPage />, { path: '/admin/contacts', routePath: '/admin/contacts' });
  return api;
}
const count = (fetchMock: ReturnType<typeof mockApi>['fetchMock'], path: string) =>
  fetchMock.mock.calls.filter(([input]) => String(input).split('?')[0] === path).length;
const lastListQuery = (fetchMock: ReturnType<typeof mockApi>['fetchMock']) => {
  const urls = fetchMock.mock.calls.map(([i]) => String(i)).filter((u) => u.startsWith('/api/contact/admin/all'));
  return Object.fromEntries(new URL(urls.at(-1) ?? '', 'http://x').searchParams);
};

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ContactsPage', () => {
  it('ADMIN-CON-01..03 ADMIN-CON-10 ADMIN-CON-11 ADMIN-CON-17 shows title, subtitle, stat cards and the table', async () => {
    setup({
      'GET /api/contact/admin/stats': () =>
        stats({ totalContacts: 12, newContacts: 5, resolvedContacts: 4, urgentContacts: 1 }),
    });
    expect(await screen.findByRole('heading', { name: 'Contact Management' })).toBeTruthy();
    expect(screen.getByText(/customer inquiries and support requests/i)).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('stat-totalContacts').textContent).toBe('12'));
    for (const [label, key, value] of [
      ['Total Contacts', 'totalContacts', '12'],
      ['New Contacts', 'newContacts', '5'],
      ['Resolved', 'resolvedContacts', '4'],
      ['Urgent', 'urgentContacts', '1'],
    ]) {
      const card = screen.getByTestId(`stat-${key}`);
      expect(card.textContent).toBe(value);
      expect(card.parentElement?.textContent).toContain(label);
    }
    const [carla] = await screen.findAllByTestId('contact-row');
    for (const name of ['Contact', 'Subject', 'Status', 'Priority', 'Date', 'Actions'])
      expect(screen.getByRole('columnheader', { name })).toBeTruthy();
    const row = within(carla as HTMLElement);
    expect(row.getByText('Carla Contact')).toBeTruthy();
    expect(row.getByText('carla@example.com')).toBeTruthy();
    expect(row.getByText('(555) 010-3000')).toBeTruthy();
    expect(row.getByText('Importing a Land Cruiser')).toBeTruthy();
    expect(row.getByText('Mar 4, 2026')).toBeTruthy();
    expect(row.getByRole('button', { name: 'View inquiry from Carla Contact' })).toBeTruthy();
    expect(row.getByRole('button', { name: 'Delete inquiry from Carla Contact' })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).toBeNull();
  });

  it('ADMIN-CON-04..09 CONST-12 CONST-39 CONST-40 search, status, priority and sort choices', async () => {
    const { fetchMock } = setup();
    await screen.findAllByTestId('contact-row');
    const filters = within(screen.getByRole('form', { name: 'Contact filters' }));
    const values = (label: string) =>
      [...(filters.getByLabelText(label) as HTMLSelectElement).options].map((o) => o.value);
    expect(values('Status')).toEqual(['', 'new', 'in-progress', 'resolved', 'closed']);
    expect(values('Priority')).toEqual(['', 'low', 'medium', 'high', 'urgent']);
    const labels = [...(filters.getByLabelText('Sort By') as HTMLSelectElement).options].map((o) => o.textContent);
    expect(labels).toEqual(['Newest First', 'Oldest First', 'Name A-Z', 'Name Z-A', 'Priority High-Low']);
    expect(lastListQuery(fetchMock)).toEqual({ page: '1', limit: '10', sortBy: 'createdAt', sortOrder: 'desc' });

    const expectations: [string, string, Record<string, string>][] = [
      ['Sort By', 'createdAt:asc', { sortBy: 'createdAt', sortOrder: 'asc' }],
      ['Sort By', 'fullName:asc', { sortBy: 'fullName', sortOrder: 'asc' }],
      ['Sort By', 'fullName:desc', { sortBy: 'fullName', sortOrder: 'desc' }],
      ['Sort By', 'priority:desc', { sortBy: 'priority', sortOrder: 'desc' }],
      ['Status', 'in-progress', { status: 'in-progress' }],
      ['Priority', 'urgent', { priority: 'urgent' }],
    ];
    for (const [label, value, expected] of expectations) {
      fireEvent.change(filters.getByLabelText(label), { target: { value } });
      await waitFor(() => expect(lastListQuery(fetchMock)).toMatchObject({ ...expected, page: '1' }));
    }
    fireEvent.change(filters.getByLabelText('Search'), { target: { value: '  land cruiser ' } });
    await waitFor(() => expect(lastListQuery(fetchMock)).toMatchObject({ search: 'land cruiser' }));
    fireEvent.change(filters.getByLabelText('Status'), { target: { value: '' } });
    await waitFor(() => expect(lastListQuery(fetchMock)).not.toHaveProperty('status'));
  });

  it('ADMIN-CON-12..16 inline status and priority saves send one field and reload list and stats', async () => {
    const { calls, fetchMock } = setup({
      'PUT /api/contact/admin/c1': (call) =>
        jsonResponse(200, { contact: contact('c1', call.body as Partial<Contact>) }),
    });
    await screen.findAllByTestId('contact-row');
    const listsBefore = count(fetchMock, '/api/contact/admin/all');
    const statsBefore = count(fetchMock, '/api/contact/admin/stats');
    fireEvent.change(screen.getByLabelText("Status of Carla Contact's inquiry"), { target: { value: 'closed' } });
    await waitFor(() => expect(count(fetchMock, '/api/contact/admin/stats')).toBe(statsBefore + 1));
    expect(count(fetchMock, '/api/contact/admin/all')).toBe(listsBefore + 1);
    fireEvent.change(screen.getByLabelText("Priority of Carla Contact's inquiry"), { target: { value: 'low' } });
    await waitFor(() => expect(count(fetchMock, '/api/contact/admin/stats')).toBe(statsBefore + 2));
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
      { status: 'closed' },
      { priority: 'low' },
    ]);
  });

  it('ERR-20 ERR-21 failed status and priority changes show their messages', async () => {
    setup({ 'PUT /api/contact/admin/c1': () => jsonResponse(500, {}) });
    await screen.findAllByTestId('contact-row');
    fireEvent.change(screen.getByLabelText("Status of Carla Contact's inquiry"), { target: { value: 'resolved' } });
    expect(await screen.findByText('Failed to update contact status')).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Priority of Carla Contact's inquiry"), { target: { value: 'high' } });
    expect(await screen.findByText('Failed to update contact priority')).toBeTruthy();
  });

  it('ADMIN-CON-18..20 the details modal shows the inquiry, saves like the inline selects and closes', async () => {
    const { calls } = setup({
      'PUT /api/contact/admin/c1': (call) =>
        jsonResponse(200, { contact: contact('c1', call.body as Partial<Contact>) }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'View inquiry from Carla Contact' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Contact Details' }));
    expect(dialog.getByText('Carla Contact')).toBeTruthy();
    expect(dialog.getByRole('link', { name: 'carla@example.com' }).getAttribute('href')).toBe(
      'mailto:carla@example.com',
    );
    expect(dialog.getByRole('link', { name: '(555) 010-3000' }).getAttribute('href')).toBe('tel:5550103000');
    expect(dialog.getByText('Date submitted')).toBeTruthy();
    expect(dialog.getByText('Importing a Land Cruiser')).toBeTruthy();
    expect(dialog.getByText('How long does shipping to Ohio take?')).toBeTruthy();
    fireEvent.change(dialog.getByLabelText('Priority'), { target: { value: 'urgent' } });
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ priority: 'urgent' }));
    fireEvent.change(dialog.getByLabelText('Status'), { target: { value: 'in-progress' } });
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(2));
    const closes = dialog.getAllByRole('button', { name: 'Close' });
    fireEvent.click(closes[closes.length - 1] as HTMLElement);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Contact Details' })).toBeNull());
  });

  it('ISSUE-20 the details modal links the vehicle an inquiry was sent from, and marks one since deleted', async () => {
    setup({
      'GET /api/contact/admin/all': () =>
        page([
          contact('c1', { vehicle: { id: 'v1', slug: '1972-datsun-240z', title: '1972 Datsun 240Z', deleted: false } }),
          contact('c2', {
            fullName: 'Dev Gone',
            email: 'dev@example.com',
            vehicle: { id: 'v9', slug: null, title: null, deleted: true },
          }),
          contact('c3', { fullName: 'Pat Plain', email: 'pat@example.com' }),
        ]),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'View inquiry from Carla Contact' }));
    let dialog = within(await screen.findByRole('dialog', { name: 'Contact Details' }));
    const link = dialog.getByRole('link', { name: /1972 Datsun 240Z/ });
    expect(link.getAttribute('href')).toBe('/vehicles/v1');
    expect(link.getAttribute('target')).toBe('_blank');
    const closeDialog = async () => {
      const closes = screen.getAllByRole('button', { name: 'Close' });
      fireEvent.click(closes[closes.length - 1] as HTMLElement);
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Contact Details' })).toBeNull());
    };
    await closeDialog();

    fireEvent.click(screen.getByRole('button', { name: 'View inquiry from Dev Gone' }));
    dialog = within(await screen.findByRole('dialog', { name: 'Contact Details' }));
    expect(dialog.getByText('Vehicle')).toBeTruthy();
    expect(dialog.getByText('Vehicle deleted')).toBeTruthy();
    expect(dialog.queryByRole('link', { name: /Vehicle/ })).toBeNull();
    await closeDialog();

    fireEvent.click(screen.getByRole('button', { name: 'View inquiry from Pat Plain' }));
    dialog = within(await screen.findByRole('dialog', { name: 'Contact Details' }));
    expect(dialog.queryByText('Vehicle')).toBeNull();
  });

  it('ADMIN-CON-21 ERR-22 delete asks for confirmation, deletes, and reports a failure', async () => {
    let failing = false;
    const { calls } = setup({
      'DELETE /api/contact/admin/c2': () => (failing ? jsonResponse(500, {}) : jsonResponse(200, { success: true })),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete inquiry from Dev Delete' }));
    let dialog = within(await screen.findByRole('dialog', { name: 'Delete Contact' }));
    expect(dialog.getByText(/delete the inquiry from Dev Delete\? This action cannot be undone\./)).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Delete inquiry from Dev Delete' }));
    dialog = within(await screen.findByRole('dialog', { name: 'Delete Contact' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1));
    failing = true;
    fireEvent.click(await screen.findByRole('button', { name: 'Delete inquiry from Dev Delete' }));
    dialog = within(await screen.findByRole('dialog', { name: 'Delete Contact' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete contact')).toBeTruthy();
  });

  it('ADMIN-CON-22 CONST-05 numbered pagination only with more than one page', async () => {
    const { fetchMock } = setup({ 'GET /api/contact/admin/all': () => page([contact('c1')], 3, 25) });
    const pager = await screen.findByRole('navigation', { name: 'Pagination' });
    expect(within(pager).getByText('Showing 1 to 10 of 25 results')).toBeTruthy();
    fireEvent.click(within(pager).getByRole('button', { name: '3' }));
    await waitFor(() => expect(lastListQuery(fetchMock)).toMatchObject({ page: '3', limit: '10' }));
  });

  it('ERR-19 ERR-23 ERR-26 a failed list shows the server message or "Failed to fetch contacts"', async () => {
    setup({
      'GET /api/contact/admin/all': () => jsonResponse(500, {}),
      'GET /api/contact/admin/stats': () => jsonResponse(500, {}),
    });
    expect(await screen.findByText('Failed to fetch contacts')).toBeTruthy();
    expect(await screen.findByText('Failed to fetch contact statistics')).toBeTruthy();
  });

  it('ISSUE-16 a staff notice link (/admin/contacts?contact=<id>) opens that inquiry in Contact Details, even off the listed page', async () => {
    storeSession(admin);
    const linked = contact('c9', { fullName: 'Lena Linked', subject: 'Shipping to Oslo', message: 'Can you ship it?' });
    const { calls } = mockApi({
      'GET /api/auth/me': () => jsonResponse(200, { user: admin }),
      'GET /api/contact/admin/all': () => page([contact('c1')]),
      'GET /api/contact/admin/stats': () => stats(),
      'GET /api/contact/admin/c9': () => jsonResponse(200, { contact: linked }),
    });
    renderScreen(<ContactsPage />, { path: '/admin/contacts?contact=c9', routePath: '/admin/contacts' });
    const dialog = within(await screen.findByRole('dialog', { name: 'Contact Details' }));
    expect(dialog.getByText('Lena Linked')).toBeTruthy();
    expect(dialog.getByText('Shipping to Oslo')).toBeTruthy();
    expect(dialog.getByText('Can you ship it?')).toBeTruthy();
    expect(calls.some((c) => c.method === 'GET' && c.path === '/api/contact/admin/c9')).toBe(true);
    fireEvent.click(dialog.getAllByRole('button', { name: 'Close' })[0] as HTMLElement);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Contact Details' })).toBeNull());
  });

  it('ISSUE-16 a link to an inquiry that no longer exists says so and still lists the inquiries', async () => {
    storeSession(admin);
    mockApi({
      'GET /api/auth/me': () => jsonResponse(200, { user: admin }),
      'GET /api/contact/admin/all': () => page([contact('c1')]),
      'GET /api/contact/admin/stats': () => stats(),
    });
    renderScreen(<ContactsPage />, { path: '/admin/contacts?contact=gone', routePath: '/admin/contacts' });
    expect(await screen.findByText('The inquiry in this link was not found. It may have been deleted.')).toBeTruthy();
    expect(await screen.findByText('Carla Contact')).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Contact Details' })).toBeNull();
  });
});
