import { BODY_TYPES, CATEGORIES, VEHICLE_STATUSES } from '@vm/shared/constants';
import { MSG } from '@vm/shared/messages';
import { useState } from 'react';
import { Button } from '../../../components/button';
import { SelectField, TextField } from '../../../components/form-field';

export interface VehicleFilterValues {
  make: string;
  model: string;
  year: string;
  minYear: string;
  maxYear: string;
  bodyType: string;
  category: string;
  status: string;
}

export const NO_FILTERS: VehicleFilterValues = {
  make: '',
  model: '',
  year: '',
  minYear: '',
  maxYear: '',
  bodyType: '',
  category: '',
  status: '',
};

export const hasFilters = (f: VehicleFilterValues) => Object.values(f).some((v) => v.trim() !== '');

interface Props {
  applied: VehicleFilterValues;
  makes: string[];
  onApply: (filters: VehicleFilterValues) => void;
  onReset: () => void;
}

/**
 * A minimum year above the maximum, which the API refuses with the same message (issue #20), as
 * the offers screen explains a max amount below the min.
 */
function yearRangeError(draft: VehicleFilterValues): string | undefined {
  const [min, max] = [draft.minYear.trim(), draft.maxYear.trim()];
  return min !== '' && max !== '' && Number(min) > Number(max) ? MSG.maxYearBelowMinYear : undefined;
}

/**
 * The collapsible Filters panel (ADMIN-VEH-10..14): edits a draft, Apply Filters sends it, unless
 * its years are the wrong way round: then Max year says why and nothing is sent.
 */
export function VehicleFilters({ applied, makes, onApply, onReset }: Props) {
  const [draft, setDraft] = useState<VehicleFilterValues>(applied);
  const [touched, setTouched] = useState(false);
  const set = (key: keyof VehicleFilterValues) => (e: { target: { value: string } }) =>
    setDraft((d) => ({ ...d, [key]: e.target.value }));
  const rangeError = yearRangeError(draft);
  return (
    <form
      aria-label="Vehicle filters"
      noValidate
      className="grid gap-4 border-b border-slate-200 bg-slate-50 p-4 sm:grid-cols-2 lg:grid-cols-4"
      onSubmit={(e) => {
        e.preventDefault();
        setTouched(true);
        if (!rangeError) onApply(draft);
      }}
    >
      <SelectField label="Make" value={draft.make} onChange={set('make')}>
        <option value="">All makes</option>
        {makes.map((m) => (
          <option key={m} value={m}>
            {m}
          </option>
        ))}
      </SelectField>
      <TextField label="Model" value={draft.model} onChange={set('model')} placeholder="Any model" />
      <TextField label="Year" type="number" inputMode="numeric" value={draft.year} onChange={set('year')} />
      <div className="grid grid-cols-2 gap-2">
        <TextField label="Min year" type="number" inputMode="numeric" value={draft.minYear} onChange={set('minYear')} />
        <TextField
          label="Max year"
          type="number"
          inputMode="numeric"
          value={draft.maxYear}
          error={touched ? rangeError : undefined}
          onChange={set('maxYear')}
        />
      </div>
      <SelectField label="Body type" value={draft.bodyType} onChange={set('bodyType')}>
        <option value="">All body types</option>
        {BODY_TYPES.map((b) => (
          <option key={b} value={b}>
            {b}
          </option>
        ))}
      </SelectField>
      <SelectField label="Category" value={draft.category} onChange={set('category')}>
        <option value="">All categories</option>
        {CATEGORIES.map((c) => (
          <option key={c} value={c}>
            {c}
          </option>
        ))}
      </SelectField>
      <SelectField label="Status" value={draft.status} onChange={set('status')}>
        <option value="">All statuses</option>
        {VEHICLE_STATUSES.map((s) => (
          <option key={s} value={s}>
            {s}
          </option>
        ))}
      </SelectField>
      <div className="flex items-end gap-2">
        <Button
          variant="secondary"
          onClick={() => {
            setDraft(NO_FILTERS);
            setTouched(false);
            onReset();
          }}
        >
          Reset
        </Button>
        <Button type="submit">Apply Filters</Button>
      </div>
    </form>
  );
}
