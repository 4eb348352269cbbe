import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DEFAULT_MAKES } from '@vm/shared/constants';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../lib/test-fixtures';
import { storeSession } from '../../../lib/test-render';
import { type FetchCall, renderAt, stubFetch, summaries } from '../storefront-test-utils';
import { HomePage } from './home-page';

type Answer = Response | undefined;
function homeApi(answers: { featured?: () => Answer; popular?: () => Answer; random?: () => Answer } = {}) {
  return stubFetch((call: FetchCall) => {
    const { pathname, searchParams } = call.url;
    if (pathname === '/api/vehicles/tagged') {
      const tag = searchParams.get('tag');
      const answer = tag === 'featured' ? answers.featured : answers.popular;
      return answer ? answer() : jsonResponse(200, { vehicles: summaries(tag ?? '', 4) });
    }
    if (pathname === '/api/vehicles/search' && searchParams.get('random') === 'true')
      return answers.random ? answers.random() : jsonResponse(200, { vehicles: summaries('random', 6), total: 6 });
    if (pathname === '/api/vehicles/makes') return jsonResponse(200, { makes: [...DEFAULT_MAKES, 'Alfa Romeo'] });
    if (pathname === '/api/tracking/page-visit') return jsonResponse(201, { success: true });
    return undefined;
  });
}

const renderHome = () => renderAt(<HomePage />, { path: '/', routePath: '/' });
const section = (name: string) => screen.getByRole('region', { name });

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('HomePage', () => {
  it('HOME-07 HOME-11 HOME-12 HOME-13 HOME-19 HOME-20 shows the tagged vehicles, 6 requested each, with View All links', async () => {
    const calls = homeApi();
    renderHome();
    const featured = await screen.findByRole('region', { name: 'Featured Vehicles' });
    await within(featured).findByText('featured car 1');
    expect(within(featured).getAllByRole('article')).toHaveLength(3);
    expect(
      within(featured)
        .getByRole('link', { name: /View All/ })
        .getAttribute('href'),
    ).toBe('/vehicles?tags=featured');
    const popular = section('Popular Cars For Sale');
    await within(popular).findByText('popular car 1');
    expect(
      within(popular)
        .getByRole('link', { name: /View All/ })
        .getAttribute('href'),
    ).toBe('/vehicles?tags=popular');
    const tagged = calls.filter((c) => c.url.pathname === '/api/vehicles/tagged');
    expect(
      tagged
        .map((c) => Object.fromEntries(c.url.searchParams))
        .sort((a, b) => String(a.tag).localeCompare(String(b.tag))),
    ).toEqual([
      { tag: 'featured', limit: '6' },
      { tag: 'popular', limit: '6' },
    ]);
    expect(calls.some((c) => c.url.searchParams.get('random') === 'true')).toBe(false);
  });

  it('HOME-08 HOME-09 HOME-10 moves between slides with previous, next and dots, wrapping around', async () => {
    homeApi();
    renderHome();
    const featured = await screen.findByRole('region', { name: 'Featured Vehicles' });
    await within(featured).findByText('featured car 1');
    const slide = () => within(featured).getByRole('group', { name: /of 2/ });
    fireEvent.click(within(featured).getByRole('button', { name: 'Next slide' }));
    expect(within(slide()).getByText('featured car 4')).toBeTruthy();
    fireEvent.click(within(featured).getByRole('button', { name: 'Next slide' }));
    expect(within(slide()).getByText('featured car 1')).toBeTruthy();
    fireEvent.click(within(featured).getByRole('button', { name: 'Previous slide' }));
    expect(slide().getAttribute('aria-label')).toBe('2 of 2');
    fireEvent.click(within(featured).getByRole('button', { name: 'Go to slide 1' }));
    expect(slide().getAttribute('aria-label')).toBe('1 of 2');
  });

  it('HOME-14 HOME-16 HOME-18 HOME-21 fills an empty featured list from a random search, with another title and a note', async () => {
    const calls = homeApi({ featured: () => jsonResponse(200, { vehicles: [] }) });
    renderHome();
    const explore = await screen.findByRole('region', { name: 'Explore Our Vehicles' });
    await within(explore).findByText('random car 1');
    expect(within(explore).getByText(/Nothing is featured right now/)).toBeTruthy();
    expect(
      within(explore)
        .getByRole('link', { name: /View All/ })
        .getAttribute('href'),
    ).toBe('/vehicles');
    const random = calls.find((c) => c.url.searchParams.get('random') === 'true');
    expect(Object.fromEntries(random?.url.searchParams ?? [])).toEqual({ random: 'true', limit: '6' });
  });

  it('HOME-15 HOME-17 falls back for popular vehicles when that call fails', async () => {
    homeApi({ popular: () => jsonResponse(500, { message: 'down' }) });
    renderHome();
    const explore = await screen.findByRole('region', { name: 'Explore More Vehicles' });
    await within(explore).findByText('random car 1');
    expect(within(explore).getByText(/No popular picks yet/)).toBeTruthy();
  });

  it('HOME-23 ERR-36 shows "Failed to load vehicles" in red when the fallback fails too', async () => {
    homeApi({
      featured: () => jsonResponse(500, { message: 'down' }),
      popular: () => jsonResponse(500, { message: 'down' }),
      random: () => jsonResponse(500, { message: 'down' }),
    });
    renderHome();
    await waitFor(() => expect(screen.getAllByText('Failed to load vehicles')).toHaveLength(2));
    expect(screen.getAllByText('Failed to load vehicles')[0]?.className).toContain('text-red-700');
  });

  it('HOME-22 shows an empty message when there is nothing to show at all', async () => {
    const empty = () => jsonResponse(200, { vehicles: [], total: 0, pages: 0, page: 1 });
    homeApi({ featured: empty, popular: empty, random: empty });
    renderHome();
    await waitFor(() => expect(screen.getAllByText(/No vehicles to show yet/)).toHaveLength(2));
  });

  it('HOME-30 HOME-32 sends one page visit with "Direct" as the referrer; a failure is only logged', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const calls = stubFetch((call) =>
      call.url.pathname === '/api/tracking/page-visit' ? jsonResponse(500, { message: 'down' }) : undefined,
    );
    renderHome();
    await waitFor(() => expect(error).toHaveBeenCalledWith('Page visit tracking failed', expect.anything()));
    const visits = calls.filter((c) => c.url.pathname === '/api/tracking/page-visit');
    expect(visits).toHaveLength(1);
    expect(visits[0]?.method).toBe('POST');
    expect(visits[0]?.body).toEqual({ page: '/', referrer: 'Direct' });
    expect(visits[0]?.headers.authorization).toBeUndefined();
    expect(screen.queryByRole('alert', { name: /tracking/ })).toBeNull();
  });

  it('HOME-31 sends the page visit with the stored bearer token', async () => {
    storeSession();
    const calls = homeApi();
    renderHome();
    await waitFor(() => expect(calls.some((c) => c.url.pathname === '/api/tracking/page-visit')).toBe(true));
    const visit = calls.find((c) => c.url.pathname === '/api/tracking/page-visit');
    expect(visit?.headers.authorization).toMatch(/^Bearer /);
  });

  it('HOME-02..06 offers the makes in a searchable picker and the last 50 years, and searches with them', async () => {
    homeApi();
    renderHome();
    const combobox = screen.getByRole('combobox', { name: 'Car Make' });
    fireEvent.focus(combobox);
    fireEvent.change(combobox, { target: { value: 'rom' } });
    const option = await screen.findByRole('option', { name: 'Alfa Romeo' });
    expect(within(screen.getByRole('listbox')).getAllByRole('option')).toHaveLength(1);
    fireEvent.mouseDown(option);
    expect((combobox as HTMLInputElement).value).toBe('Alfa Romeo');
    const yearFrom = screen.getByLabelText('Year From') as HTMLSelectElement;
    const yearTo = screen.getByLabelText('Year To') as HTMLSelectElement;
    const year = new Date().getFullYear();
    expect(yearFrom.options).toHaveLength(51);
    expect(yearFrom.options[1]?.value).toBe(String(year));
    expect(yearFrom.options[50]?.value).toBe(String(year - 49));
    fireEvent.change(yearFrom, { target: { value: String(year - 30) } });
    fireEvent.change(yearTo, { target: { value: String(year - 20) } });
    fireEvent.click(within(screen.getByRole('form', { name: 'Find your vehicle' })).getByRole('button'));
    expect(screen.getByTestId('location').textContent).toBe(
      `/vehicles?make=Alfa+Romeo&minYear=${year - 30}&maxYear=${year - 20}`,
    );
  });

  it('HOME-01 HOME-24..29 has the Browse Vehicles link, 12 of 21 categories with a toggle, and the three reasons', async () => {
    homeApi();
    renderHome();
    expect(screen.getByRole('link', { name: 'Browse Vehicles' }).getAttribute('href')).toBe('/vehicles');
    const categories = section('Browse By Category');
    expect(within(categories).getAllByRole('listitem')).toHaveLength(12);
    fireEvent.click(within(categories).getByRole('button', { name: 'Show All Categories' }));
    expect(within(categories).getAllByRole('listitem')).toHaveLength(21);
    fireEvent.click(within(categories).getByRole('button', { name: 'Show Less' }));
    expect(within(categories).getAllByRole('listitem')).toHaveLength(12);
    for (const reason of ['Wide Selection', 'Secure Transactions', 'Expert Support'])
      expect(screen.getByRole('heading', { name: reason })).toBeTruthy();
  });
});
