import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DEFAULT_ADMIN_PAGE_SIZE, isSuperAdminRole } from '@vm/shared/constants';
import type { User } from '@vm/shared/user';
import { Filter, Plus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from '../../../lib/toast';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { errorMessage } from '../../../lib/api-client';
import { usePageTitle } from '../../../lib/page-title';
import { useAuth } from '../../auth/auth-context';
import { AdminPager } from '../components/admin-pager';
import { ListBody, ListPanel, ListToolbar, SearchInput } from '../components/list-panel';
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

  // Changing a filter or the search goes back to page 1 (docs/product-rules.md#lists).
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

      <ListPanel>
        <ListToolbar>
          <form
            aria-label="User search"
            className="flex flex-1 gap-2"
            onSubmit={(e) => {
              e.preventDefault();
              update({ search: searchText });
            }}
          >
            <SearchInput
              label="Search users"
              placeholder="Search by name, email or username"
              value={searchText}
              onChange={setSearchText}
            />
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
        </ListToolbar>
        {showFilters ? (
          <div id="user-filters">
            <UsersFilters
              applied={{ role: params.role, status: params.status, limit: params.limit }}
              onApply={(filters) => update(filters)}
            />
          </div>
        ) : null}

        <ListBody query={list} loadingText="Loading users...">
          {(loaded) => (
            <>
              <UsersTable
                users={loaded.users}
                currentUserId={me?.id}
                viewerIsSuperAdmin={isSuperAdminRole(me?.role)}
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
              {loaded.totalUsers > 0 ? (
                <AdminPager
                  page={params.page}
                  totalPages={loaded.totalPages}
                  total={loaded.totalUsers}
                  limit={params.limit}
                  onPage={(page) => setParams((p) => ({ ...p, page }))}
                />
              ) : null}
            </>
          )}
        </ListBody>
      </ListPanel>

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
