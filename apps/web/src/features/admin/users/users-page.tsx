import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DEFAULT_ADMIN_PAGE_SIZE } from '@vm/shared/constants';
import type { User } from '@vm/shared/user';
import { Filter, Plus, Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from 'react-toastify';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { controlClass } from '../../../components/form-field';
import { errorMessage } from '../../../lib/api-client';
import { usePageTitle } from '../../../lib/page-title';
import { useAuth } from '../../auth/auth-context';
import { AdminPager } from '../components/admin-pager';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DASHBOARD_KEY } from '../dashboard/dashboard-api';
import { CreateUserModal, EditUserModal } from './user-form-modals';
import { USER_MESSAGES } from './user-messages';
import { deleteUser, fetchUser, fetchUsers, USERS_KEY, type UserListParams, userKey } from './users-api';
import { UsersFilters } from './users-filters';
import { UsersTable } from './users-table';

const INITIAL: UserListParams = {
  search: '',
  role: 'All',
  status: 'All',
  sortBy: 'createdAt',
  sortOrder: 'desc',
  page: 1,
  limit: DEFAULT_ADMIN_PAGE_SIZE,
};

interface Banner {
  text: string;
  detail?: string | undefined;
}

/** /admin/users (ADMIN-USR-01..34). */
export function UsersPage() {
  usePageTitle('Users');
  const { user: me } = useAuth();
  const queryClient = useQueryClient();
  const [params, setParams] = useState<UserListParams>(INITIAL);
  const [searchText, setSearchText] = useState('');
  const [showFilters, setShowFilters] = useState(false);
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<User | null>(null);
  const [loadingUserId, setLoadingUserId] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<User | null>(null);
  const [banner, setBanner] = useState<Banner | null>(null);

  const list = useQuery({
    queryKey: [...USERS_KEY, 'list', params],
    queryFn: () => fetchUsers(params),
    placeholderData: keepPreviousData,
  });

  // Changing a filter or the search goes back to page 1 (decisions.md).
  const update = (changes: Partial<UserListParams>) => setParams((p) => ({ ...p, page: 1, ...changes }));
  const sortBy = (field: UserListParams['sortBy']) =>
    update(
      params.sortBy === field
        ? { sortOrder: params.sortOrder === 'asc' ? 'desc' : 'asc' }
        : { sortBy: field, sortOrder: 'asc' },
    );

  // ADMIN-USR-30: Edit loads the user first, then opens the filled modal.
  const openEdit = async (user: User) => {
    setBanner(null);
    setLoadingUserId(user.id);
    try {
      setEditing(
        await queryClient.fetchQuery({ queryKey: userKey(user.id), queryFn: () => fetchUser(user.id), staleTime: 0 }),
      );
    } catch (err) {
      setBanner({ text: USER_MESSAGES.detailsFailed, detail: errorMessage(err, '') || undefined });
    } finally {
      setLoadingUserId(null);
    }
  };

  const removal = useMutation({
    mutationFn: (user: User) => deleteUser(user.id),
    onSuccess: async (_data, user) => {
      toast.success(`${user.name} was deleted`);
      setDeleting(null);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: USERS_KEY }),
        queryClient.invalidateQueries({ queryKey: DASHBOARD_KEY }),
      ]);
    },
    onError: (err) => {
      setDeleting(null);
      setBanner({ text: USER_MESSAGES.deleteFailed, detail: errorMessage(err, '') || undefined });
    },
  });

  const data = list.data;
  // Deleting the last user of the last page moves back to the new last page.
  const lastPage = data?.totalPages ?? 1;
  const pageIsEmpty = data !== undefined && data.users.length === 0 && params.page > 1 && !list.isFetching;
  useEffect(() => {
    if (pageIsEmpty) setParams((p) => ({ ...p, page: lastPage }));
  }, [pageIsEmpty, lastPage]);

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 className="text-2xl font-bold text-ink-900">Users</h2>
          <p className="text-sm text-slate-500">Accounts, roles and access to the marketplace.</p>
        </div>
        <Button onClick={() => setCreating(true)}>
          <Plus className="h-4 w-4" aria-hidden="true" /> Add User
        </Button>
      </div>

      {banner ? (
        <Alert onDismiss={() => setBanner(null)}>
          <p className="font-semibold">{banner.text}</p>
          {banner.detail && banner.detail !== banner.text ? <p className="mt-1">{banner.detail}</p> : null}
        </Alert>
      ) : null}
      {list.isError ? <Alert>{USER_MESSAGES.loadFailed}</Alert> : null}

      <section className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
        <div className="flex flex-col gap-3 border-b border-slate-200 px-4 py-4 sm:flex-row sm:items-center">
          <form
            aria-label="User search"
            className="flex flex-1 gap-2"
            onSubmit={(e) => {
              e.preventDefault();
              update({ search: searchText });
            }}
          >
            <label htmlFor="user-search" className="sr-only">
              Search users
            </label>
            <div className="relative flex-1">
              <Search
                className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-400"
                aria-hidden="true"
              />
              <input
                id="user-search"
                type="search"
                value={searchText}
                onChange={(e) => setSearchText(e.target.value)}
                placeholder="Search by name, email or username"
                className={`${controlClass} pl-9`}
              />
            </div>
            <Button type="submit" variant="secondary">
              Search
            </Button>
          </form>
          <Button
            variant="secondary"
            onClick={() => setShowFilters((s) => !s)}
            aria-expanded={showFilters}
            aria-controls="user-filters"
          >
            <Filter className="h-4 w-4" aria-hidden="true" />
            {showFilters ? 'Hide Filters' : 'Show Filters'}
          </Button>
        </div>
        {showFilters ? (
          <div id="user-filters">
            <UsersFilters
              applied={{ role: params.role, status: params.status, limit: params.limit }}
              onApply={(filters) => update(filters)}
            />
          </div>
        ) : null}

        {list.isPending ? (
          <div className="flex items-center justify-center gap-3 py-16 text-sm text-slate-500" role="status">
            <span
              className="h-6 w-6 animate-spin rounded-full border-4 border-slate-200 border-t-brand-600"
              aria-hidden="true"
            />
            Loading users...
          </div>
        ) : data ? (
          <div className={list.isFetching ? 'opacity-70 transition-opacity' : ''} aria-busy={list.isFetching}>
            <UsersTable
              users={data.users}
              currentUserId={me?.id}
              sortBy={params.sortBy}
              sortOrder={params.sortOrder}
              onSort={sortBy}
              onEdit={openEdit}
              onDelete={(user) => {
                setBanner(null);
                setDeleting(user);
              }}
              onDeleteSelf={() => setBanner({ text: USER_MESSAGES.cannotDeleteSelf })}
              busyUserId={loadingUserId}
            />
            {data.totalUsers > 0 ? (
              <AdminPager
                page={params.page}
                totalPages={data.totalPages}
                total={data.totalUsers}
                limit={params.limit}
                onPage={(page) => setParams((p) => ({ ...p, page }))}
              />
            ) : null}
          </div>
        ) : null}
      </section>

      <CreateUserModal open={creating} onClose={() => setCreating(false)} />
      <EditUserModal user={editing} onClose={() => setEditing(null)} />
      <ConfirmDialog
        open={deleting !== null}
        title="Confirm Delete"
        message={USER_MESSAGES.deleteConfirm(deleting?.name ?? '')}
        busy={removal.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) removal.mutate(deleting);
        }}
      />
    </div>
  );
}
