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
const iconBtn = 'inline-flex h-9 w-9 items-center justify-center rounded-lg';

/** ADMIN-CON-10..17: Contact, Subject, Status, Priority, Date, Actions. */
export function ContactsTable({ contacts, savingId, onStatus, onPriority, onView, onDelete, emptyText }: Props) {
  return (
    <div className="relative overflow-x-auto">
      <table className="min-w-[820px] divide-y divide-slate-200 lg:min-w-full">
        <thead className="bg-slate-50">
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
        <tbody className="divide-y divide-slate-100 bg-white">
          {contacts.length === 0 ? (
            <tr>
              <td colSpan={6} className="px-4 py-12 text-center text-sm text-slate-500">
                {emptyText}
              </td>
            </tr>
          ) : (
            contacts.map((c) => (
              <tr key={c.id} className="align-top hover:bg-slate-50" data-testid="contact-row">
                <td className="px-4 py-3">
                  <p className="font-medium text-ink-900">{c.fullName}</p>
                  <a href={`mailto:${c.email}`} className="block text-sm text-slate-600 hover:text-brand-700">
                    {c.email}
                  </a>
                  <a href={telHref(c.phone)} className="block text-sm text-slate-500 hover:text-brand-700">
                    {c.phone}
                  </a>
                </td>
                <td className="max-w-xs px-4 py-3">
                  <p className="truncate text-sm font-medium text-ink-900" title={c.subject}>
                    {c.subject}
                  </p>
                  <p className="line-clamp-2 text-sm text-slate-500">{c.message}</p>
                </td>
                <td className="px-4 py-3">
                  <ContactStatusSelect
                    value={c.status}
                    label={`Status of ${c.fullName}'s inquiry`}
                    disabled={savingId === c.id}
                    onChange={(status) => onStatus(c, status)}
                  />
                </td>
                <td className="px-4 py-3">
                  <ContactPrioritySelect
                    value={c.priority}
                    label={`Priority of ${c.fullName}'s inquiry`}
                    disabled={savingId === c.id}
                    onChange={(priority) => onPriority(c, priority)}
                  />
                </td>
                <td className="px-4 py-3 text-sm whitespace-nowrap text-slate-600">
                  <time dateTime={c.createdAt} title={formatDateTime(c.createdAt)}>
                    {formatDate(c.createdAt)}
                  </time>
                </td>
                <td className="px-4 py-3">
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
