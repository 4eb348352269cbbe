import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CONTACTS_PAGE_SIZE, type ContactPriority, type ContactStatus } from '@vm/shared/constants';
import type { Contact } from '@vm/shared/contact';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from '../../../lib/toast';
import { Alert } from '../../../components/alert';
import { usePageTitle } from '../../../lib/page-title';
import { AdminPager } from '../components/admin-pager';
import { ListBody, ListPanel } from '../components/list-panel';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DASHBOARD_KEY } from '../dashboard/dashboard-api';
import { ContactDetailsModal } from './contact-details-modal';
import { ContactFilters } from './contact-filters';
import { CONTACT_PRIORITY_LABELS, CONTACT_STATUS_LABELS } from './contact-selects';
import { ContactStatsCards } from './contact-stats-cards';
import {
  CONTACT_MESSAGES,
  CONTACTS_KEY,
  type ContactListParams,
  deleteContact,
  fetchContact,
  fetchContactStats,
  fetchContacts,
  updateContact,
} from './contacts-api';
import { ContactsTable } from './contacts-table';

const INITIAL: ContactListParams = {
  page: 1,
  status: '',
  priority: '',
  search: '',
  sortBy: 'createdAt',
  sortOrder: 'desc',
};

type Change = { status: ContactStatus } | { priority: ContactPriority };

/** The query parameter of a staff notice's link: /admin/contacts?contact=<id> opens that inquiry. */
const LINK_PARAM = 'contact';

/** /admin/contacts, "Contact Management" (ADMIN-CON-01..22, ERR-19..22). */
export function ContactsPage() {
  usePageTitle('Contact Management');
  const queryClient = useQueryClient();
  const [params, setParams] = useState<ContactListParams>(INITIAL);
  const [viewingId, setViewingId] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Contact | null>(null);
  const [banner, setBanner] = useState<string | null>(null);

  const list = useQuery({
    queryKey: [...CONTACTS_KEY, 'list', params],
    queryFn: () => fetchContacts(params),
    placeholderData: keepPreviousData,
  });
  const stats = useQuery({ queryKey: [...CONTACTS_KEY, 'stats'], queryFn: fetchContactStats });

  // A staff notice links to one inquiry (docs/product-rules.md#notifications): it opens in Contact
  // Details, wherever it is in the list.
  const [searchParams, setSearchParams] = useSearchParams();
  const linkedId = searchParams.get(LINK_PARAM);
  const linked = useQuery({
    queryKey: [...CONTACTS_KEY, 'one', linkedId],
    queryFn: () => fetchContact(linkedId ?? ''),
    enabled: linkedId !== null,
    refetchOnWindowFocus: false,
  });
  const linkedContactId = linked.data?.id;
  const openedLink = useRef<string | null>(null);
  useEffect(() => {
    if (!linkedContactId || openedLink.current === linkedContactId) return;
    openedLink.current = linkedContactId;
    setViewingId(linkedContactId);
  }, [linkedContactId]);
  const closeDetails = () => {
    setViewingId(null);
    openedLink.current = null;
    if (linkedId !== null)
      setSearchParams(
        (p) => {
          p.delete(LINK_PARAM);
          return p;
        },
        { replace: true },
      );
  };

  // Changing a filter or the search goes back to page 1 (docs/product-rules.md#lists).
  const changeFilters = useCallback(
    (changes: Partial<ContactListParams>) => setParams((p) => ({ ...p, ...changes, page: 1 })),
    [],
  );
  // ADMIN-CON-16: after a change the list and the stats reload.
  const reload = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: CONTACTS_KEY }),
      queryClient.invalidateQueries({ queryKey: DASHBOARD_KEY }),
    ]);

  const change = useMutation({
    mutationFn: (v: { contact: Contact; change: Change }) => updateContact(v.contact.id, v.change),
    onSuccess: async (saved, { change: c }) => {
      toast.success(
        'status' in c
          ? `Status set to ${CONTACT_STATUS_LABELS[saved.status]}`
          : `Priority set to ${CONTACT_PRIORITY_LABELS[saved.priority]}`,
      );
      await reload();
    },
    onError: (_err, { change: c }) =>
      setBanner('status' in c ? CONTACT_MESSAGES.statusFailed : CONTACT_MESSAGES.priorityFailed),
  });
  const save = (contact: Contact, c: Change) => {
    setBanner(null);
    change.mutate({ contact, change: c });
  };

  const removal = useMutation({
    mutationFn: (contact: Contact) => deleteContact(contact.id),
    onSuccess: async (_data, contact) => {
      toast.success(`The inquiry from ${contact.fullName} was deleted`);
      setDeleting(null);
      if (viewingId === contact.id) closeDetails();
      await reload();
    },
    onError: () => {
      setDeleting(null);
      setBanner(CONTACT_MESSAGES.deleteFailed);
    },
  });

  const data = list.data;
  const viewing = viewingId
    ? (data?.contacts.find((c) => c.id === viewingId) ?? (linked.data?.id === viewingId ? linked.data : null))
    : null;
  const filtered = params.search !== '' || params.status !== '' || params.priority !== '';
  const savingId = change.isPending ? (change.variables?.contact.id ?? null) : null;
  // Deleting the last inquiry of the last page moves back to the new last page.
  const lastPage = data?.pagination.totalPages ?? 1;
  const pageIsEmpty = data !== undefined && data.contacts.length === 0 && params.page > 1 && !list.isFetching;
  useEffect(() => {
    if (pageIsEmpty) setParams((p) => ({ ...p, page: lastPage }));
  }, [pageIsEmpty, lastPage]);

  return (
    <div className="space-y-6">
      <div>
        <h2 className="text-2xl font-bold text-ink-900">Contact Management</h2>
        <p className="text-sm text-slate-500">
          Customer inquiries and support requests from the contact form: triage, follow up and resolve them.
        </p>
      </div>

      <ContactStatsCards stats={stats.data} />
      {stats.isError ? <Alert>{stats.error.message}</Alert> : null}

      <ContactFilters filters={params} onChange={changeFilters} />

      {banner ? <Alert onDismiss={() => setBanner(null)}>{banner}</Alert> : null}
      {list.isError ? <Alert>{list.error.message}</Alert> : null}
      {linked.isError ? <Alert>{CONTACT_MESSAGES.linkNotFound}</Alert> : null}

      <ListPanel>
        <ListBody query={list} loadingText="Loading contacts...">
          {(loaded) => (
            <>
              <ContactsTable
                contacts={loaded.contacts}
                savingId={savingId}
                onStatus={(c, status) => save(c, { status })}
                onPriority={(c, priority) => save(c, { priority })}
                onView={(c) => setViewingId(c.id)}
                onDelete={(c) => {
                  setBanner(null);
                  setDeleting(c);
                }}
                emptyText={filtered ? 'No contacts match these filters.' : 'No contact inquiries yet.'}
              />
              {/* ADMIN-CON-22: numbered pages only when there is more than one. */}
              {loaded.pagination.totalPages > 1 ? (
                <AdminPager
                  page={loaded.pagination.currentPage}
                  totalPages={loaded.pagination.totalPages}
                  total={loaded.pagination.totalContacts}
                  limit={CONTACTS_PAGE_SIZE}
                  onPage={(page) => setParams((p) => ({ ...p, page }))}
                />
              ) : null}
            </>
          )}
        </ListBody>
      </ListPanel>

      <ContactDetailsModal
        contact={viewing}
        saving={viewing !== null && savingId === viewing.id}
        onStatus={(c, status) => save(c, { status })}
        onPriority={(c, priority) => save(c, { priority })}
        onClose={closeDetails}
      />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete Contact"
        message={`Are you sure you want to delete the inquiry from ${deleting?.fullName ?? ''}? This action cannot be undone.`}
        busy={removal.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) removal.mutate(deleting);
        }}
      />
    </div>
  );
}
