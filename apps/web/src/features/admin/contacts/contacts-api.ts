import type { SortOrder } from '@vm/shared/common';
import {
  type CONTACT_SORT_FIELDS,
  CONTACTS_PAGE_SIZE,
  type ContactPriority,
  type ContactStatus,
} from '@vm/shared/constants';
import type { Contact } from '@vm/shared/contact';
import { api, errorMessage } from '../../../lib/api-client';

export interface ContactListParams {
  page: number;
  status: ContactStatus | '';
  priority: ContactPriority | '';
  search: string;
  sortBy: (typeof CONTACT_SORT_FIELDS)[number];
  sortOrder: SortOrder;
}

export interface ContactListResponse {
  contacts: Contact[];
  pagination: {
    currentPage: number;
    totalPages: number;
    totalContacts: number;
    hasNextPage: boolean;
    hasPrevPage: boolean;
  };
}

export interface ContactStats {
  totalContacts: number;
  newContacts: number;
  resolvedContacts: number;
  urgentContacts: number;
}

export const CONTACTS_KEY = ['admin', 'contacts'] as const;

/** The client's default failure texts (ERR-23..26) and the screen's own (ERR-19..22). */
export const CONTACT_MESSAGES = {
  fetchFailed: 'Failed to fetch contacts',
  updateFailed: 'Failed to update contact',
  deleteFailed: 'Failed to delete contact',
  statsFailed: 'Failed to fetch contact statistics',
  statusFailed: 'Failed to update contact status',
  priorityFailed: 'Failed to update contact priority',
  linkNotFound: 'The inquiry in this link was not found. It may have been deleted.',
} as const;

/** Calls the API and rethrows any failure as an Error carrying the server's message or the default. */
async function call<T>(request: () => Promise<T>, fallback: string): Promise<T> {
  try {
    return await request();
  } catch (err) {
    throw new Error(errorMessage(err, fallback));
  }
}

/** ADMIN-CON-09: only non-empty filters are sent (the API client drops empty values). */
export function fetchContacts(params: ContactListParams): Promise<ContactListResponse> {
  return call(
    () =>
      api<ContactListResponse>('/contact/admin/all', {
        query: {
          page: params.page,
          limit: CONTACTS_PAGE_SIZE,
          status: params.status,
          priority: params.priority,
          search: params.search.trim(),
          sortBy: params.sortBy,
          sortOrder: params.sortOrder,
        },
      }),
    CONTACT_MESSAGES.fetchFailed,
  );
}

export function fetchContactStats(): Promise<ContactStats> {
  return call(() => api<ContactStats>('/contact/admin/stats'), CONTACT_MESSAGES.statsFailed);
}

/** One inquiry, as a staff notice links to it (/admin/contacts?contact=<id>). */
export async function fetchContact(id: string): Promise<Contact> {
  const res = await call(
    () => api<{ contact: Contact }>(`/contact/admin/${encodeURIComponent(id)}`),
    CONTACT_MESSAGES.linkNotFound,
  );
  return res.contact;
}

/** API-14: sends {status} or {priority}. */
export async function updateContact(
  id: string,
  change: { status: ContactStatus } | { priority: ContactPriority },
): Promise<Contact> {
  const res = await call(
    () => api<{ contact: Contact }>(`/contact/admin/${encodeURIComponent(id)}`, { method: 'PUT', body: change }),
    CONTACT_MESSAGES.updateFailed,
  );
  return res.contact;
}

export async function deleteContact(id: string): Promise<void> {
  await call(
    () => api(`/contact/admin/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    CONTACT_MESSAGES.deleteFailed,
  );
}
