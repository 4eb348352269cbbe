import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { SentEmail, SentEmailDetail, SentEmailListResponse } from '@vm/shared/email';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { jsonResponse, sampleUser } from '../../../lib/test-fixtures';
import { type ApiCall, mockApi, renderScreen, storeSession } from '../../../lib/test-render';
import { AdminLayout } from '../admin-layout';
import { SentEmailsPage } from './sent-emails-page';

const superAdmin = sampleUser({ id: 'sa', role: 'SuperAdmin', firstName: 'Sue', lastName: 'Super' });
const admin = sampleUser({ id: 'ad', role: 'Admin', firstName: 'Ada', lastName: 'Admin' });

function email(id: string, overrides: Partial<SentEmail> = {}): SentEmail {
  return {
    id,
    template: 'staffNewInquiry',
    recipient: 'staff@example.com',
    subject: 'New inquiry: Shipping a Skyline',
    status: 'sent',
    attempts: 1,
    lastError: '',
    createdAt: new Date(Date.now() - 2 * 3600 * 1000).toISOString(),
    sentAt: new Date(Date.now() - 2 * 3600 * 1000).toISOString(),
    hasFile: true,
    ...overrides,
  };
}
const EMAILS = [
  email('e1'),
  email('e2', {
    status: 'queued',
    subject: '',
    template: 'priceDrop',
    recipient: 'bea@example.com',
    attempts: 0,
    sentAt: null,
    hasFile: false,
  }),
  email('e3', {
    status: 'failed',
    attempts: 8,
    lastError: 'connect ECONNREFUSED 127.0.0.1:25',
    sentAt: null,
    hasFile: false,
  }),
];
const COUNTS = { queued: 1, sending: 0, sent: 12, failed: 1 };
const listOf = (emails: SentEmail[], totalPages = 1, totalEmails = emails.length): Response =>
  jsonResponse(200, { emails, totalEmails, totalPages, page: 1, counts: COUNTS } satisfies SentEmailListResponse);
const DETAIL: SentEmailDetail = {
  email: email('e1'),
  content: {
    from: 'Heritage Import Motors <no-reply@localhost>',
    to: 'staff@example.com',
    subject: 'New inquiry: Shipping a Skyline',
    text: 'Carla Contact asked about shipping.\n\nReview the inquiry: http://localhost:3000/admin/contacts',
    html: '<html><body><p>Carla Contact asked about shipping.</p><script>parent.hacked = true</script></body></html>',
  },
};

function setup(routes: Record<string, (call: ApiCall) => Response | Promise<Response>> = {}, user = superAdmin) {
  storeSession(user);
  const api = mockApi({
    'GET /api/auth/me': () => jsonResponse(200, { user }),
    'GET /api/admin/emails': () => listOf(EMAILS),
    'GET /api/admin/emails/e1': () => jsonResponse(200, DETAIL),
    ...routes,
  });
  renderScreen(
    <AdminLayout>
      <SentEmailsPage />
    </AdminLayout>,
    { path: '/admin/emails', routePath: '/admin/emails' },
  );
  return api;
}
const listCalls = (fetchMock: ReturnType<typeof mockApi>['fetchMock']) =>
  fetchMock.mock.calls
    .map(([input]) => String(input))
    .filter((url) => url === '/api/admin/emails' || url.startsWith('/api/admin/emails?'))
    .map((url) => Object.fromEntries(new URL(url, 'http://x').searchParams));
const rows = () => screen.findAllByTestId('email-row');

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('SentEmailsPage', () => {
  it('EMAIL-SCREEN-01 lists emails with date, to, subject (or the template before sending), status, attempts and error, and the counts', async () => {
    const { fetchMock } = setup();
    expect(await screen.findByRole('heading', { name: 'Sent emails' })).toBeTruthy();
    const [sent, queued, failed] = (await rows()).map((r) => within(r));
    for (const name of ['Date', 'To', 'Subject', 'Status', 'Attempts', 'Error', 'Actions'])
      expect(screen.getByRole('columnheader', { name })).toBeTruthy();
    expect(listCalls(fetchMock)[0]).toEqual({ page: '1' });
    expect(sent?.getByText('2 hours ago')).toBeTruthy();
    expect(sent?.getByText('staff@example.com')).toBeTruthy();
    expect(sent?.getByText('New inquiry: Shipping a Skyline')).toBeTruthy();
    expect(sent?.getByText('Sent')).toBeTruthy();
    expect(queued?.getByText('priceDrop')).toBeTruthy();
    expect(queued?.getByText('Queued')).toBeTruthy();
    expect(failed?.getByText('Failed')).toBeTruthy();
    expect(failed?.getByText('connect ECONNREFUSED 127.0.0.1:25')).toBeTruthy();
    expect(failed?.getByText('8')).toBeTruthy();
    // "Send again" only on the failed one.
    expect(failed?.getByRole('button', { name: /^Send again the email to staff@example.com/ })).toBeTruthy();
    expect(sent?.queryByRole('button', { name: /^Send again/ })).toBeNull();
    expect(queued?.queryByRole('button', { name: /^Send again/ })).toBeNull();
    expect(screen.getByTestId('count-sent').textContent).toBe('12');
    expect(screen.getByTestId('count-failed').textContent).toBe('1');
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).toBeNull();
  });

  it('EMAIL-SCREEN-02 the status filter asks for that status from page 1; the pager asks for other pages', async () => {
    const { fetchMock } = setup({ 'GET /api/admin/emails': () => listOf(EMAILS, 3, 55) });
    await rows();
    const pager = await screen.findByRole('navigation', { name: 'Pagination' });
    fireEvent.click(within(pager).getByRole('button', { name: '2' }));
    await waitFor(() => expect(listCalls(fetchMock).at(-1)).toEqual({ page: '2' }));
    const select = screen.getByLabelText('Status') as HTMLSelectElement;
    expect([...select.options].map((o) => o.value)).toEqual(['', 'queued', 'sending', 'sent', 'failed']);
    fireEvent.change(select, { target: { value: 'failed' } });
    await waitFor(() => expect(listCalls(fetchMock).at(-1)).toEqual({ status: 'failed', page: '1' }));
  });

  it('EMAIL-SCREEN-03 the details show the message text and the HTML in a sandboxed frame, with the download', async () => {
    const createObjectURL = vi.fn(() => 'blob:eml');
    const revokeObjectURL = vi.fn();
    // jsdom has no object URLs: stand-ins, put back afterwards.
    const original = { createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL };
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    onTestFinished(() => {
      Object.assign(URL, original);
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { calls } = setup({
      'GET /api/admin/emails/e1/eml': () =>
        new Response('Subject: New inquiry\r\n\r\nHello', {
          status: 200,
          headers: { 'content-type': 'message/rfc822' },
        }),
    });
    const [first] = await rows();
    fireEvent.click(within(first as HTMLElement).getByRole('button', { name: /^View email to staff@example.com/ }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Email details' }));
    expect(await dialog.findByText(/Carla Contact asked about shipping\.\s+Review the inquiry/)).toBeTruthy();
    expect(dialog.getByText('Heritage Import Motors <no-reply@localhost>')).toBeTruthy();
    const frame = dialog.getByTitle('HTML version of the email') as HTMLIFrameElement;
    expect(frame.getAttribute('sandbox')).toBe('');
    expect(frame.getAttribute('srcdoc')).toContain('<p>Carla Contact asked about shipping.</p>');

    fireEvent.click(dialog.getByRole('button', { name: 'Download .eml' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const download = calls.find((c) => c.path === '/api/admin/emails/e1/eml');
    expect(download?.method).toBe('GET');
    expect(createObjectURL).toHaveBeenCalled();
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:eml');
    click.mockRestore();
  });

  it('EMAIL-SCREEN-04 "Send again" queues a failed email again and refreshes the list', async () => {
    let retried = false;
    const { calls } = setup({
      'GET /api/admin/emails': () =>
        listOf(
          retried
            ? [
                email('e3', {
                  status: 'queued',
                  attempts: 0,
                  lastError: 'connect ECONNREFUSED 127.0.0.1:25',
                  hasFile: false,
                }),
              ]
            : EMAILS,
        ),
      'POST /api/admin/emails/e3/retry': () => {
        retried = true;
        return jsonResponse(200, { email: email('e3', { status: 'queued', attempts: 0, hasFile: false }) });
      },
    });
    const failed = (await rows())[2] as HTMLElement;
    fireEvent.click(within(failed).getByRole('button', { name: /^Send again the email/ }));
    expect(await screen.findByText('The email is queued and will be sent again shortly.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/api/admin/emails/e3/retry']);
    await waitFor(async () => expect(await rows()).toHaveLength(1));
    expect(within((await rows())[0] as HTMLElement).getByText('Queued')).toBeTruthy();
  });

  it('EMAIL-SCREEN-05 a refused retry shows the server message; a failed load says so', async () => {
    setup({
      'POST /api/admin/emails/e3/retry': () => jsonResponse(409, { message: 'Only a failed email can be sent again' }),
    });
    const failed = (await rows())[2] as HTMLElement;
    fireEvent.click(within(failed).getByRole('button', { name: /^Send again the email/ }));
    expect(await screen.findByText('Only a failed email can be sent again')).toBeTruthy();
    cleanup();
    setup({ 'GET /api/admin/emails': () => jsonResponse(500, {}) });
    expect(await screen.findByText('Failed to load emails. Please try again.')).toBeTruthy();
  });

  it('EMAIL-SCREEN-06 the sidebar link shows for a SuperAdmin only; an Admin who opens the address is told why and nothing is asked', async () => {
    setup();
    const sidebar = within(await screen.findByRole('complementary', { name: 'Admin navigation' }));
    expect(sidebar.getByRole('link', { name: 'Sent emails' }).getAttribute('href')).toBe('/admin/emails');
    cleanup();
    const { fetchMock } = setup({}, admin);
    const adminSidebar = within(await screen.findByRole('complementary', { name: 'Admin navigation' }));
    expect(adminSidebar.getByRole('link', { name: 'Settings' })).toBeTruthy();
    expect(adminSidebar.queryByRole('link', { name: 'Sent emails' })).toBeNull();
    expect(await screen.findByText('Only a SuperAdmin can see sent emails')).toBeTruthy();
    expect(listCalls(fetchMock)).toEqual([]);
  });
});
