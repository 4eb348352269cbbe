import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../lib/test-fixtures';
import { type FetchCall, renderAt, stubFetch, summaries } from '../storefront-test-utils';
import { SearchPage } from './search-page';

type Page = { vehicles: ReturnType<typeof summaries>; total: number; pages: number; page: number };
function searchApi(answer: (call: FetchCall) => Response = () => page(summaries('result', 9), 9, 1, 1)) {
  return stubFetch((call) => {
    const { pathname, searchParams } = call.url;
    if (pathname === '/api/vehicles/search') return answer(call);
    if (pathname === '/api/vehicles/makes') return jsonResponse(200, { makes: ['Ford', 'Toyota'] });
    if (pathname === '/api/vehicles/models')
      return jsonResponse(200, { models: searchParams.get('make') === 'Ford' ? ['Bronco', 'Mustang'] : ['Supra'] });
    return undefined;
  });
}
const page = (vehicles: Page['vehicles'], total: number, pages: number, current: number) =>
  jsonResponse(200, { vehicles, total, pages, page: current });

const renderSearch = (path: string) => renderAt(<SearchPage />, { path, routePath: '/vehicles' });
const searches = (calls: FetchCall[]) => calls.filter((c) => c.url.pathname === '/api/vehicles/search');
const lastSearch = (calls: FetchCall[]) => Object.fromEntries(searches(calls).at(-1)?.url.searchParams ?? []);
const select = (label: string) => screen.getByLabelText(label, { exact: true }) as HTMLSelectElement;

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('SearchPage', () => {
  it('SEARCH-02 SEARCH-16 SEARCH-24 applies the URL filters, pre-fills the controls and sends only filled ones', async () => {
    const calls = searchApi();
    renderSearch('/vehicles?make=Ford&yearFrom=1965&yearTo=1970&tags=hot&category=Classics&minPrice=1000');
    await screen.findByText('result car 1');
    expect(lastSearch(calls)).toEqual({
      make: 'Ford',
      minYear: '1965',
      maxYear: '1970',
      tags: 'hot',
      category: 'Classics',
      minPrice: '1000',
      page: '1',
      limit: '9',
    });
    await waitFor(() => expect(select('Make').value).toBe('Ford'));
    expect(select('Year from').value).toBe('1965');
    expect(select('Year to').value).toBe('1970');
    expect(select('Category').value).toBe('Classics');
    expect((screen.getByLabelText('Min price ($)') as HTMLInputElement).value).toBe('1000');
    expect((screen.getByRole('checkbox', { name: 'Hot' }) as HTMLInputElement).checked).toBe(true);
  });

  it('a keyword search that matched more than the server ranks shows the count as a lower bound', async () => {
    searchApi(() =>
      jsonResponse(200, { vehicles: summaries('result', 9), total: 500, pages: 56, page: 1, totalIsLowerBound: true }),
    );
    renderSearch('/vehicles?query=leather');
    expect(await screen.findByText('500+ vehicles found')).toBeTruthy();
  });

  it('SEARCH-05 SEARCH-06 SEARCH-07 offers the makes; Model is disabled until a make is chosen, then lists its models', async () => {
    const calls = searchApi();
    renderSearch('/vehicles');
    await screen.findByText('result car 1');
    expect(select('Model').disabled).toBe(true);
    await waitFor(() => expect([...select('Make').options].map((o) => o.value)).toEqual(['', 'Ford', 'Toyota']));
    fireEvent.change(select('Make'), { target: { value: 'Ford' } });
    await waitFor(() => expect(select('Model').disabled).toBe(false));
    await waitFor(() => expect([...select('Model').options].map((o) => o.value)).toEqual(['', 'Bronco', 'Mustang']));
    expect(
      calls.some((c) => c.url.pathname === '/api/vehicles/models' && c.url.searchParams.get('make') === 'Ford'),
    ).toBe(true);
  });

  it('SEARCH-03 writes a changed filter to the URL, resets the page to 1 and searches again', async () => {
    const calls = searchApi();
    renderSearch('/vehicles?make=Ford&model=Mustang&page=3');
    await screen.findByText('result car 1');
    fireEvent.change(select('Make'), { target: { value: 'Toyota' } });
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/vehicles?make=Toyota'));
    await waitFor(() => expect(lastSearch(calls)).toEqual({ make: 'Toyota', page: '1', limit: '9' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Featured' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/vehicles?make=Toyota&tags=featured'));
  });

  it('SEARCH-10 SEARCH-11 offers the tag options and the listing types', async () => {
    searchApi();
    renderSearch('/vehicles');
    const tags = screen.getByRole('group', { name: 'Tags' });
    expect(
      within(tags)
        .getAllByRole('checkbox')
        .map((c) => c.parentElement?.textContent),
    ).toEqual(['Hot', 'Popular', 'Featured', 'New', 'Sale', 'Limited']);
    expect([...select('Listing type').options].map((o) => o.value)).toEqual(['', 'auction', 'listing']);
  });

  it('SEARCH-17..21 shows page 1, the current page with its neighbours, the last page and ellipses; a click writes the page', async () => {
    searchApi(() => page(summaries('p', 9), 108, 12, 6));
    renderSearch('/vehicles?page=6');
    await screen.findByText('p car 1');
    const pager = screen.getByRole('navigation', { name: 'Pagination' });
    expect([...pager.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['1', '…', '5', '6', '7', '…', '12']);
    expect(within(pager).getByRole('button', { name: 'Page 6' }).getAttribute('aria-current')).toBe('page');
    fireEvent.click(within(pager).getByRole('button', { name: 'Page 7' }));
    expect(screen.getByTestId('location').textContent).toBe('/vehicles?page=7');
    fireEvent.click(within(pager).getByRole('button', { name: 'Page 7' }));
    fireEvent.click(within(pager).getByRole('button', { name: /Next/ }));
    expect(screen.getByTestId('location').textContent).toBe('/vehicles?page=8');
  });

  it('SEARCH-14 SEARCH-15 shows the results in a grid of 3 columns on wide screens', async () => {
    searchApi();
    renderSearch('/vehicles');
    await screen.findByText('result car 1');
    const grid = screen.getAllByRole('article')[0]?.closest('ul');
    expect(grid?.className).toContain('xl:grid-cols-3');
    expect(screen.getAllByRole('article')).toHaveLength(9);
  });

  it('ERR-35 says when nothing matches', async () => {
    searchApi(() => page([], 0, 0, 1));
    renderSearch('/vehicles?make=Lada');
    expect(await screen.findByText('No vehicles found matching your search criteria.')).toBeTruthy();
  });

  it('ERR-34 shows the failure message and clears the results', async () => {
    let fail = false;
    searchApi(() => (fail ? jsonResponse(500, { message: 'down' }) : page(summaries('ok', 3), 3, 1, 1)));
    renderSearch('/vehicles');
    await screen.findByText('ok car 1');
    fail = true;
    fireEvent.change(select('Make'), { target: { value: 'Ford' } });
    expect(await screen.findByText('Failed to search vehicles. Please try again.')).toBeTruthy();
    expect(screen.queryByText('ok car 1')).toBeNull();
  });

  it('issue #20: a minimum above the maximum is explained beside its field and not sent; Clear filters searches again', async () => {
    const calls = searchApi();
    renderSearch('/vehicles?minPrice=5000&maxPrice=1000&minYear=1990&maxYear=1970');
    const maxPrice = screen.getByLabelText('Max price ($)');
    expect(maxPrice.getAttribute('aria-invalid')).toBe('true');
    const maxPriceError = document.getElementById(maxPrice.getAttribute('aria-describedby') ?? '');
    expect(maxPriceError?.textContent).toBe('Max price must not be below min price');
    const yearTo = select('Year to');
    expect(document.getElementById(yearTo.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Max year must not be below min year',
    );
    expect(screen.getByRole('heading', { name: 'Check the filters' })).toBeTruthy();
    expect(screen.queryByText('Searching...')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(searches(calls)).toHaveLength(0);
    fireEvent.click(screen.getByRole('link', { name: 'Clear filters' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/vehicles'));
    await screen.findByText('result car 1');
    expect(lastSearch(calls)).toEqual({ page: '1', limit: '9' });
  });

  it('issue #20: a shared link with a query over 200 characters opens with the message and Clear filters, not "Searching..."', async () => {
    const calls = searchApi();
    renderSearch(`/vehicles?query=${'a'.repeat(201)}&make=Ford`);
    expect(screen.getAllByText('Search words must be at most 200 characters long').length).toBeGreaterThan(0);
    expect(screen.getByLabelText('Keyword').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByText('Searching...')).toBeNull();
    expect(searches(calls)).toHaveLength(0);
    fireEvent.click(screen.getByRole('link', { name: 'Clear filters' }));
    await screen.findByText('result car 1');
    expect(screen.getByTestId('location').textContent).toBe('/vehicles');
  });

  it('issue #20: a negative price typed in a field is explained there and not written to the URL', async () => {
    const calls = searchApi();
    renderSearch('/vehicles?make=Ford');
    await screen.findByText('result car 1');
    const minPrice = screen.getByLabelText('Min price ($)');
    fireEvent.change(minPrice, { target: { value: '-5' } });
    fireEvent.blur(minPrice);
    expect(await screen.findByText('Min price must not be negative')).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/vehicles?make=Ford');
    expect(searches(calls)).toHaveLength(1);
    fireEvent.change(minPrice, { target: { value: '500' } });
    fireEvent.blur(minPrice);
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/vehicles?make=Ford&minPrice=500'));
    expect(screen.queryByText('Min price must not be negative')).toBeNull();
  });

  it('issue #20: filters the API refuses show its message and Clear filters instead of Try again', async () => {
    searchApi(() => jsonResponse(400, { message: 'Min year must not be negative' }));
    renderSearch('/vehicles?make=Ford');
    expect(await screen.findByText('Min year must not be negative')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Check the filters' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Clear filters' }).getAttribute('href')).toBe('/vehicles');
  });

  it('issue #20: changing page scrolls to the results (on a phone they are below the filter panel)', async () => {
    const scrolled: Element[] = [];
    const original = Element.prototype.scrollIntoView;
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this);
    };
    try {
      searchApi(() => page(summaries('p', 9), 27, 3, 1));
      renderSearch('/vehicles');
      await screen.findByText('p car 1');
      expect(scrolled).toHaveLength(0);
      fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
      await waitFor(() => expect(scrolled).toHaveLength(1));
      expect(scrolled[0]?.getAttribute('aria-labelledby')).toBe('results-title');
      fireEvent.change(select('Make'), { target: { value: 'Ford' } });
      await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/vehicles?make=Ford'));
      expect(scrolled).toHaveLength(1);
    } finally {
      Element.prototype.scrollIntoView = original;
    }
  });
});
