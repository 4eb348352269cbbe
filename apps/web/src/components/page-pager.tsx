import { compactPageItems } from '@vm/shared/pagination';
import { ChevronLeft, ChevronRight } from 'lucide-react';

/**
 * A target page worth navigating to, or null: out-of-range pages and the current page are
 * ignored (SEARCH-22, SEARCH-23).
 */
export function acceptedPage(current: number, target: number, total: number): number | null {
  if (!Number.isInteger(target) || target < 1 || target > total || target === current) return null;
  return target;
}

const itemClass =
  'inline-flex h-10 min-w-10 items-center justify-center rounded-lg border px-3 text-sm font-semibold transition-colors';

/**
 * The storefront pager: page 1, the current page with a neighbour each side, the last page,
 * ellipses where numbers are skipped (SEARCH-17..20), and Previous/Next.
 */
export function PagePager({
  page,
  pages,
  onPageChange,
}: {
  page: number;
  pages: number;
  onPageChange: (page: number) => void;
}) {
  if (pages <= 1) return null;
  const go = (target: number) => {
    const accepted = acceptedPage(page, target, pages);
    if (accepted !== null) onPageChange(accepted);
  };
  return (
    <nav aria-label="Pagination" className="flex flex-wrap items-center justify-center gap-2">
      <button
        type="button"
        onClick={() => go(page - 1)}
        disabled={page <= 1}
        className={`${itemClass} border-slate-300 bg-white text-slate-700 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-50`}
      >
        <ChevronLeft className="h-4 w-4" aria-hidden="true" />
        <span className="sr-only sm:not-sr-only">Previous</span>
      </button>
      <ul className="flex items-center gap-1">
        {compactPageItems(page, pages).map((item, i) =>
          item === 'ellipsis' ? (
            // Ellipses have no identity of their own: their position is their key.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <li key={`ellipsis-${i}`} aria-hidden="true" className="px-1 text-slate-500">
              …
            </li>
          ) : (
            <li key={item}>
              <button
                type="button"
                onClick={() => go(item)}
                aria-current={item === page ? 'page' : undefined}
                aria-label={`Page ${item}`}
                className={`${itemClass} ${
                  item === page
                    ? 'border-brand-700 bg-brand-700 text-white'
                    : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50'
                }`}
              >
                {item}
              </button>
            </li>
          ),
        )}
      </ul>
      <button
        type="button"
        onClick={() => go(page + 1)}
        disabled={page >= pages}
        className={`${itemClass} border-slate-300 bg-white text-slate-700 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-50`}
      >
        <span className="sr-only sm:not-sr-only">Next</span>
        <ChevronRight className="h-4 w-4" aria-hidden="true" />
      </button>
    </nav>
  );
}
