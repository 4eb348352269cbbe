export type PageItem = number | 'ellipsis';

/**
 * Public search pager: page 1, the current page with one neighbour each side, the last page,
 * and an ellipsis wherever numbers are skipped.
 */
export function compactPageItems(current: number, total: number): PageItem[] {
  if (total <= 0) return [];
  const pages = new Set<number>([1, total]);
  for (let p = current - 1; p <= current + 1; p++) if (p >= 1 && p <= total) pages.add(p);
  const sorted = [...pages].sort((a, b) => a - b);
  const items: PageItem[] = [];
  let prev = 0;
  for (const p of sorted) {
    if (p - prev > 1) items.push('ellipsis');
    items.push(p);
    prev = p;
  }
  return items;
}

/** Admin pager: a window of up to `size` page numbers around the current page. */
export function pageWindow(current: number, total: number, size = 5): number[] {
  if (total <= 0) return [];
  const count = Math.min(size, total);
  let start = Math.max(1, current - Math.floor(size / 2));
  start = Math.min(start, total - count + 1);
  return Array.from({ length: count }, (_, i) => start + i);
}

/** "Showing X to Y of Z results". */
export function resultsRange(page: number, limit: number, total: number): { from: number; to: number } {
  if (total === 0) return { from: 0, to: 0 };
  return { from: (page - 1) * limit + 1, to: Math.min(page * limit, total) };
}

export function totalPages(total: number, limit: number): number {
  return Math.max(1, Math.ceil(total / limit));
}
