import { CONTACT_PRIORITIES, CONTACT_SORT_CHOICES, CONTACT_STATUSES } from '@vm/shared/constants';
import { isOneOf } from '@vm/shared/one-of';
import { useEffect, useState } from 'react';
import { SelectField, TextField } from '../../../components/form-field';
import { CONTACT_PRIORITY_LABELS, CONTACT_STATUS_LABELS } from './contact-selects';
import type { ContactListParams } from './contacts-api';

type Filters = Omit<ContactListParams, 'page'>;

const SEARCH_DELAY_MS = 350;
const sortKey = (f: Pick<Filters, 'sortBy' | 'sortOrder'>) => `${f.sortBy}:${f.sortOrder}`;

/** ADMIN-CON-04..08: Search (applied as you type, after a pause), Status, Priority and Sort By. */
export function ContactFilters({
  filters,
  onChange,
}: {
  filters: Filters;
  onChange: (changes: Partial<Filters>) => void;
}) {
  const [search, setSearch] = useState(filters.search);
  useEffect(() => {
    if (search === filters.search) return;
    const timer = setTimeout(() => onChange({ search }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search, filters.search, onChange]);
  return (
    <form
      aria-label="Contact filters"
      className="grid grid-cols-2 gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm lg:grid-cols-4"
      onSubmit={(e) => {
        e.preventDefault();
        onChange({ search });
      }}
    >
      <div className="col-span-2 lg:col-span-1">
        <TextField
          label="Search"
          type="search"
          placeholder="Name, email, subject or message"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
      </div>
      <SelectField
        label="Status"
        value={filters.status}
        onChange={(e) => onChange({ status: isOneOf(CONTACT_STATUSES, e.target.value) ? e.target.value : '' })}
      >
        <option value="">All statuses</option>
        {CONTACT_STATUSES.map((s) => (
          <option key={s} value={s}>
            {CONTACT_STATUS_LABELS[s]}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Priority"
        value={filters.priority}
        onChange={(e) => onChange({ priority: isOneOf(CONTACT_PRIORITIES, e.target.value) ? e.target.value : '' })}
      >
        <option value="">All priorities</option>
        {CONTACT_PRIORITIES.map((p) => (
          <option key={p} value={p}>
            {CONTACT_PRIORITY_LABELS[p]}
          </option>
        ))}
      </SelectField>
      <div className="col-span-2 lg:col-span-1">
        <SelectField
          label="Sort By"
          value={sortKey(filters)}
          onChange={(e) => {
            const choice = CONTACT_SORT_CHOICES.find((c) => sortKey(c) === e.target.value);
            if (choice) onChange({ sortBy: choice.sortBy, sortOrder: choice.sortOrder });
          }}
        >
          {CONTACT_SORT_CHOICES.map((c) => (
            <option key={c.label} value={sortKey(c)}>
              {c.label}
            </option>
          ))}
        </SelectField>
      </div>
    </form>
  );
}
