import type { VehicleSearchResponse } from '@vm/shared/vehicle';
import { BellPlus, SlidersHorizontal, X } from 'lucide-react';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { Alert } from '../../../components/alert';
import { Button, buttonClass } from '../../../components/button';
import { PagePager } from '../../../components/page-pager';
import { VehicleCard, VehicleCardSkeleton } from '../../../components/vehicle-card';
import { ApiError } from '../../../lib/api-client';
import { TextPageHead } from '../../../lib/page-head';
import { useAuth } from '../../auth/auth-context';
import { useVehicleSearch } from '../api/vehicles';
import { SEARCH_CARD_SIZES } from '@vm/shared/image-sizes';
import { PAGE_TEXT } from '@vm/shared/page-meta';
import { SearchFilters } from './search-filters';
import { searchProblems } from './search-problems';
import {
  type FilterKey,
  hasFilters,
  readSearchState,
  toSearchQuery,
  withFilter,
  withoutFilters,
  withPage,
} from '@vm/shared/search-url-state';

/** Loaded when opened: it validates with zod, which the search page's own chunk does without. */
const SaveSearchDialog = lazy(() => import('./save-search-dialog'));

/** ERR-34, ERR-35. */
export const SEARCH_MESSAGES = {
  failed: 'Failed to search vehicles. Please try again.',
  empty: 'No vehicles found matching your search criteria.',
  /** Filters the API would refuse (issue #20): the search is not sent. */
  badFilters: 'This search cannot run. Change the filters or clear them:',
  badFiltersHeading: 'Check the filters',
} as const;

const SORTS = [
  { value: 'newest', label: 'Newest listings' },
  { value: 'price_asc', label: 'Price: low to high' },
  { value: 'price_desc', label: 'Price: high to low' },
  { value: 'year', label: 'Year: newest first' },
  { value: 'mileage', label: 'Mileage: lowest first' },
] as const;

const count = new Intl.NumberFormat('en-US');

/** "12 vehicles found"; a keyword search matching more than it ranks says "500+" (decision 091). */
function resultsHeading({ total, totalIsLowerBound }: Pick<VehicleSearchResponse, 'total' | 'totalIsLowerBound'>) {
  return `${count.format(total)}${totalIsLowerBound ? '+' : ''} ${total === 1 ? 'vehicle' : 'vehicles'} found`;
}

interface Props {
  title: string;
  intro: string;
  /** Filters fixed by the page itself, saved with a saved search. */
  preset?: Partial<Record<FilterKey, string>>;
}

/** The search screen (SEARCH-01..24): filters in the URL, a 3-column grid, 9 per page, a pager. */
function VehicleSearch({ title, intro, preset = {} }: Props) {
  const [params, setParams] = useSearchParams();
  const state = readSearchState(params);
  // Explained, not sent (issue #20): the API would answer these with a 400 and the same messages.
  const problems = searchProblems(state);
  const search = useVehicleSearch(toSearchQuery(state, preset), problems.length === 0);
  // The API refused the filters (a shared link the page's own check missed): retrying cannot help.
  const refused = search.error instanceof ApiError && search.error.status === 400 ? search.error : undefined;
  const resultsRef = useRef<HTMLElement>(null);
  const scrollToResults = useRef(false);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  const filtersId = useId();
  const { user } = useAuth();
  const location = useLocation();

  const setFilter = (key: FilterKey | 'sort', value: string | string[]) => setParams(withFilter(params, key, value));
  const clearFilters = () => setParams(withoutFilters(params));
  const goToPage = (page: number) => {
    scrollToResults.current = true;
    setParams(withPage(params, page));
  };
  // A new page shows its results, not the top of the page: on a phone that is the filter panel,
  // open or not, above them. It runs after the layout's scroll to the top of each navigation.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the page changes
  useEffect(() => {
    if (!scrollToResults.current) return;
    scrollToResults.current = false;
    resultsRef.current?.scrollIntoView?.({ block: 'start' });
  }, [state.page]);
  const cleared = withoutFilters(params).toString();
  const clearedSearch = cleared ? `?${cleared}` : '';
  const problemByParam = Object.fromEntries(problems.map((p) => [p.param, p.message]));

  // ERR-34: a failed search shows the message and no stale results.
  const data = search.isError || problems.length > 0 ? undefined : search.data;
  const sortValue = state.sort || (state.query ? '' : 'newest');

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:py-10">
      <header className="mb-6 flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-ink-900">{title}</h1>
          <p className="mt-1 text-slate-600">{intro}</p>
        </div>
        {/* Saved searches with alerts (docs/product-rules.md#saved-searches): signed-in buyers only. */}
        {user ? (
          <Button variant="secondary" onClick={() => setSaving(true)}>
            <BellPlus className="h-4 w-4" aria-hidden="true" />
            Save search
          </Button>
        ) : (
          <Link to="/login" state={{ from: location }} className={buttonClass('secondary')}>
            <BellPlus className="h-4 w-4" aria-hidden="true" />
            Log in to save this search
          </Link>
        )}
      </header>
      {saving ? (
        <Suspense fallback={null}>
          <SaveSearchDialog state={state} preset={preset} onClose={() => setSaving(false)} />
        </Suspense>
      ) : null}
      <div className="grid gap-8 lg:grid-cols-[18rem_1fr]">
        <aside aria-label="Search filters">
          <button
            type="button"
            className="flex w-full items-center justify-between rounded-lg border border-slate-300 bg-white px-4 py-2.5 text-sm font-semibold text-slate-800 shadow-sm lg:hidden"
            aria-expanded={filtersOpen}
            aria-controls={filtersId}
            onClick={() => setFiltersOpen((v) => !v)}
          >
            <span className="inline-flex items-center gap-2">
              <SlidersHorizontal className="h-4 w-4" aria-hidden="true" />
              Filters
            </span>
            <span className="text-slate-500">{filtersOpen ? 'Hide' : 'Show'}</span>
          </button>
          <div
            id={filtersId}
            className={`${filtersOpen ? 'block' : 'hidden'} mt-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm lg:mt-0 lg:block`}
          >
            <div className="mb-4 flex items-center justify-between">
              <h2 className="text-base font-semibold text-ink-900">Filters</h2>
              {hasFilters(state) ? (
                <button
                  type="button"
                  onClick={clearFilters}
                  className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline"
                >
                  <X className="h-4 w-4" aria-hidden="true" />
                  Clear all
                </button>
              ) : null}
            </div>
            <SearchFilters
              state={state}
              onChange={setFilter}
              showListingType={preset.listingType === undefined}
              problems={problemByParam}
            />
          </div>
        </aside>
        <section ref={resultsRef} aria-labelledby="results-title" className="min-w-0 scroll-mt-20">
          <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
            <h2 id="results-title" className="text-sm font-medium text-slate-700" aria-live="polite">
              {data
                ? resultsHeading(data)
                : problems.length > 0 || refused
                  ? SEARCH_MESSAGES.badFiltersHeading
                  : search.isError
                    ? 'Search failed'
                    : 'Searching...'}
            </h2>
            <label className="flex items-center gap-2 text-sm text-slate-700">
              Sort by
              <select
                value={sortValue}
                onChange={(e) => setFilter('sort', e.target.value)}
                className="rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-500/30 focus:outline-none"
              >
                {state.query ? <option value="">Best match</option> : null}
                {SORTS.map((s) => (
                  <option key={s.value} value={s.value}>
                    {s.label}
                  </option>
                ))}
              </select>
            </label>
          </div>

          {problems.length > 0 || refused ? (
            <Alert>
              <p>{SEARCH_MESSAGES.badFilters}</p>
              <ul className="mt-2 list-disc pl-5">
                {problems.length > 0 ? (
                  problems.map((p) => <li key={p.param}>{p.message}</li>)
                ) : (
                  <li>{refused?.serverMessage ?? SEARCH_MESSAGES.failed}</li>
                )}
              </ul>
              <Link to={{ search: clearedSearch }} className={buttonClass('secondary', 'mt-3')}>
                Clear filters
              </Link>
            </Alert>
          ) : search.isError ? (
            <Alert>
              <p>{SEARCH_MESSAGES.failed}</p>
              <Button variant="secondary" className="mt-3" onClick={() => search.refetch()}>
                Try again
              </Button>
            </Alert>
          ) : !data ? (
            <ul className="grid gap-6 sm:grid-cols-2 xl:grid-cols-3" aria-busy="true">
              {Array.from({ length: 6 }, (_, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
                <li key={i}>
                  <VehicleCardSkeleton />
                </li>
              ))}
            </ul>
          ) : data.vehicles.length === 0 ? (
            <div className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
              <p className="font-medium text-slate-700">{SEARCH_MESSAGES.empty}</p>
              {hasFilters(state) ? (
                <Button variant="secondary" className="mt-4" onClick={clearFilters}>
                  Clear all filters
                </Button>
              ) : null}
            </div>
          ) : (
            <>
              <ul
                className={`grid gap-6 sm:grid-cols-2 xl:grid-cols-3 ${search.isPlaceholderData ? 'opacity-60' : ''}`}
                aria-busy={search.isPlaceholderData}
              >
                {data.vehicles.map((v, i) => (
                  <li key={v.id}>
                    <VehicleCard vehicle={v} priority={i === 0} sizes={SEARCH_CARD_SIZES} />
                  </li>
                ))}
              </ul>
              <div className="mt-10">
                <PagePager page={state.page} pages={data.pages} onPageChange={goToPage} />
              </div>
            </>
          )}
        </section>
      </div>
    </div>
  );
}

export function SearchPage() {
  return (
    <>
      <TextPageHead page="vehicles" />
      <VehicleSearch title={PAGE_TEXT.vehicles.title} intro={PAGE_TEXT.vehicles.intro} />
    </>
  );
}
