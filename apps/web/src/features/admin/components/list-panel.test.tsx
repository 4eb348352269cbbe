import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ListBody } from './list-panel';

afterEach(cleanup);

const page = (data: string[] | undefined, isPending: boolean, isFetching: boolean) => (
  <ListBody query={{ data, isPending, isFetching }} loadingText="Loading users...">
    {(rows) => <p>{rows.join(', ')}</p>}
  </ListBody>
);

describe('ListBody', () => {
  it('shows a status line until the first page arrives, then the page; a newer page on its way marks it busy', () => {
    const { rerender, container } = render(page(undefined, true, true));
    expect(screen.getByRole('status').textContent).toBe('Loading users...');

    rerender(page(['Ada', 'Bo'], false, false));
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByText('Ada, Bo')).toBeTruthy();
    expect(container.querySelector('[aria-busy="true"]')).toBeNull();

    rerender(page(['Ada', 'Bo'], false, true));
    expect(container.querySelector('[aria-busy="true"]')?.textContent).toBe('Ada, Bo');
  });

  it('shows nothing after a failed first load (the screen says why in its banner)', () => {
    const { container } = render(page(undefined, false, false));
    expect(container.textContent).toBe('');
  });
});
