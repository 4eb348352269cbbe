import type { SortOrder } from '@vm/shared/common';
import { isSuperAdminRole, type USER_SORT_FIELDS } from '@vm/shared/constants';
import type { User } from '@vm/shared/user';
import { Pencil, Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '../../../components/badge';
import { type DataColumn, DataTable } from '../components/data-table';
import { RowActionButton, RowActions } from '../components/row-action-button';
import { UserAvatar } from './user-avatar';
import { RoleBadge, statusOf, UserStatusBadge } from './user-badges';
import { USER_MESSAGES } from './user-messages';

type SortField = (typeof USER_SORT_FIELDS)[number];

interface Props {
  users: User[];
  currentUserId: string | undefined;
  /** An Admin is not offered Edit or Delete on a SuperAdmin's row (docs/decisions/122-people-rules.md). */
  viewerIsSuperAdmin: boolean;
  sortBy: SortField;
  sortOrder: SortOrder;
  onSort: (field: SortField) => void;
  onEdit: (user: User) => void;
  onDelete: (user: User) => void;
  /** A click on the disabled Delete of one's own row (VALID-26). */
  onDeleteSelf: () => void;
  busyUserId: string | null;
}

/**
 * ADMIN-USR-10..20: the user table; ADMIN-USR-11: Name, Email, Role and Status sort, a second click
 * toggles the direction. Below md the rows become cards under a strip of the sort buttons.
 */
export function UsersTable({
  users,
  currentUserId,
  viewerIsSuperAdmin,
  sortBy,
  sortOrder,
  onSort,
  onEdit,
  onDelete,
  onDeleteSelf,
  busyUserId,
}: Props) {
  const columns: DataColumn<User, SortField>[] = [
    {
      header: 'Name',
      sortKey: 'name',
      cellClassName: 'w-full md:w-auto',
      cell: (user) => (
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
              {user.id === currentUserId ? <Badge tone="orange">You</Badge> : null}
            </div>
            <p className="truncate text-sm text-slate-500">@{user.username}</p>
            <p className="text-sm break-all text-slate-500 md:hidden">{user.email}</p>
          </div>
        </div>
      ),
    },
    {
      header: 'Email',
      sortKey: 'email',
      // On a card the email sits under the name instead.
      cellClassName: 'hidden text-sm text-slate-700 md:table-cell',
      cell: (user) => user.email,
    },
    {
      header: 'Role',
      sortKey: 'role',
      // Lines the badge up with the name, past the avatar.
      cellClassName: 'pl-[52px]',
      cell: (user) => <RoleBadge role={user.role} />,
    },
    {
      header: 'Status',
      sortKey: 'status',
      cell: (user) => <UserStatusBadge status={statusOf(user)} />,
    },
    {
      header: 'Actions',
      alignEnd: true,
      cellClassName: 'ml-auto md:ml-0',
      cell: (user) => {
        const isSelf = user.id === currentUserId;
        if (isSuperAdminRole(user.role) && !viewerIsSuperAdmin) return null;
        return (
          <RowActions>
            <RowActionButton
              icon={Pencil}
              label={`Edit ${user.name}`}
              title="Edit"
              onClick={() => onEdit(user)}
              disabled={busyUserId === user.id}
            />
            {/* One's own Delete keeps its tooltip and focus, and explains on a click (VALID-25, VALID-26). */}
            <RowActionButton
              icon={Trash2}
              tone="danger"
              label={`Delete ${user.name}`}
              title={isSelf ? USER_MESSAGES.cannotDeleteSelfTooltip : 'Delete'}
              explainedDisabled={isSelf}
              onClick={() => (isSelf ? onDeleteSelf() : onDelete(user))}
            />
          </RowActions>
        );
      },
    },
  ];
  return (
    <DataTable
      label="Users"
      columns={columns}
      rows={users}
      cards={{ below: 'md', rowClassName: 'flex flex-wrap items-center gap-2 px-4 py-3' }}
      sort={{ by: sortBy, order: sortOrder, onSort }}
      emptyText="No users found"
      rowTestId="user-row"
    />
  );
}
