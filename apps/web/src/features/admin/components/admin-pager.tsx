import { pageWindow, resultsRange } from '@vm/shared/pagination';

interface Props {
  page: number;
  totalPages: number;
  total: number;
  limit: number;
  onPage: (page: number) => void;
  /** Page-size choices; omit to hide the "Show" select. */
  pageSizes?: readonly number[];
  onLimit?: (limit: number) => void;
}

// Colours live apart from the shape so the current page's classes never compete with the
// default ones (two bg-* classes on one element resolve by stylesheet order, not by position).
const btnShape =
  'min-w-9 rounded-md border px-3 py-1.5 text-sm font-medium disabled:cursor-not-allowed disabled:opacity-50';
const btnIdle = 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50';
const btnCurrent = 'border-brand-600 bg-brand-600 text-white';
const btn = `${btnShape} ${btnIdle}`;

/**
 * Admin pager: "Showing X to Y of Z results", an optional page-size select, Previous/Next, a window
 * of up to 5 numbers, and first/last shortcuts with ellipses when they fall outside the window.
 */
export function AdminPager({ page, totalPages, total, limit, onPage, pageSizes, onLimit }: Props) {
  const { from, to } = resultsRange(page, limit, total);
  const pages = pageWindow(page, totalPages);
  const first = pages[0] ?? 1;
  const last = pages[pages.length - 1] ?? 1;
  const go = (p: number) => {
    if (p >= 1 && p <= totalPages && p !== page) onPage(p);
  };
  return (
    <nav
      className="flex flex-col gap-3 border-t border-slate-200 px-4 py-3 sm:flex-row sm:items-center sm:justify-between"
      aria-label="Pagination"
    >
      <div className="flex items-center gap-3 text-sm text-slate-600">
        <span>
          Showing {from} to {to} of {total} results
        </span>
        {pageSizes && onLimit ? (
          <label className="flex items-center gap-2">
            Show
            <select
              className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm"
              value={limit}
              onChange={(e) => onLimit(Number(e.target.value))}
            >
              {pageSizes.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </select>
          </label>
        ) : null}
      </div>
      <div className="flex items-center gap-1">
        <button type="button" className={btn} onClick={() => go(page - 1)} disabled={page <= 1}>
          Previous
        </button>
        <div className="hidden items-center gap-1 sm:flex">
          {first > 1 ? (
            <>
              <button type="button" className={btn} onClick={() => go(1)} aria-label="First page">
                1
              </button>
              {first > 2 ? <span className="px-1 text-slate-400">…</span> : null}
            </>
          ) : null}
          {pages.map((p) => (
            <button
              key={p}
              type="button"
              className={`${btnShape} ${p === page ? btnCurrent : btnIdle}`}
              aria-current={p === page ? 'page' : undefined}
              onClick={() => go(p)}
            >
              {p}
            </button>
          ))}
          {last < totalPages ? (
            <>
              {last < totalPages - 1 ? <span className="px-1 text-slate-400">…</span> : null}
              <button type="button" className={btn} onClick={() => go(totalPages)} aria-label="Last page">
                {totalPages}
              </button>
            </>
          ) : null}
        </div>
        <button type="button" className={btn} onClick={() => go(page + 1)} disabled={page >= totalPages}>
          Next
        </button>
      </div>
    </nav>
  );
}
