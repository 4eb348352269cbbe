import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { SortOrder } from '@vm/shared/common';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type CardBreakpoint, type DataColumn, DataTable } from './data-table';

afterEach(cleanup);

interface Person {
  id: string;
  name: string;
  email: string;
}
type PersonSort = 'name' | 'email';

const PEOPLE: Person[] = [
  { id: 'p1', name: 'Ada', email: 'ada@example.com' },
  { id: 'p2', name: 'Bo', email: 'bo@example.com' },
];
const COLUMNS: DataColumn<Person, PersonSort>[] = [
  { header: 'Name', sortKey: 'name', cellClassName: 'w-full', cell: (p) => <strong>{p.name}</strong> },
  { header: 'Email', sortKey: 'email', cell: (p) => p.email },
  { header: 'Actions', alignEnd: true, cell: (p) => <button type="button">Edit {p.name}</button> },
];

function renderTable(
  props: {
    rows?: Person[];
    sort?: { by: string; order: SortOrder };
    below?: CardBreakpoint;
    loadingText?: string;
  } = {},
) {
  const onSort = vi.fn<(key: PersonSort) => void>();
  const { below, sort } = props;
  render(
    <DataTable
      label="People"
      columns={COLUMNS}
      rows={props.rows ?? PEOPLE}
      cards={below ? { below, rowClassName: 'grid grid-cols-2' } : undefined}
      sort={sort ? { ...sort, onSort } : undefined}
      emptyText="No people found"
      loadingText={props.loadingText}
      rowTestId="person-row"
    />,
  );
  return { onSort, table: screen.getByRole('table', { name: 'People' }) };
}

describe('DataTable', () => {
  it('names the table and gives each column a header cell of its own', () => {
    const { table } = renderTable();
    const headers = within(table).getAllByRole('columnheader');
    expect(headers.map((h) => h.textContent)).toEqual(['Name', 'Email', 'Actions']);
    for (const h of headers) expect(h.getAttribute('scope')).toBe('col');
    const rows = screen.getAllByTestId('person-row');
    expect(rows).toHaveLength(2);
    const [ada] = rows;
    if (!ada) throw new Error('no row');
    expect(
      within(ada)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Ada', 'ada@example.com', 'Edit Ada']);
  });

  it('sortable headers are buttons that report their key, with aria-sort on the active one', () => {
    const { onSort } = renderTable({ sort: { by: 'email', order: 'asc' } });
    const name = screen.getByRole('columnheader', { name: /Name/ });
    const email = screen.getByRole('columnheader', { name: /Email/ });
    expect(name.getAttribute('aria-sort')).toBe('none');
    expect(email.getAttribute('aria-sort')).toBe('ascending');
    // A column that does not sort has neither a button nor aria-sort.
    const actions = screen.getByRole('columnheader', { name: 'Actions' });
    expect(actions.getAttribute('aria-sort')).toBeNull();
    expect(within(actions).queryByRole('button')).toBeNull();

    fireEvent.click(within(name).getByRole('button', { name: /Name/ }));
    fireEvent.click(within(email).getByRole('button', { name: /Email/ }));
    expect(onSort.mock.calls).toEqual([['name'], ['email']]);
    cleanup();

    renderTable({ sort: { by: 'email', order: 'desc' } });
    expect(screen.getByRole('columnheader', { name: /Email/ }).getAttribute('aria-sort')).toBe('descending');
    cleanup();

    // A sort by a key no column offers (the newest-first default) marks no header.
    renderTable({ sort: { by: 'createdAt', order: 'desc' } });
    const sorts = screen.getAllByRole('columnheader').map((h) => h.getAttribute('aria-sort'));
    expect(sorts).toEqual(['none', 'none', null]);
  });

  it('with no rows one line across every column shows the empty text', () => {
    renderTable({ rows: [], below: 'md' });
    const cell = screen.getByRole('cell', { name: 'No people found' });
    expect(cell.getAttribute('colspan')).toBe('3');
    expect(screen.queryByTestId('person-row')).toBeNull();
  });

  it('while loading, the loading line replaces the rows and the headers stay', () => {
    renderTable({ loadingText: 'Loading people...' });
    expect(screen.getByRole('cell', { name: 'Loading people...' }).getAttribute('colspan')).toBe('3');
    expect(screen.queryByTestId('person-row')).toBeNull();
    expect(screen.queryByText('No people found')).toBeNull();
    expect(screen.getAllByRole('columnheader')).toHaveLength(3);
  });

  it('rows turn into table rows at the breakpoint the table names, and stay cards below it', () => {
    renderTable({ below: 'lg' });
    const [row] = screen.getAllByTestId('person-row');
    expect(row?.className).toContain('grid grid-cols-2');
    expect(row?.className).toContain('lg:table-row');
    expect(row?.className).not.toContain('md:');
    const [nameCell] = within(row as HTMLElement).getAllByRole('cell');
    expect(nameCell?.className).toContain('lg:table-cell');
    expect(nameCell?.className).toContain('w-full');
  });

  it('on cards a sortable table keeps its sort buttons as a strip and hides the other headers; any other table hides its header', () => {
    const { table } = renderTable({ below: 'md', sort: { by: 'name', order: 'asc' } });
    const head = table.querySelector('thead');
    expect(head?.className.split(' ')).toContain('block');
    const actions = screen.getByRole('columnheader', { name: 'Actions' });
    expect(actions.className.split(' ')).toEqual(expect.arrayContaining(['hidden', 'md:table-cell', 'text-right']));
    expect(screen.getByRole('columnheader', { name: /Name/ }).className.split(' ')).not.toContain('hidden');
    cleanup();

    const unsorted = renderTable({ below: 'md' });
    expect(unsorted.table.querySelector('thead')?.className.split(' ')).toContain('hidden');
  });
});
