import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AdminPager } from './admin-pager';

afterEach(cleanup);

function renderPager(page: number, totalPages: number, extra: { total?: number; limit?: number } = {}) {
  const onPage = vi.fn();
  const onLimit = vi.fn();
  const limit = extra.limit ?? 10;
  const total = extra.total ?? totalPages * limit;
  render(
    <AdminPager
      page={page}
      totalPages={totalPages}
      total={total}
      limit={limit}
      onPage={onPage}
      pageSizes={[5, 10, 25, 50, 100]}
      onLimit={onLimit}
    />,
  );
  return { onPage, onLimit };
}

/** What the pager shows between Previous and Next, in order: numbers and ellipses. */
function visibleItems(): string[] {
  const nav = screen.getByRole('navigation', { name: 'Pagination' });
  const prev = within(nav).getByRole('button', { name: 'Previous' });
  const strip = prev.nextElementSibling;
  if (!strip) throw new Error('no page strip');
  return [...strip.children].map((el) => el.textContent ?? '');
}

describe('AdminPager', () => {
  it('ADMIN-VEH-21 Previous and Next move one page, and are disabled at the ends', () => {
    const { onPage } = renderPager(3, 8);
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onPage.mock.calls).toEqual([[2], [4]]);
    cleanup();

    const atStart = renderPager(1, 8);
    const prev = screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement;
    expect(prev.disabled).toBe(true);
    fireEvent.click(prev);
    expect(atStart.onPage).not.toHaveBeenCalled();
    cleanup();

    const atEnd = renderPager(8, 8);
    const next = screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement;
    expect(next.disabled).toBe(true);
    fireEvent.click(next);
    expect(atEnd.onPage).not.toHaveBeenCalled();
  });

  it('ADMIN-VEH-22 shows a window of up to 5 numbers around the current page, marked current', () => {
    renderPager(1, 3);
    expect(visibleItems()).toEqual(['1', '2', '3']);
    cleanup();
    renderPager(5, 5);
    expect(visibleItems()).toEqual(['1', '2', '3', '4', '5']);
    cleanup();
    renderPager(2, 20);
    expect(visibleItems()).toEqual(['1', '2', '3', '4', '5', '…', '20']);
    expect(screen.getByRole('button', { name: '2' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('button', { name: '3' }).getAttribute('aria-current')).toBeNull();
    cleanup();
    renderPager(20, 20);
    expect(visibleItems()).toEqual(['1', '…', '16', '17', '18', '19', '20']);
  });

  it('ADMIN-VEH-23 first and last shortcuts with ellipses only when they lie outside the window', () => {
    const { onPage } = renderPager(10, 20);
    expect(visibleItems()).toEqual(['1', '…', '8', '9', '10', '11', '12', '…', '20']);
    fireEvent.click(screen.getByRole('button', { name: 'First page' }));
    fireEvent.click(screen.getByRole('button', { name: 'Last page' }));
    fireEvent.click(screen.getByRole('button', { name: '11' }));
    expect(onPage.mock.calls).toEqual([[1], [20], [11]]);
    cleanup();

    // The shortcut sits right next to the window: no ellipsis between them.
    renderPager(4, 7);
    expect(visibleItems()).toEqual(['1', '2', '3', '4', '5', '6', '7']);
    expect(screen.getByRole('button', { name: 'First page' }).textContent).toBe('1');
    expect(screen.getByRole('button', { name: 'Last page' }).textContent).toBe('7');
    cleanup();

    // Inside the window: no shortcuts at all.
    renderPager(3, 5);
    expect(screen.queryByRole('button', { name: 'First page' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Last page' })).toBeNull();
    expect(screen.queryByText('…')).toBeNull();
  });

  it('ADMIN-VEH-21 ADMIN-VEH-22 clicking the current page calls nothing', () => {
    const { onPage } = renderPager(4, 8);
    fireEvent.click(screen.getByRole('button', { name: '4' }));
    expect(onPage).not.toHaveBeenCalled();
  });

  it('ADMIN-VEH-19 ADMIN-VEH-20 shows the results range and the Show select calls onLimit', () => {
    const { onLimit } = renderPager(3, 4, { total: 37, limit: 10 });
    expect(screen.getByText('Showing 21 to 30 of 37 results')).toBeTruthy();
    const show = screen.getByLabelText('Show') as HTMLSelectElement;
    expect([...show.options].map((o) => o.value)).toEqual(['5', '10', '25', '50', '100']);
    expect(show.value).toBe('10');
    fireEvent.change(show, { target: { value: '25' } });
    expect(onLimit).toHaveBeenCalledWith(25);
    cleanup();

    renderPager(4, 4, { total: 37, limit: 10 });
    expect(screen.getByText('Showing 31 to 37 of 37 results')).toBeTruthy();
    cleanup();

    render(<AdminPager page={1} totalPages={1} total={3} limit={10} onPage={vi.fn()} />);
    expect(screen.getByText('Showing 1 to 3 of 3 results')).toBeTruthy();
    expect(screen.queryByLabelText('Show')).toBeNull();
  });
});
