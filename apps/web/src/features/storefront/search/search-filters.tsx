import { ADMIN_YEAR_COUNT, CATEGORIES, DEFAULT_MAKES, TAGS } from '@vm/shared/constants';
import { yearOptions } from '@vm/shared/years';
import { type FormEvent, useEffect, useState } from 'react';
import { SelectField, TextField } from '../../../components/form-field';
import { useMakes, useModels } from '../api/vehicles';
import { boundProblem } from './search-problems';
import type { FilterKey, SearchState } from '@vm/shared/search-url-state';

interface Props {
  state: SearchState;
  onChange: (key: FilterKey, value: string | string[]) => void;
  /** The auctions page fixes the listing type, so the control is hidden there. */
  showListingType: boolean;
  /** What is wrong with the current filters, by parameter (searchProblems), shown beside its field. */
  problems?: Partial<Record<string, string>>;
}

const TAG_LABELS: Record<string, string> = {
  hot: 'Hot',
  popular: 'Popular',
  featured: 'Featured',
  new: 'New',
  sale: 'Sale',
  limited: 'Limited',
};

/** The current value first when the URL holds one the list lacks (an old year, a category pair). */
const withCurrent = (options: readonly string[], current: string) =>
  current && !options.includes(current) ? [current, ...options] : options;

/**
 * A text or number filter kept locally while typed and written to the URL on Enter or when the
 * field is left, so the search does not run on every keystroke. A value `check` refuses (a
 * negative price) stays in the field with its message and is not written (issue #20).
 */
function DeferredField({
  label,
  value,
  onCommit,
  type = 'text',
  placeholder,
  error,
  check,
}: {
  label: string;
  value: string;
  onCommit: (value: string) => void;
  type?: 'text' | 'number';
  placeholder?: string | undefined;
  error?: string | undefined;
  check?: (value: string) => string | undefined;
}) {
  const [draft, setDraft] = useState(value);
  const [refused, setRefused] = useState<string>();
  useEffect(() => {
    setDraft(value);
    setRefused(undefined);
  }, [value]);
  const commit = () => {
    const problem = check?.(draft);
    setRefused(problem);
    if (!problem && draft.trim() !== value) onCommit(draft.trim());
  };
  return (
    <form
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        commit();
      }}
    >
      <TextField
        label={label}
        type={type}
        inputMode={type === 'number' ? 'numeric' : undefined}
        min={type === 'number' ? 0 : undefined}
        value={draft}
        placeholder={placeholder}
        error={refused ?? error}
        maxLength={200}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={commit}
      />
    </form>
  );
}

/** SEARCH-02..12: every filter, pre-filled from the URL. */
export function SearchFilters({ state, onChange, showListingType, problems = {} }: Props) {
  const makes = useMakes();
  const models = useModels(state.make);
  const years = yearOptions(ADMIN_YEAR_COUNT).map(String);
  const makeOptions = withCurrent(makes.data ?? DEFAULT_MAKES, state.make);
  const modelOptions = withCurrent(models.data ?? [], state.model);
  const categoryOptions = withCurrent(CATEGORIES, state.category);

  const toggleTag = (tag: string, on: boolean) =>
    onChange('tags', on ? [...state.tags, tag] : state.tags.filter((t) => t !== tag));

  return (
    <div className="space-y-5">
      <DeferredField
        label="Keyword"
        value={state.query}
        placeholder="e.g. Supra turbo"
        error={problems.query}
        onCommit={(v) => onChange('query', v)}
      />
      <div className="space-y-5">
        <SelectField label="Make" value={state.make} onChange={(e) => onChange('make', e.target.value)}>
          <option value="">Any make</option>
          {makeOptions.map((m) => (
            <option key={m} value={m}>
              {m}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Model"
          value={state.model}
          disabled={!state.make}
          hint={state.make ? undefined : 'Choose a make first'}
          onChange={(e) => onChange('model', e.target.value)}
        >
          <option value="">{models.isLoading ? 'Loading models...' : 'Any model'}</option>
          {modelOptions.map((m) => (
            <option key={m} value={m}>
              {m}
            </option>
          ))}
        </SelectField>
      </div>
      <SelectField label="Category" value={state.category} onChange={(e) => onChange('category', e.target.value)}>
        <option value="">All categories</option>
        {categoryOptions.map((c) => (
          <option key={c} value={c}>
            {c.split(',').join(', ')}
          </option>
        ))}
      </SelectField>
      <div className="grid grid-cols-2 gap-3">
        <DeferredField
          label="Min price ($)"
          type="number"
          value={state.minPrice}
          error={problems.minPrice}
          check={(v) => boundProblem('minPrice', v)}
          onCommit={(v) => onChange('minPrice', v)}
        />
        <DeferredField
          label="Max price ($)"
          type="number"
          value={state.maxPrice}
          error={problems.maxPrice}
          check={(v) => boundProblem('maxPrice', v)}
          onCommit={(v) => onChange('maxPrice', v)}
        />
      </div>
      <div className="grid grid-cols-2 gap-3">
        <SelectField
          label="Year from"
          value={state.minYear}
          error={problems.minYear}
          onChange={(e) => onChange('minYear', e.target.value)}
        >
          <option value="">Any</option>
          {withCurrent(years, state.minYear).map((y) => (
            <option key={y} value={y}>
              {y}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Year to"
          value={state.maxYear}
          error={problems.maxYear}
          onChange={(e) => onChange('maxYear', e.target.value)}
        >
          <option value="">Any</option>
          {withCurrent(years, state.maxYear).map((y) => (
            <option key={y} value={y}>
              {y}
            </option>
          ))}
        </SelectField>
      </div>
      {showListingType ? (
        <SelectField
          label="Listing type"
          value={state.listingType}
          onChange={(e) => onChange('listingType', e.target.value)}
        >
          <option value="">All listings</option>
          <option value="auction">Auction</option>
          <option value="listing">Listing</option>
        </SelectField>
      ) : null}
      <fieldset>
        <legend className="text-sm font-medium text-slate-700">Tags</legend>
        <div className="mt-2 flex flex-wrap gap-2">
          {TAGS.map((tag) => {
            const checked = state.tags.includes(tag);
            return (
              <label
                key={tag}
                className={`inline-flex cursor-pointer items-center gap-2 rounded-full border px-3 py-1.5 text-sm font-medium has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600 ${
                  checked
                    ? 'border-brand-700 bg-brand-50 text-brand-800'
                    : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50'
                }`}
              >
                <input
                  type="checkbox"
                  className="h-4 w-4 accent-brand-700"
                  checked={checked}
                  onChange={(e) => toggleTag(tag, e.target.checked)}
                />
                {TAG_LABELS[tag] ?? tag}
              </label>
            );
          })}
        </div>
      </fieldset>
    </div>
  );
}
