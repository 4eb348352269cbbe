import { ADMIN_USER_PAGE_SIZES, USER_ROLE_FILTERS, USER_STATUS_FILTERS } from '@vm/shared/constants';
import { isOneOf } from '@vm/shared/one-of';
import { useState } from 'react';
import { Button } from '../../../components/button';
import { SelectField } from '../../../components/form-field';
import type { UserListParams } from './users-api';

type Filters = Pick<UserListParams, 'role' | 'status' | 'limit'>;

/** ADMIN-USR-05..08: Role, Status and Results per page, applied together by "Apply Filters". */
export function UsersFilters({ applied, onApply }: { applied: Filters; onApply: (filters: Filters) => void }) {
  const [draft, setDraft] = useState<Filters>(applied);
  return (
    <form
      className="grid gap-4 border-b border-slate-200 bg-slate-50 px-4 py-4 sm:grid-cols-2 lg:grid-cols-4 lg:items-end"
      onSubmit={(e) => {
        e.preventDefault();
        onApply(draft);
      }}
      aria-label="User filters"
    >
      <SelectField
        label="Role"
        value={draft.role}
        onChange={(e) => {
          const role = e.target.value;
          if (isOneOf(USER_ROLE_FILTERS, role)) setDraft((d) => ({ ...d, role }));
        }}
      >
        {USER_ROLE_FILTERS.map((r) => (
          <option key={r} value={r}>
            {r}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Status"
        value={draft.status}
        onChange={(e) => {
          const status = e.target.value;
          if (isOneOf(USER_STATUS_FILTERS, status)) setDraft((d) => ({ ...d, status }));
        }}
      >
        {USER_STATUS_FILTERS.map((s) => (
          <option key={s} value={s}>
            {s}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Results per page"
        value={draft.limit}
        onChange={(e) => setDraft((d) => ({ ...d, limit: Number(e.target.value) }))}
      >
        {ADMIN_USER_PAGE_SIZES.map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </SelectField>
      <Button type="submit">Apply Filters</Button>
    </form>
  );
}
