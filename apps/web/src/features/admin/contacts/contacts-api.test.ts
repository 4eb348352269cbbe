import { afterEach, describe, expect, it, vi } from 'vitest';
import { CONTACT_MESSAGES, deleteContact, fetchContactStats, fetchContacts, updateContact } from './contacts-api';

const params = {
  page: 2,
  status: 'new',
  priority: '',
  search: '  skyline ',
  sortBy: 'priority',
  sortOrder: 'desc',
} as const;

function answer(status: number, body: unknown) {
  const fetchMock = vi.fn(
    async (_url: RequestInfo | URL, _init?: RequestInit) => new Response(JSON.stringify(body), { status }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
/** A failure whose body is not JSON, so there is no server message. */
function answerWithoutMessage(status: number) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('upstream down', { status })),
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('contacts client', () => {
  it('ADMIN-CON-09 API-13 sends only the non-empty filters, with limit 10', async () => {
    const fetchMock = answer(200, { contacts: [], pagination: {} });
    await fetchContacts(params);
    const url = new URL(String(fetchMock.mock.calls[0]?.[0]), 'http://x');
    expect(url.pathname).toBe('/api/contact/admin/all');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      page: '2',
      limit: '10',
      status: 'new',
      search: 'skyline',
      sortBy: 'priority',
      sortOrder: 'desc',
    });
  });

  it('ERR-23 the list call throws the server message, else "Failed to fetch contacts"', async () => {
    answer(400, { message: 'Unknown contact status' });
    await expect(fetchContacts(params)).rejects.toThrow('Unknown contact status');
    answerWithoutMessage(502);
    await expect(fetchContacts(params)).rejects.toThrow(CONTACT_MESSAGES.fetchFailed);
    expect(CONTACT_MESSAGES.fetchFailed).toBe('Failed to fetch contacts');
  });

  it('ERR-24 API-14 the update call sends {status} or {priority}; it throws the server message, else "Failed to update contact"', async () => {
    const fetchMock = answer(200, { contact: { id: 'c1', status: 'resolved' } });
    await updateContact('c1', { status: 'resolved' });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/contact/admin/c1');
    expect(init?.method).toBe('PUT');
    expect(JSON.parse(String(init?.body))).toEqual({ status: 'resolved' });
    answer(404, { message: 'Contact not found' });
    await expect(updateContact('c1', { priority: 'high' })).rejects.toThrow('Contact not found');
    answerWithoutMessage(500);
    await expect(updateContact('c1', { priority: 'high' })).rejects.toThrow('Failed to update contact');
  });

  it('ERR-25 the delete call throws the server message, else "Failed to delete contact"', async () => {
    answer(403, { message: 'You do not have permission to do that' });
    await expect(deleteContact('c1')).rejects.toThrow('You do not have permission to do that');
    answerWithoutMessage(500);
    await expect(deleteContact('c1')).rejects.toThrow('Failed to delete contact');
  });

  it('ERR-26 the stats call throws the server message, else "Failed to fetch contact statistics"', async () => {
    answer(200, { totalContacts: 3, newContacts: 1, resolvedContacts: 1, urgentContacts: 0 });
    expect(await fetchContactStats()).toEqual({
      totalContacts: 3,
      newContacts: 1,
      resolvedContacts: 1,
      urgentContacts: 0,
    });
    answer(503, { message: 'The service is temporarily unavailable. Please try again shortly.' });
    await expect(fetchContactStats()).rejects.toThrow('temporarily unavailable');
    answerWithoutMessage(500);
    await expect(fetchContactStats()).rejects.toThrow('Failed to fetch contact statistics');
  });
});
