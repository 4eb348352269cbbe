import type { ContactPriority, ContactStatus } from '@vm/shared/constants';
import { telHref } from '@vm/shared/contact-links';
import type { Contact } from '@vm/shared/contact';
import { formatDate, formatDateTime } from '@vm/shared/format-date';
import { Eye, Trash2 } from 'lucide-react';
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

const th = 'px-4 py-3 text-left text-xs font-semibold uppercase tracking-wide text-slate-500';
/** Below lg each row is a two-column card; from lg up a plain table cell. */
const td = 'lg:table-cell lg:px-4 lg:py-3';
const iconBtn = 'inline-flex h-9 w-9 items-center justify-center rounded-lg';

/** ADMIN-CON-10..17: Contact, Subject, Status, Priority, Date, Actions. */
export function ContactsTable({ contacts, savingId, onStatus, onPriority, onView, onDelete, emptyText }: Props) {
  return (
    <div className="relative">
      <table className="block w-full lg:table lg:min-w-full lg:divide-y lg:divide-slate-200">
        <thead className="hidden bg-slate-50 lg:table-header-group">
          <tr>
            <th scope="col" className={th}>
              Contact
            </th>
            <th scope="col" className={th}>
              Subject
            </th>
            <th scope="col" className={th}>
              Status
            </th>
            <th scope="col" className={th}>
              Priority
            </th>
            <th scope="col" className={th}>
              Date
            </th>
            <th scope="col" className={`${th} text-right`}>
              Actions
            </th>
          </tr>
        </thead>
        <tbody className="block divide-y divide-slate-100 bg-white lg:table-row-group">
          {contacts.length === 0 ? (
            <tr className="block lg:table-row">
              <td colSpan={6} className="block px-4 py-12 text-center text-sm text-slate-500 lg:table-cell">
                {emptyText}
              </td>
            </tr>
          ) : (
            contacts.map((c) => (
              <tr
                key={c.id}
                className="grid grid-cols-2 items-center gap-x-3 gap-y-2 px-4 py-3 align-top hover:bg-slate-50 lg:table-row lg:p-0"
                data-testid="contact-row"
              >
                <td className={`${td} col-span-2 min-w-0`}>
                  <p className="font-medium text-ink-900">{c.fullName}</p>
                  <a href={`mailto:${c.email}`} className="block text-sm break-all text-slate-600 hover:text-brand-700">
                    {c.email}
                  </a>
                  <a href={telHref(c.phone)} className="block text-sm text-slate-500 hover:text-brand-700">
                    {c.phone}
                  </a>
                </td>
                <td className={`${td} col-span-2 min-w-0 lg:max-w-xs`}>
                  <p className="truncate text-sm font-medium text-ink-900" title={c.subject}>
                    {c.subject}
                  </p>
                  <p className="line-clamp-2 text-sm text-slate-500">{c.message}</p>
                </td>
                <td className={td}>
                  <ContactStatusSelect
                    value={c.status}
                    label={`Status of ${c.fullName}'s inquiry`}
                    disabled={savingId === c.id}
                    onChange={(status) => onStatus(c, status)}
                  />
                </td>
                <td className={td}>
                  <ContactPrioritySelect
                    value={c.priority}
                    label={`Priority of ${c.fullName}'s inquiry`}
                    disabled={savingId === c.id}
                    onChange={(priority) => onPriority(c, priority)}
                  />
                </td>
                <td className={`${td} text-sm whitespace-nowrap text-slate-600`}>
                  <time dateTime={c.createdAt} title={formatDateTime(c.createdAt)}>
                    {formatDate(c.createdAt)}
                  </time>
                </td>
                <td className={td}>
                  <div className="flex justify-end gap-1">
                    <button
                      type="button"
                      className={`${iconBtn} text-slate-600 hover:bg-slate-100 hover:text-ink-900`}
                      onClick={() => onView(c)}
                      aria-label={`View inquiry from ${c.fullName}`}
                      title="View"
                    >
                      <Eye className="h-4 w-4" aria-hidden="true" />
                    </button>
                    <button
                      type="button"
                      className={`${iconBtn} text-red-600 hover:bg-red-50`}
                      onClick={() => onDelete(c)}
                      aria-label={`Delete inquiry from ${c.fullName}`}
                      title="Delete"
                    >
                      <Trash2 className="h-4 w-4" aria-hidden="true" />
                    </button>
                  </div>
                </td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
