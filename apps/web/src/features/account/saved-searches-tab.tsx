import { zodResolver } from '@hookform/resolvers/zod';
import {
  describeSavedFilters,
  FREQUENCY_LABELS,
  SAVED_SEARCH_FREQUENCIES,
  type SavedSearch,
  type SavedSearchFrequency,
  savedSearchNameSchema,
  savedSearchPath,
} from '@vm/shared/saved-search';
import { BellRing, Pencil, Search, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import { Alert } from '../../components/alert';
import { Button, buttonClass } from '../../components/button';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { controlClass, formFieldProps, TextField } from '../../components/form-field';
import { Spinner } from '../../components/spinner';
import { errorMessage } from '../../lib/api-client';
import { useDeleteSavedSearch, useSavedSearches, useUpdateSavedSearch } from './api/saved-searches';
import { SectionCard } from './section-card';

export const SAVED_SEARCHES_MESSAGES = {
  loadFailed: 'Failed to load your saved searches. Please try again later.',
  saveFailed: 'Failed to save the change. Please try again.',
  deleteFailed: 'Failed to delete the saved search. Please try again.',
} as const;

const renameSchema = z.object({ name: savedSearchNameSchema });
type Rename = z.input<typeof renameSchema>;

function RenameForm({ search, onDone }: { search: SavedSearch; onDone: () => void }) {
  const update = useUpdateSavedSearch();
  const form = useForm<Rename, unknown, z.output<typeof renameSchema>>({
    resolver: zodResolver(renameSchema),
    defaultValues: { name: search.name },
  });
  const onSubmit = form.handleSubmit(({ name }) =>
    update.mutate({ id: search.id, changes: { name } }, { onSuccess: onDone }),
  );
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-2">
      {update.isError ? <Alert>{errorMessage(update.error, SAVED_SEARCHES_MESSAGES.saveFailed)}</Alert> : null}
      <TextField label="Name" maxLength={80} autoFocus {...formFieldProps(form, 'name')} />
      <div className="flex gap-2">
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? 'Saving...' : 'Save name'}
        </Button>
        <Button variant="secondary" onClick={onDone} disabled={update.isPending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function SavedSearchItem({ search, onDelete }: { search: SavedSearch; onDelete: () => void }) {
  const [renaming, setRenaming] = useState(false);
  const update = useUpdateSavedSearch();
  const frequencyId = useId();
  const summary = describeSavedFilters(search.filters);
  return (
    <li className="space-y-3 rounded-xl border border-slate-200 p-4">
      {renaming ? (
        <RenameForm search={search} onDone={() => setRenaming(false)} />
      ) : (
        <div className="space-y-1">
          <h3 className="text-base font-semibold text-ink-900">{search.name}</h3>
          <p className="text-sm text-slate-600">{summary.length > 0 ? summary.join(' · ') : 'All vehicles'}</p>
        </div>
      )}
      {update.isError ? <Alert>{errorMessage(update.error, SAVED_SEARCHES_MESSAGES.saveFailed)}</Alert> : null}
      <div className="flex flex-wrap items-end gap-2">
        <div className="space-y-1">
          <label htmlFor={frequencyId} className="block text-xs font-medium text-slate-600">
            Frequency
          </label>
          <select
            id={frequencyId}
            aria-label={`Frequency of ${search.name}`}
            className={`${controlClass} w-40`}
            value={search.frequency}
            disabled={update.isPending}
            onChange={(e) =>
              update.mutate({ id: search.id, changes: { frequency: e.target.value as SavedSearchFrequency } })
            }
          >
            {SAVED_SEARCH_FREQUENCIES.map((frequency) => (
              <option key={frequency} value={frequency}>
                {FREQUENCY_LABELS[frequency]}
              </option>
            ))}
          </select>
        </div>
        <Link to={savedSearchPath(search.filters)} className={buttonClass('primary')}>
          <Search className="h-4 w-4" aria-hidden="true" />
          Run search
        </Link>
        {renaming ? null : (
          <Button variant="secondary" onClick={() => setRenaming(true)} aria-label={`Rename ${search.name}`}>
            <Pencil className="h-4 w-4" aria-hidden="true" />
            Rename
          </Button>
        )}
        <Button variant="secondary" onClick={onDelete} aria-label={`Delete ${search.name}`}>
          <Trash2 className="h-4 w-4 text-red-600" aria-hidden="true" />
          Delete
        </Button>
      </div>
    </li>
  );
}

/**
 * Saved searches tab (issue #16, docs/product-rules.md#saved-searches): each search with its
 * filters and frequency; rename, change the frequency, delete after a confirmation, or run it.
 */
export function SavedSearchesTab() {
  const searches = useSavedSearches();
  const remove = useDeleteSavedSearch();
  const [deleting, setDeleting] = useState<SavedSearch | null>(null);
  const list = searches.data?.savedSearches;

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, { onSettled: () => setDeleting(null) });
  };

  return (
    <SectionCard
      title="Saved searches"
      description={`We email you when a new vehicle matches one of them${
        searches.data ? ` (at most ${searches.data.max})` : ''
      }.`}
    >
      {searches.isPending ? <Spinner label="Loading your saved searches..." /> : null}
      {searches.isError ? (
        <Alert>
          <p>{SAVED_SEARCHES_MESSAGES.loadFailed}</p>
          <Button variant="secondary" className="mt-3" onClick={() => void searches.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : null}
      {remove.isError && !deleting ? (
        <div className="mb-4">
          <Alert onDismiss={() => remove.reset()}>
            {errorMessage(remove.error, SAVED_SEARCHES_MESSAGES.deleteFailed)}
          </Alert>
        </div>
      ) : null}
      {list && list.length === 0 ? (
        <div className="flex flex-col items-center gap-3 py-10 text-center">
          <BellRing className="h-10 w-10 text-slate-300" aria-hidden="true" />
          <p className="text-slate-600">
            You have no saved searches yet. Search for vehicles and choose Save search to hear of new matches.
          </p>
          <Link to="/vehicles" className={buttonClass('primary')}>
            Browse vehicles
          </Link>
        </div>
      ) : null}
      {list && list.length > 0 ? (
        <ul className="space-y-3">
          {list.map((search) => (
            <SavedSearchItem key={search.id} search={search} onDelete={() => setDeleting(search)} />
          ))}
        </ul>
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete saved search"
        message={`Delete “${deleting?.name ?? ''}”? You will no longer be emailed about its new matches.`}
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => {
          remove.reset();
          setDeleting(null);
        }}
      />
    </SectionCard>
  );
}
