import { OFFER_SORT_FIELDS, OFFER_STATUSES } from '@vm/shared/constants';
import { isOneOf } from '@vm/shared/one-of';
import { useState } from 'react';
import { Button } from '../../../components/button';
import { SelectField, TextField } from '../../../components/form-field';
import type { OfferListParams } from './offers-api';
import { ADMIN_OFFER_STATUS_LABELS } from './offer-status';

export type OfferFilters = Omit<OfferListParams, 'page'>;
export const EMPTY_OFFER_FILTERS: OfferFilters = {
  status: '',
  minAmount: '',
  maxAmount: '',
  sortBy: 'createdAt',
  sortOrder: 'desc',
};

const SORT_LABELS: Record<(typeof OFFER_SORT_FIELDS)[number], string> = {
  createdAt: 'Date',
  amount: 'Amount',
  status: 'Status',
};

/** VALID-35: an amount bound is empty or a number of dollars that is not negative. */
function amountError(value: string): string | undefined {
  if (value.trim() === '') return undefined;
  const n = Number(value);
  return Number.isFinite(n) && n >= 0 ? undefined : 'Enter an amount in dollars (numbers only)';
}

/** ADMIN-OFF-02..07: status, min/max amount, sort by, sort order, Clear Filters and Apply Filters. */
export function OfferFiltersPanel({
  applied,
  onApply,
}: {
  applied: OfferFilters;
  onApply: (filters: OfferFilters) => void;
}) {
  const [draft, setDraft] = useState<OfferFilters>(applied);
  const [touched, setTouched] = useState(false);
  const minError = amountError(draft.minAmount);
  const maxError = amountError(draft.maxAmount);
  const rangeError =
    !minError &&
    !maxError &&
    draft.minAmount !== '' &&
    draft.maxAmount !== '' &&
    Number(draft.minAmount) > Number(draft.maxAmount)
      ? 'Max amount must not be below min amount'
      : undefined;
  const invalid = Boolean(minError || maxError || rangeError);
  return (
    <form
      aria-label="Offer filters"
      noValidate
      className="grid grid-cols-2 gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm lg:grid-cols-5"
      onSubmit={(e) => {
        e.preventDefault();
        setTouched(true);
        if (!invalid) onApply(draft);
      }}
    >
      <div className="col-span-2 lg:col-span-1">
        <SelectField
          label="Status"
          value={draft.status}
          onChange={(e) => {
            const status = e.target.value;
            setDraft((d) => ({ ...d, status: isOneOf(OFFER_STATUSES, status) ? status : '' }));
          }}
        >
          <option value="">All statuses</option>
          {OFFER_STATUSES.map((s) => (
            <option key={s} value={s}>
              {ADMIN_OFFER_STATUS_LABELS[s]}
            </option>
          ))}
        </SelectField>
      </div>
      <TextField
        label="Min amount ($)"
        type="number"
        inputMode="decimal"
        min={0}
        step="any"
        placeholder="0"
        value={draft.minAmount}
        error={touched ? minError : undefined}
        onChange={(e) => setDraft((d) => ({ ...d, minAmount: e.target.value }))}
      />
      <TextField
        label="Max amount ($)"
        type="number"
        inputMode="decimal"
        min={0}
        step="any"
        placeholder="Any"
        value={draft.maxAmount}
        error={touched ? (maxError ?? rangeError) : undefined}
        onChange={(e) => setDraft((d) => ({ ...d, maxAmount: e.target.value }))}
      />
      <SelectField
        label="Sort by"
        value={draft.sortBy}
        onChange={(e) => {
          const sortBy = e.target.value;
          if (isOneOf(OFFER_SORT_FIELDS, sortBy)) setDraft((d) => ({ ...d, sortBy }));
        }}
      >
        {OFFER_SORT_FIELDS.map((f) => (
          <option key={f} value={f}>
            {SORT_LABELS[f]}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Sort order"
        value={draft.sortOrder}
        onChange={(e) => setDraft((d) => ({ ...d, sortOrder: e.target.value === 'asc' ? 'asc' : 'desc' }))}
      >
        <option value="desc">Descending</option>
        <option value="asc">Ascending</option>
      </SelectField>
      <div className="col-span-2 flex flex-wrap justify-end gap-2 lg:col-span-5">
        <Button
          variant="secondary"
          onClick={() => {
            setDraft(EMPTY_OFFER_FILTERS);
            setTouched(false);
            onApply(EMPTY_OFFER_FILTERS);
          }}
        >
          Clear Filters
        </Button>
        <Button type="submit">Apply Filters</Button>
      </div>
    </form>
  );
}
