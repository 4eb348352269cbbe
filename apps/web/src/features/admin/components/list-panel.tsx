import { Search } from 'lucide-react';
import type { ReactNode } from 'react';
import { controlClass } from '../../../components/form-field';
import { LoadingLine } from '../../../components/spinner';

/** The white card that holds an admin list: its toolbar, filters, table and pager. */
export function ListPanel({ children }: { children: ReactNode }) {
  return (
    <section className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">{children}</section>
  );
}

/** The bar above a list: search and filter controls, stacked on a phone and in one line from sm up. */
export function ListToolbar({ children }: { children: ReactNode }) {
  return (
    <div className="flex flex-col gap-3 border-b border-slate-200 p-4 sm:flex-row sm:items-center">{children}</div>
  );
}

interface SearchInputProps {
  /** The accessible name (the placeholder is a hint, not a label). */
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
}

/** A search box with its magnifier, filling the toolbar's free width. */
export function SearchInput({ label, placeholder, value, onChange }: SearchInputProps) {
  return (
    <div className="relative flex-1">
      <Search
        className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-400"
        aria-hidden="true"
      />
      <input
        type="search"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        placeholder={placeholder}
        aria-label={label}
        className={`${controlClass} pl-9`}
      />
    </div>
  );
}

/** The parts of a list query the panel reads (TanStack Query's result has them all). */
interface ListQuery<Data> {
  data: Data | undefined;
  isPending: boolean;
  isFetching: boolean;
}

interface ListBodyProps<Data> {
  query: ListQuery<Data>;
  loadingText: string;
  /** The table and pager, given the loaded page. */
  children: (data: Data) => ReactNode;
}

/**
 * A spinner until the first page arrives; then the page, dimmed and marked busy while the next one
 * loads so the old rows stay readable. Nothing after a failed first load: the screen's banner says why.
 */
export function ListBody<Data>({ query, loadingText, children }: ListBodyProps<Data>) {
  if (query.isPending) return <LoadingLine text={loadingText} className="py-16 text-sm text-slate-500" />;
  if (query.data === undefined) return null;
  return (
    <div className={query.isFetching ? 'opacity-70 transition-opacity' : ''} aria-busy={query.isFetching}>
      {children(query.data)}
    </div>
  );
}
