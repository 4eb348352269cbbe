import type { SortOrder } from '@vm/shared/common';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import type { ReactNode } from 'react';

/** Below this breakpoint each row is a card; from it up, a plain table row. */
export type CardBreakpoint = 'md' | 'lg';

export interface DataColumn<Row, SortKey extends string = never> {
  /** The header text, which is also the column's accessible name. */
  header: string;
  /** Makes the header a button that sorts the list by this key. */
  sortKey?: SortKey;
  /** Right-aligns the header; cells align themselves through cellClassName, as their card placement may differ. */
  alignEnd?: boolean;
  /** This column's cell classes: its place in the card below the breakpoint, alignment, type. */
  cellClassName?: string;
  cell: (row: Row) => ReactNode;
}

export interface DataTableSort<SortKey extends string> {
  /** The current sort key, which may be one no column offers (e.g. the newest-first default). */
  by: string;
  order: SortOrder;
  onSort: (key: SortKey) => void;
}

interface Props<Row extends { id: string }, SortKey extends string> {
  /** The table's accessible name. */
  label: string;
  columns: readonly DataColumn<Row, SortKey>[];
  /** The rows, keyed by their id. */
  rows: readonly Row[];
  /**
   * Below `below` each row becomes a card that `rowClassName` lays out (grid or flex) and the cells
   * place themselves in. Without it the table keeps its columns at every width and scrolls sideways.
   */
  cards?: { below: CardBreakpoint; rowClassName: string };
  sort?: DataTableSort<SortKey>;
  emptyText: string;
  /** While set, the body shows this line instead of rows and the headers stay in place. */
  loadingText?: string | undefined;
  rowTestId?: string;
}

// Tailwind finds class names by reading the source as text, so every breakpoint's classes are
// spelled out in full rather than built from the breakpoint's name.
const HEAD_AT = {
  table: { md: 'md:table md:divide-y md:divide-slate-200', lg: 'lg:table lg:divide-y lg:divide-slate-200' },
  group: { md: 'md:table-header-group', lg: 'lg:table-header-group' },
  /** Drops the sort strip's bottom border, and with it the table's line under the header row. */
  noBorder: { md: 'md:border-0', lg: 'lg:border-0' },
} as const satisfies Record<string, Record<CardBreakpoint, string>>;
const BODY_AT = {
  group: { md: 'md:table-row-group', lg: 'lg:table-row-group' },
  row: { md: 'md:table-row md:p-0', lg: 'lg:table-row lg:p-0' },
  cell: { md: 'md:table-cell md:px-4 md:py-3', lg: 'lg:table-cell lg:px-4 lg:py-3' },
  messageCell: { md: 'md:table-cell', lg: 'lg:table-cell' },
} as const satisfies Record<string, Record<CardBreakpoint, string>>;

/** The classes of each part of the table in one layout. */
interface TableLook {
  table: string;
  thead: string;
  headRow: string | undefined;
  /** A header cell's box and type; the alignment is added per column. */
  th: (sortable: boolean) => string;
  sortButton: string;
  activeSortIcon: string;
  tbody: string;
  messageRow: string | undefined;
  messageCell: string;
  row: string;
  cell: string;
}

const HEADER_TYPE = 'text-xs font-semibold uppercase tracking-wide';

/**
 * Cards below the breakpoint. A sortable table keeps its header there as a strip of sort buttons
 * (the columns that do not sort hide); any other table hides its header there.
 */
function cardLook(bp: CardBreakpoint, rowClassName: string, sortStrip: boolean): TableLook {
  const headerType = `${HEADER_TYPE} text-slate-500`;
  return {
    table: `block w-full ${HEAD_AT.table[bp]}`,
    thead: sortStrip
      ? `block border-b border-slate-200 bg-slate-50 ${HEAD_AT.group[bp]} ${HEAD_AT.noBorder[bp]}`
      : `hidden bg-slate-50 ${HEAD_AT.group[bp]}`,
    headRow: sortStrip ? `flex flex-wrap gap-x-5 gap-y-1 px-4 py-2.5 ${BODY_AT.row[bp]}` : undefined,
    th: (sortable) => {
      if (!sortStrip) return `px-4 py-3 ${headerType}`;
      return `${BODY_AT.cell[bp]} ${headerType}${sortable ? '' : ' hidden'}`;
    },
    // A button does not inherit text-transform, so the header's capitals are asked for again.
    sortButton: 'inline-flex items-center gap-1 rounded uppercase hover:text-ink-900',
    activeSortIcon: 'text-brand-700',
    tbody: `block divide-y divide-slate-100 bg-white ${BODY_AT.group[bp]}`,
    messageRow: `block ${BODY_AT.row[bp]}`,
    messageCell: `block px-4 py-12 text-center text-sm text-slate-500 ${BODY_AT.messageCell[bp]}`,
    row: `${rowClassName} hover:bg-slate-50 ${BODY_AT.row[bp]}`,
    cell: BODY_AT.cell[bp],
  };
}

/**
 * The catalogue's table: columns at every width, scrolling sideways inside its card on a phone.
 * Its sort headers carry their type on the button, so the header row keeps the table's line height.
 */
const SCROLL_HEADER_TYPE = `${HEADER_TYPE} text-slate-600`;
const SCROLL_LOOK: TableLook = {
  table: 'min-w-full divide-y divide-slate-200 text-sm',
  thead: 'bg-slate-50',
  headRow: undefined,
  th: (sortable) => (sortable ? 'px-4 py-3' : `px-4 py-3 ${SCROLL_HEADER_TYPE}`),
  sortButton: `inline-flex items-center gap-1 ${SCROLL_HEADER_TYPE} hover:text-ink-900`,
  activeSortIcon: 'text-brand-600',
  tbody: 'divide-y divide-slate-100',
  messageRow: undefined,
  messageCell: 'px-4 py-10 text-center text-slate-500',
  row: 'hover:bg-slate-50',
  cell: 'px-4 py-3',
};

function ariaSort(active: boolean, order: SortOrder) {
  if (!active) return 'none';
  return order === 'asc' ? 'ascending' : 'descending';
}

/**
 * The back office's list table: one header row (sort buttons with aria-sort where a column sorts),
 * a loading or empty line spanning every column, and the rows, shown as cards on small screens.
 */
export function DataTable<Row extends { id: string }, SortKey extends string = never>({
  label,
  columns,
  rows,
  cards,
  sort,
  emptyText,
  loadingText,
  rowTestId,
}: Props<Row, SortKey>) {
  const sortStrip = sort !== undefined && columns.some((c) => c.sortKey !== undefined);
  const look = cards ? cardLook(cards.below, cards.rowClassName, sortStrip) : SCROLL_LOOK;
  const message = loadingText ?? (rows.length === 0 ? emptyText : null);

  return (
    <div className="relative overflow-x-auto">
      <table className={look.table} aria-label={label}>
        <thead className={look.thead}>
          <tr className={look.headRow}>
            {columns.map((column) => {
              const { sortKey } = column;
              const align = column.alignEnd ? 'text-right' : 'text-left';
              if (sortKey === undefined || !sort) {
                return (
                  <th key={column.header} scope="col" className={`${look.th(false)} ${align}`}>
                    {column.header}
                  </th>
                );
              }
              const active = sort.by === sortKey;
              const Icon = !active ? ArrowUpDown : sort.order === 'asc' ? ArrowUp : ArrowDown;
              return (
                <th
                  key={column.header}
                  scope="col"
                  className={`${look.th(true)} ${align}`}
                  aria-sort={ariaSort(active, sort.order)}
                >
                  <button type="button" onClick={() => sort.onSort(sortKey)} className={look.sortButton}>
                    {column.header}
                    <Icon
                      className={`h-3.5 w-3.5 ${active ? look.activeSortIcon : 'text-slate-400'}`}
                      aria-hidden="true"
                    />
                  </button>
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody className={look.tbody}>
          {message !== null ? (
            <tr className={look.messageRow}>
              <td colSpan={columns.length} className={look.messageCell}>
                {message}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={row.id} className={look.row} data-testid={rowTestId}>
                {columns.map((column) => (
                  <td
                    key={column.header}
                    className={column.cellClassName ? `${look.cell} ${column.cellClassName}` : look.cell}
                  >
                    {column.cell(row)}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
