import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { OfferStatus } from '@vm/shared/constants';
import type { Offer } from '@vm/shared/offer';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, sampleUser, sampleVehicle } from '../../lib/test-fixtures';
import { mockApi, renderScreen, storeSession } from '../../lib/test-render';
import { OfferPanel } from './offer-panel';

const user = sampleUser();
const me = () => jsonResponse(200, { user });

function offer(overrides: Partial<Offer> = {}): Offer {
  return {
    id: 'o1',
    amount: 30000,
    status: 'pending',
    message: 'Cash buyer',
    responseMessage: '',
    createdAt: new Date().toISOString(),
    updatedAt: new Date().toISOString(),
    amendedAt: null,
    userId: user.id,
    user: { id: user.id, firstName: user.firstName, lastName: user.lastName, email: user.email },
    vehicle: {
      id: 'v1',
      slug: '1972-datsun-240z',
      title: '1972 Datsun 240Z',
      year: 1972,
      make: 'Datsun',
      model: '240Z',
    },
    ...overrides,
  };
}

const renderPanel = (vehicle = sampleVehicle()) =>
  renderScreen(<OfferPanel vehicle={vehicle} />, { path: '/vehicles/v1', routePath: '/vehicles/:id' });
const amountField = () => screen.getByLabelText('Offer amount (USD)') as HTMLInputElement;
/** Opens the offer form, which loads on demand (offer-panel.tsx). */
async function openForm(button: string) {
  fireEvent.click(await screen.findByRole('button', { name: button }));
  await screen.findByLabelText('Offer amount (USD)');
}
const toastOf = (text: string) => screen.getByText(text).closest('.Toastify__toast');

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('OfferPanel', () => {
  it('DETAIL-28 shows an anonymous visitor a log-in button that remembers the vehicle', async () => {
    const { calls } = mockApi({});
    renderPanel();
    fireEvent.click(screen.getByRole('button', { name: 'Log in to make an offer' }));
    await waitFor(() => expect(screen.getByTestId('current-path').textContent).toBe('/login'));
    expect(calls).toEqual([]);
    expect(screen.queryByLabelText('Offer amount (USD)')).toBeNull();
  });

  it('DETAIL-17..21 VALID-33 VALID-34 opens, submits (submitting state), closes and shows a green toast', async () => {
    storeSession(user);
    let release: (r: Response) => void = () => {};
    const { calls } = mockApi({
      'GET /api/auth/me': me,
      'GET /api/vehicles/v1/offers': () => jsonResponse(200, { offers: [] }),
      'POST /api/vehicles/v1/offers': () => new Promise<Response>((resolve) => (release = resolve)),
    });
    renderPanel();
    await openForm('Make an offer');
    expect(screen.getByLabelText('Message (optional)')).toBeTruthy();
    fireEvent.change(amountField(), { target: { value: '12500.50' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit offer' }));

    const submitting = await screen.findByRole('button', { name: 'Submitting...' });
    expect((submitting as HTMLButtonElement).disabled).toBe(true);
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ amount: 12500.5, message: '' });

    release(jsonResponse(201, { offer: offer({ amount: 12500.5, message: '' }), isUpdate: false }));
    await screen.findByText('Your offer has been submitted successfully!');
    expect(toastOf('Your offer has been submitted successfully!')?.className).toContain('Toastify__toast--success');
    expect(screen.queryByLabelText('Offer amount (USD)')).toBeNull();
    // Issue #20: cents are shown, not rounded to the dollar.
    expect(screen.getByTestId('own-offer').textContent).toContain('$12,500.50');
    expect(screen.getByTestId('own-offer').textContent).toContain('Pending');
  });

  it('VALID-31 VALID-32 checks the amount on the client with the server schema and sends nothing', async () => {
    storeSession(user);
    const { calls } = mockApi({
      'GET /api/auth/me': me,
      'GET /api/vehicles/v1/offers': () => jsonResponse(200, { offers: [] }),
    });
    renderPanel();
    await openForm('Make an offer');
    fireEvent.click(screen.getByRole('button', { name: 'Submit offer' }));
    expect(await screen.findByText('Offer amount is required')).toBeTruthy();
    fireEvent.change(amountField(), { target: { value: '0.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit offer' }));
    expect(await screen.findByText('Offer amount must be at least $1')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('DETAIL-22 ERR-41 shows a red toast with the server message, else the fallback, keeping the form', async () => {
    storeSession(user);
    let answer = jsonResponse(409, { message: 'This vehicle is no longer accepting offers' });
    mockApi({
      'GET /api/auth/me': me,
      'GET /api/vehicles/v1/offers': () => jsonResponse(200, { offers: [] }),
      'POST /api/vehicles/v1/offers': () => answer,
    });
    renderPanel();
    await openForm('Make an offer');
    fireEvent.change(amountField(), { target: { value: '20000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit offer' }));
    await screen.findByText('This vehicle is no longer accepting offers');
    expect(toastOf('This vehicle is no longer accepting offers')?.className).toContain('Toastify__toast--error');
    expect(amountField().value).toBe('20000');

    answer = new Response('', { status: 500 });
    fireEvent.click(screen.getByRole('button', { name: 'Submit offer' }));
    await screen.findByText('Error submitting offer. Please try again.');
    expect(toastOf('Error submitting offer. Please try again.')?.className).toContain('Toastify__toast--error');
  });

  it('DETAIL-23 DETAIL-24 ERR-43 amends the own offer, prefilled, and keeps showing it', async () => {
    storeSession(user);
    const { calls } = mockApi({
      'GET /api/auth/me': me,
      'GET /api/vehicles/v1/offers': () => jsonResponse(200, { offers: [offer()] }),
      'POST /api/vehicles/v1/offers': () =>
        jsonResponse(200, { offer: offer({ amount: 31000, message: 'Cash buyer, final' }), isUpdate: true }),
    });
    renderPanel();
    await openForm('Amend offer');
    expect(amountField().value).toBe('30000');
    fireEvent.change(amountField(), { target: { value: '31000' } });
    fireEvent.change(screen.getByLabelText('Message (optional)'), { target: { value: 'Cash buyer, final' } });
    fireEvent.click(screen.getByRole('button', { name: 'Amend offer' }));
    await screen.findByText('Your offer has been amended successfully!');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ amount: 31000, message: 'Cash buyer, final' });
    expect(screen.getByTestId('own-offer').textContent).toContain('$31,000');
    expect(screen.getByTestId('own-offer').textContent).toContain('Cash buyer, final');
  });

  it.each<[OfferStatus, string, boolean]>([
    ['pending', 'Pending', true],
    ['under_review', 'Pending', true],
    ['accepted', 'Accepted', false],
    ['rejected', 'Declined', true],
    ['countered', 'Countered', true],
  ])('DETAIL-25 DETAIL-26 DETAIL-27 CONST-37 shows an own %s offer as "%s"', async (status, label, amendable) => {
    storeSession(user);
    mockApi({
      'GET /api/auth/me': me,
      'GET /api/vehicles/v1/offers': () =>
        jsonResponse(200, { offers: [offer({ status, responseMessage: status === 'rejected' ? 'Too low' : '' })] }),
    });
    renderPanel();
    const own = await screen.findByTestId('own-offer');
    expect(own.textContent).toContain(label);
    expect(own.textContent).toContain('$30,000');
    if (status === 'rejected') expect(own.textContent).toContain('Too low');
    expect(screen.queryByRole('button', { name: 'Amend offer' }) !== null).toBe(amendable);
  });

  it('explains why a sold vehicle takes no offers and offers no form', async () => {
    storeSession(user);
    mockApi({ 'GET /api/auth/me': me, 'GET /api/vehicles/v1/offers': () => jsonResponse(200, { offers: [] }) });
    renderPanel(sampleVehicle({ status: 'Sold' }));
    expect(await screen.findByText('This vehicle has been sold and is no longer accepting offers.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Make an offer' })).toBeNull();
  });
});
