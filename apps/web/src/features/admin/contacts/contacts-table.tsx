import type { ContactPriority, ContactStatus } from '@vm/shared/constants';
import { telHref } from '@vm/shared/contact-links';
import type { Contact } from '@vm/shared/contact';
import { formatDate } from '@vm/shared/format-date';
import { Eye, Trash2 } from 'lucide-react';
import { type DataColumn, DataTable } from '../components/data-table';
import { RowActionButton, RowActions } from '../components/row-action-button';
import { Timestamp } from '../components/timestamp';
import { ContactPrioritySelect, ContactStatusSelect } from './contact-selects';

interface Props {
  contacts: Contact[];
  savingId: string | null;
  onStatus: (contact: Contact, status: ContactStatus) => void;
  onPriority: (contact: Contact, priority: ContactPriority) => void;
  onView: (contact: Contact) => void;
  onDelete: (contact: Contact) => void;
  emptyText: string;
}

/** ADMIN-CON-10..17: Contact, Subject, Status, Priority, Date, Actions; a two-column card below lg. */
export function ContactsTable({ contacts, savingId, onStatus, onPriority, onView, onDelete, emptyText }: Props) {
  // Status and priority are changed in place; the row's selects wait while its change is saved.
  const triage = (c: Contact, what: 'Status' | 'Priority') => ({
    label: `${what} of ${c.fullName}'s inquiry`,
    disabled: savingId === c.id,
  });
  const columns: DataColumn<Contact>[] = [
    {
      header: 'Contact',
      cellClassName: 'col-span-2 min-w-0',
      cell: (c) => (
        <>
          <p className="font-medium text-ink-900">{c.fullName}</p>
          <a href={`mailto:${c.email}`} className="block text-sm break-all text-slate-600 hover:text-brand-700">
            {c.email}
          </a>
          <a href={telHref(c.phone)} className="block text-sm text-slate-500 hover:text-brand-700">
            {c.phone}
          </a>
        </>
      ),
    },
    {
      header: 'Subject',
      cellClassName: 'col-span-2 min-w-0 lg:max-w-xs',
      cell: (c) => (
        <>
          <p className="truncate text-sm font-medium text-ink-900" title={c.subject}>
            {c.subject}
          </p>
          <p className="line-clamp-2 text-sm text-slate-500">{c.message}</p>
        </>
      ),
    },
    {
      header: 'Status',
      cell: (c) => <ContactStatusSelect value={c.status} {...triage(c, 'Status')} onChange={(s) => onStatus(c, s)} />,
    },
    {
      header: 'Priority',
      cell: (c) => (
        <ContactPrioritySelect value={c.priority} {...triage(c, 'Priority')} onChange={(p) => onPriority(c, p)} />
      ),
    },
    {
      header: 'Date',
      cellClassName: 'text-sm whitespace-nowrap text-slate-600',
      cell: (c) => <Timestamp iso={c.createdAt} format={formatDate} />,
    },
    {
      header: 'Actions',
      alignEnd: true,
      cell: (c) => (
        <RowActions>
          <RowActionButton
            icon={Eye}
            label={`View inquiry from ${c.fullName}`}
            title="View"
            onClick={() => onView(c)}
          />
          <RowActionButton
            icon={Trash2}
            tone="danger"
            label={`Delete inquiry from ${c.fullName}`}
            title="Delete"
            onClick={() => onDelete(c)}
          />
        </RowActions>
      ),
    },
  ];
  return (
    <DataTable
      label="Contact inquiries"
      columns={columns}
      rows={contacts}
      cards={{ below: 'lg', rowClassName: 'grid grid-cols-2 items-center gap-x-3 gap-y-2 px-4 py-3 align-top' }}
      emptyText={emptyText}
      rowTestId="contact-row"
    />
  );
}
