import { zodResolver } from '@hookform/resolvers/zod';
import {
  describeSavedFilters,
  FREQUENCY_LABELS,
  SAVED_SEARCH_FREQUENCIES,
  SAVED_SEARCH_MESSAGES,
  type SavedSearchBody,
  type SavedSearchBodyInput,
  savedSearchBodySchema,
  savedSearchFiltersSchema,
  suggestedSavedSearchName,
} from '@vm/shared/saved-search';
import { FILTER_KEYS, type FilterKey, type SearchState } from '@vm/shared/search-url-state';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '../../../lib/toast';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { formFieldProps, SelectField, TextField } from '../../../components/form-field';
import { Modal } from '../../../components/modal';
import { errorMessage } from '../../../lib/api-client';
import { useCreateSavedSearch } from '../../account/api/saved-searches';

export const SAVE_SEARCH_FAILED = 'Failed to save your search. Please try again.';

/** The page's filters as a saved search's filters: the filled ones, with the page's preset (auctions). */
export function filtersOfState(
  state: SearchState,
  preset: Partial<Record<FilterKey, string>> = {},
): Record<string, string | string[]> {
  const filters: Record<string, string | string[]> = {};
  for (const key of FILTER_KEYS) {
    const value = state[key];
    if (Array.isArray(value) ? value.length > 0 : value !== '') filters[key] = value;
  }
  return { ...filters, ...preset };
}

/** The first message among a field's errors (the filters' errors are per filter). */
function firstMessage(errors: unknown): string | undefined {
  if (!errors || typeof errors !== 'object') return undefined;
  const { message } = errors as { message?: unknown };
  if (typeof message === 'string') return message;
  for (const [key, value] of Object.entries(errors)) {
    if (key === 'ref') continue;
    const found = firstMessage(value);
    if (found) return found;
  }
  return undefined;
}

interface Props {
  state: SearchState;
  preset?: Partial<Record<FilterKey, string>>;
  onClose: () => void;
}

/**
 * "Save search" on the search page (issue #16, docs/product-rules.md#saved-searches): a name
 * suggested from the filters, and how often to hear of new matches. Checked with the schema the
 * API uses; loaded only when opened, so zod stays out of the search page's chunk.
 */
export default function SaveSearchDialog({ state, preset, onClose }: Props) {
  const formId = useId();
  const create = useCreateSavedSearch();
  const filters = filtersOfState(state, preset);
  const readable = savedSearchFiltersSchema.safeParse(filters);
  const form = useForm<SavedSearchBodyInput, unknown, SavedSearchBody>({
    resolver: zodResolver(savedSearchBodySchema),
    defaultValues: {
      name: readable.success ? suggestedSavedSearchName(readable.data) : '',
      filters,
      frequency: 'instant',
    },
  });
  const summary = readable.success ? describeSavedFilters(readable.data) : [];
  const filtersError = firstMessage(form.formState.errors.filters);

  const onSubmit = form.handleSubmit((body) =>
    create.mutate(body, {
      onSuccess: () => {
        toast.success(SAVED_SEARCH_MESSAGES.saved);
        onClose();
      },
    }),
  );

  return (
    <Modal
      open
      title="Save search"
      onClose={onClose}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={create.isPending}>
            Cancel
          </Button>
          <Button type="submit" form={formId} disabled={create.isPending}>
            {create.isPending ? 'Saving...' : 'Save'}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={onSubmit} noValidate className="space-y-4">
        {create.isError ? <Alert>{errorMessage(create.error, SAVE_SEARCH_FAILED)}</Alert> : null}
        {filtersError ? <Alert>{filtersError}</Alert> : null}
        <p className="text-sm text-slate-600">
          {summary.length > 0 ? `Filters: ${summary.join(' · ')}` : 'Every vehicle, without filters.'}
        </p>
        <TextField label="Name" maxLength={80} {...formFieldProps(form, 'name')} />
        <SelectField
          label="Frequency"
          hint="We email you when a new vehicle matches."
          {...formFieldProps(form, 'frequency')}
        >
          {SAVED_SEARCH_FREQUENCIES.map((frequency) => (
            <option key={frequency} value={frequency}>
              {FREQUENCY_LABELS[frequency]}
            </option>
          ))}
        </SelectField>
      </form>
    </Modal>
  );
}
