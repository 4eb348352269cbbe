import type { SortOrder } from '@vm/shared/common';
import type { USER_SORT_FIELDS } from '@vm/shared/constants';
import type { User } from '@vm/shared/user';
import { ArrowDown, ArrowUp, ArrowUpDown, Pencil, Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '../../../components/badge';
import { UserAvatar } from './user-avatar';
import { RoleBadge, statusOf, UserStatusBadge } from './user-badges';
import { USER_MESSAGES } from './user-messages';

type SortField = (typeof USER_SORT_FIELDS)[number];

interface Props {
  users: User[];
  currentUserId: string | undefined;
  sortBy: SortField;
  sortOrder: SortOrder;
  onSort: (field: SortField) => void;
  onEdit: (user: User) => void;
  onDelete: (user: User) => void;
  /** A click on the disabled Delete of one's own row (VALID-26). */
  onDeleteSelf: () => void;
  busyUserId: string | null;
}

const th = 'text-left text-xs font-semibold uppercase tracking-wide text-slate-500 md:px-4 md:py-3';
const iconBtn =
  'inline-flex h-9 w-9 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 hover:text-ink-900 aria-disabled:cursor-not-allowed aria-disabled:opacity-40 aria-disabled:hover:bg-transparent';

/** ADMIN-USR-11: a header that sorts by its column; a second click toggles the direction. */
function SortHeader({
  field,
  label,
  sortBy,
  sortOrder,
  onSort,
  className = '',
}: {
  field: SortField;
  label: string;
  sortBy: SortField;
  sortOrder: SortOrder;
  onSort: (field: SortField) => void;
  className?: string;
}) {
  const active = sortBy === field;
  const Icon = !active ? ArrowUpDown : sortOrder === 'asc' ? ArrowUp : ArrowDown;
  return (
    <th
      scope="col"
      className={`${th} ${className}`}
      aria-sort={active ? (sortOrder === 'asc' ? 'ascending' : 'descending') : 'none'}
    >
      <button
        type="button"
        onClick={() => onSort(field)}
        className="inline-flex items-center gap-1 rounded uppercase hover:text-ink-900"
      >
        {label}
        <Icon className={`h-3.5 w-3.5 ${active ? 'text-brand-700' : 'text-slate-400'}`} aria-hidden="true" />
      </button>
    </th>
  );
}

/** ADMIN-USR-10..20: the user table. */
export function UsersTable({
  users,
  currentUserId,
  sortBy,
  sortOrder,
  onSort,
  onEdit,
  onDelete,
  onDeleteSelf,
  busyUserId,
}: Props) {
  const sortProps = { sortBy, sortOrder, onSort };
  return (
    // Below md the rows become cards and the headers a row of sort buttons: one DOM, no sideways scroll.
    <div className="relative overflow-x-auto">
      <table className="block w-full md:table md:min-w-full md:divide-y md:divide-slate-200">
        <thead className="block border-b border-slate-200 bg-slate-50 md:table-header-group md:border-0">
          <tr className="flex flex-wrap gap-x-5 gap-y-1 px-4 py-2.5 md:table-row md:p-0">
            <SortHeader field="name" label="Name" {...sortProps} />
            <SortHeader field="email" label="Email" {...sortProps} />
            <SortHeader field="role" label="Role" {...sortProps} />
            <SortHeader field="status" label="Status" {...sortProps} />
            <th scope="col" className={`${th} hidden text-right md:table-cell`}>
              Actions
            </th>
          </tr>
        </thead>
        <tbody className="block divide-y divide-slate-100 bg-white md:table-row-group">
          {users.length === 0 ? (
            <tr className="block md:table-row">
              <td colSpan={5} className="block px-4 py-12 text-center text-sm text-slate-500 md:table-cell">
                No users found
              </td>
            </tr>
          ) : (
            users.map((user) => {
              const isSelf = user.id === currentUserId;
              return (
                <tr
                  key={user.id}
                  className="flex flex-wrap items-center gap-2 px-4 py-3 hover:bg-slate-50 md:table-row md:p-0"
                  data-testid="user-row"
                >
                  <td className="w-full md:w-auto md:px-4 md:py-3">
                    <div className="flex items-center gap-3">
                      <UserAvatar user={user} />
                      <div className="min-w-0">
                        <div className="flex flex-wrap items-center gap-2">
                          <Link
                            to={`/admin/users/${user.id}`}
                            className="truncate font-medium text-ink-900 hover:text-brand-700 hover:underline"
                          >
                            {user.name}
                          </Link>
                          {isSelf ? <Badge tone="orange">You</Badge> : null}
                        </div>
                        <p className="truncate text-sm text-slate-500">@{user.username}</p>
                        <p className="text-sm break-all text-slate-500 md:hidden">{user.email}</p>
                      </div>
                    </div>
                  </td>
                  <td className="hidden text-sm text-slate-700 md:table-cell md:px-4 md:py-3">{user.email}</td>
                  <td className="pl-[52px] md:px-4 md:py-3">
                    <RoleBadge role={user.role} />
                  </td>
                  <td className="md:px-4 md:py-3">
                    <UserStatusBadge status={statusOf(user)} />
                  </td>
                  <td className="ml-auto md:ml-0 md:px-4 md:py-3">
                    <div className="flex justify-end gap-1">
                      <button
                        type="button"
                        className={iconBtn}
                        onClick={() => onEdit(user)}
                        aria-label={`Edit ${user.name}`}
                        title="Edit"
                        disabled={busyUserId === user.id}
                      >
                        <Pencil className="h-4 w-4" aria-hidden="true" />
                      </button>
                      {/* aria-disabled keeps the tooltip and focus on one's own row (VALID-25). */}
                      <button
                        type="button"
                        className={`${iconBtn} ${isSelf ? '' : 'text-red-600 hover:bg-red-50 hover:text-red-700'}`}
                        onClick={() => (isSelf ? onDeleteSelf() : onDelete(user))}
                        aria-label={`Delete ${user.name}`}
                        aria-disabled={isSelf ? true : undefined}
                        title={isSelf ? USER_MESSAGES.cannotDeleteSelfTooltip : 'Delete'}
                      >
                        <Trash2 className="h-4 w-4" aria-hidden="true" />
                      </button>
                    </div>
                  </td>
                </tr>
              );
            })
          )}
        </tbody>
      </table>
    </div>
  );
}
