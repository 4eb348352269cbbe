import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { VehicleImage } from '@vm/shared/vehicle';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, sampleVehicle } from '../../../lib/test-fixtures';
import { type FetchCall, renderAt, stubFetch, summaries } from '../storefront-test-utils';
import { VehicleDetailPage } from './vehicle-detail-page';

const image = (n: number): VehicleImage => ({
  id: `img${n}`,
  url: `/uploads/vehicles/v1/img${n}-1280.webp`,
  srcSet: `/uploads/vehicles/v1/img${n}-320.webp 320w, /uploads/vehicles/v1/img${n}-640.webp 640w, /uploads/vehicles/v1/img${n}-1280.webp 1280w`,
  width: 1280,
  height: 800,
  category: 'gallery',
});

const VEHICLE = sampleVehicle({
  tags: ['hot', 'popular'],
  listingType: 'auction',
  listing: { type: 'auction', tags: ['hot', 'popular'] },
  description: 'A clean, rust-free Z car.',
  features: ['Five-speed gearbox', 'Period radio'],
  sections: { exterior: 'Safari Gold paint', interior: '', other: '' },
  images: Array.from({ length: 7 }, (_, i) => image(i + 1)),
  defaultImage: '/uploads/vehicles/v1/img1-1280.webp',
  msrp: 45000,
  viewCount: 12,
});

function detailApi(options: { vehicle?: () => Response; view?: () => Response } = {}) {
  return stubFetch((call: FetchCall) => {
    const { pathname } = call.url;
    if (pathname === '/api/vehicles/v1' && call.method === 'GET')
      return options.vehicle ? options.vehicle() : jsonResponse(200, VEHICLE);
    if (pathname === '/api/vehicles/v1/view')
      return options.view ? options.view() : jsonResponse(200, { success: true, isNewView: true, viewCount: 13 });
    if (pathname === '/api/vehicles/similar') return jsonResponse(200, { vehicles: summaries('similar', 3) });
    return undefined;
  });
}
const renderDetail = () => renderAt(<VehicleDetailPage />, { path: '/vehicles/v1', routePath: '/vehicles/:id' });
const viewCalls = (calls: FetchCall[]) => calls.filter((c) => c.url.pathname.endsWith('/view'));

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('VehicleDetailPage', () => {
  it('DETAIL-01 DETAIL-08..13 shows the facts, description, condition, features and the Hot, Popular and Auction badges', async () => {
    detailApi();
    renderDetail();
    expect(await screen.findByRole('heading', { level: 1, name: '1972 Datsun 240Z' })).toBeTruthy();
    const badges = screen.getByRole('list', { name: 'Highlights' });
    expect(
      within(badges)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Hot', 'Popular', 'Auction']);
    const facts = screen.getByRole('region', { name: 'Vehicle details' });
    const expected: [string, string][] = [
      ['Year', '1972'],
      ['Make', 'Datsun'],
      ['Model', '240Z'],
      ['Mileage', '52,000 mi'],
      ['Body type', 'Coupe'],
      ['Category', 'Japanese/JDM'],
      ['Fuel', 'Gasoline'],
      ['Transmission', 'Manual'],
      ['Exterior colour', 'Red'],
      ['VIN', 'UNKNOWN'],
      ['Location', 'Portland, OR'],
      ['Price', '$38,500'],
      ['Original MSRP', '$45,000'],
    ];
    for (const [term, value] of expected)
      expect(within(facts).getByText(term).nextElementSibling?.textContent).toBe(value);
    expect(screen.getByText('A clean, rust-free Z car.')).toBeTruthy();
    expect(screen.getByText('Safari Gold paint')).toBeTruthy();
    expect(screen.getByText('Five-speed gearbox')).toBeTruthy();
    expect(screen.getByText('Period radio')).toBeTruthy();
  });

  it('DETAIL-02 DETAIL-03 DETAIL-07 shows the photo 400px high with its srcset, and 5 thumbnails per page from the small files', async () => {
    detailApi();
    renderDetail();
    const main = await screen.findByTestId('gallery-main');
    expect(main.style.height).toBe('400px');
    const photo = main.querySelector('img') as HTMLImageElement;
    expect(photo.getAttribute('alt')).toBe('1972 Datsun 240Z, photo 1 of 7');
    expect(photo.getAttribute('src')).toBe('/uploads/vehicles/v1/img1-1280.webp');
    expect(photo.getAttribute('srcset')).toContain('img1-640.webp 640w');
    expect(photo.getAttribute('fetchpriority')).toBe('high');
    const thumbs = screen.getByRole('list', { name: 'Thumbnails, page 1 of 2' });
    const thumbImages = [...thumbs.querySelectorAll('img')];
    expect(thumbImages).toHaveLength(5);
    expect(thumbImages[0]?.getAttribute('src')).toBe('/uploads/vehicles/v1/img1-320.webp');
  });

  it('DETAIL-04 DETAIL-05 DETAIL-06 moves with the arrow and page keys and opens the lightbox on click', async () => {
    detailApi();
    renderDetail();
    const gallery = await screen.findByRole('region', { name: 'Photos of 1972 Datsun 240Z' });
    const counter = () => within(screen.getByTestId('gallery-main')).getByText(/\/ 7/).textContent;
    fireEvent.keyDown(gallery, { key: 'ArrowRight' });
    expect(counter()).toContain('2 / 7');
    fireEvent.keyDown(gallery, { key: 'ArrowLeft' });
    fireEvent.keyDown(gallery, { key: 'ArrowLeft' });
    expect(counter()).toContain('7 / 7');
    expect(screen.getByRole('list', { name: 'Thumbnails, page 2 of 2' })).toBeTruthy();
    fireEvent.keyDown(gallery, { key: 'PageUp' });
    expect(screen.getByRole('list', { name: 'Thumbnails, page 1 of 2' })).toBeTruthy();
    fireEvent.keyDown(gallery, { key: 'PageDown' });
    expect(screen.getByRole('list', { name: 'Thumbnails, page 2 of 2' })).toBeTruthy();

    fireEvent.click(within(screen.getByTestId('gallery-main')).getByRole('button', { name: /open full screen/ }));
    const dialog = screen.getByRole('dialog', { name: '1972 Datsun 240Z, photo 7 of 7' });
    fireEvent.keyDown(document, { key: 'ArrowRight' });
    expect(dialog.getAttribute('aria-label')).toBe('1972 Datsun 240Z, photo 1 of 7');
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('DETAIL-29 asks for 3 similar vehicles of the make, excluding this one, and shows them', async () => {
    const calls = detailApi();
    renderDetail();
    const similar = await screen.findByRole('region', { name: 'Similar Vehicles' });
    expect(within(similar).getAllByRole('article')).toHaveLength(3);
    const call = calls.find((c) => c.url.pathname === '/api/vehicles/similar');
    expect(Object.fromEntries(call?.url.searchParams ?? [])).toMatchObject({
      make: 'Datsun',
      exclude: 'v1',
      limit: '3',
    });
  });

  it('DETAIL-32 DETAIL-34 DETAIL-35 records the view with the fingerprint, remembers it and shows the new count', async () => {
    const calls = detailApi();
    renderDetail();
    await waitFor(() => expect(screen.getByTestId('view-count').textContent).toBe('13 views'));
    const [view] = viewCalls(calls);
    expect(view?.method).toBe('POST');
    expect(view?.body).toEqual({ fingerprint: localStorage.getItem('browserFingerprint') });
    expect(JSON.parse(localStorage.getItem('viewedVehicles') ?? '[]')).toEqual(['v1']);
  });

  it('DETAIL-33 does not record a view for a vehicle already in the viewed list', async () => {
    localStorage.setItem('viewedVehicles', JSON.stringify(['v1']));
    const calls = detailApi();
    renderDetail();
    await screen.findByRole('heading', { level: 1, name: '1972 Datsun 240Z' });
    await screen.findByRole('region', { name: 'Similar Vehicles' });
    expect(viewCalls(calls)).toEqual([]);
    expect(screen.getByTestId('view-count').textContent).toBe('12 views');
  });

  it('DETAIL-36 only logs a failed view call, and tries again next time', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    detailApi({ view: () => jsonResponse(500, { message: 'down' }) });
    renderDetail();
    await waitFor(() => expect(error).toHaveBeenCalledWith('Failed to record the vehicle view', expect.anything()));
    expect(screen.getByTestId('view-count').textContent).toBe('12 views');
    expect(localStorage.getItem('viewedVehicles')).toBeNull();
  });

  it('DETAIL-30 ERR-38 shows "Vehicle not found." with a link to /vehicles', async () => {
    detailApi({ vehicle: () => jsonResponse(404, { message: 'Vehicle not found.' }) });
    renderDetail();
    expect(await screen.findByRole('heading', { name: 'Vehicle not found.' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse all vehicles' }).getAttribute('href')).toBe('/vehicles');
  });

  it('DETAIL-31 ERR-37 shows the load failure with a Back link', async () => {
    detailApi({ vehicle: () => jsonResponse(500, { message: 'down' }) });
    renderDetail();
    expect(
      await screen.findByRole('heading', { name: 'Failed to load vehicle details. Please try again later.' }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back' })).toBeTruthy();
  });
});
