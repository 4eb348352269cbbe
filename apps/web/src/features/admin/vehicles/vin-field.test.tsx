import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { VIN_PROBLEM_MESSAGES } from '@vm/shared/vin';
import type { VinDecodeResponse } from '@vm/shared/vin-lookup';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, sampleUser, sampleVehicle } from '../../../lib/test-fixtures';
import { type ApiCall, mockApi, renderScreen, storeSession } from '../../../lib/test-render';
import { VehiclesPage } from './vehicles-page';

const admin = sampleUser({ id: 'a1', firstName: 'Ada', lastName: 'Admin', name: 'Ada Admin', role: 'Admin' });
const decoded = (overrides: Partial<VinDecodeResponse>): VinDecodeResponse => ({
  vin: 'JH4KA3148KC000000',
  valid: true,
  modelYear: 1989,
  manufacturer: 'Acura',
  make: 'Acura',
  country: 'Japan',
  note: null,
  ...overrides,
});

type Routes = Record<string, (call: ApiCall) => Response | Promise<Response>>;
async function openNewVehicleForm(routes: Routes = {}) {
  storeSession(admin);
  const api = mockApi({
    'GET /api/auth/me': () => jsonResponse(200, { user: admin }),
    'GET /api/vehicles': () => jsonResponse(200, { vehicles: [], totalVehicles: 0, totalPages: 0, page: 1 }),
    'GET /api/vehicles/makes-models': () => jsonResponse(200, { makes: [] }),
    'POST /api/vehicles': () => jsonResponse(201, sampleVehicle()),
    ...routes,
  });
  renderScreen(<VehiclesPage />, { path: '/admin/vehicles', routePath: '/admin/vehicles' });
  fireEvent.click(await screen.findByRole('button', { name: /Add Vehicle/ }));
  const form = within(await screen.findByRole('dialog', { name: 'Add New Vehicle' }));
  return { ...api, form };
}

const typeVin = (form: ReturnType<typeof within>, vin: string) =>
  fireEvent.change(form.getByLabelText('VIN'), { target: { value: vin } });

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the vehicle form VIN field (issue #18)', () => {
  it('ISSUE-18-VIN-WEB Decode asks the server and fills Make and Year, and shows the maker and country', async () => {
    const { calls, form } = await openNewVehicleForm({
      'GET /api/vin/JH4KA3148KC000000': () => jsonResponse(200, decoded({})),
    });
    typeVin(form, ' jh4ka3148kc000000 ');
    fireEvent.click(form.getByRole('button', { name: 'Decode' }));
    expect(await form.findByText('Decoded: Acura, Japan, model year 1989')).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/vin/JH4KA3148KC000000')).toBe(true);
    expect((form.getByLabelText('Make *') as HTMLInputElement).value).toBe('Acura');
    await waitFor(() => expect((form.getByLabelText('Year *') as HTMLSelectElement).value).toBe('1989'));
    expect(form.queryByText(VIN_PROBLEM_MESSAGES.checkDigit)).toBeNull();

    fireEvent.change(form.getByLabelText('Title *'), { target: { value: '1989 Acura Legend' } });
    fireEvent.change(form.getByLabelText('Model *'), { target: { value: 'Legend' } });
    fireEvent.click(form.getByRole('button', { name: 'Save Vehicle' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === '/api/vehicles')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ make: 'Acura', year: 1989 });
  });

  it('ISSUE-18-VIN-WEB warns while typing a VIN whose check digit fails, and still saves it', async () => {
    const { calls, form } = await openNewVehicleForm();
    typeVin(form, 'WP0ZZZ99ZTS392124');
    expect(form.getByText(VIN_PROBLEM_MESSAGES.checkDigit)).toBeTruthy();
    typeVin(form, 'JH4KA3148KC000000');
    expect(form.queryByText(VIN_PROBLEM_MESSAGES.checkDigit)).toBeNull();
    typeVin(form, 'JH4KA3140KC000000');
    expect(form.getByText(VIN_PROBLEM_MESSAGES.checkDigit)).toBeTruthy();

    fireEvent.change(form.getByLabelText('Title *'), { target: { value: 'Grey import' } });
    fireEvent.change(form.getByLabelText('Make *'), { target: { value: 'Acura' } });
    fireEvent.change(form.getByLabelText('Model *'), { target: { value: 'Legend' } });
    fireEvent.click(form.getByRole('button', { name: 'Save Vehicle' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === '/api/vehicles')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ vin: 'JH4KA3140KC000000' });
    expect(calls.some((c) => c.path.startsWith('/api/vin/'))).toBe(false);
  });

  it('ISSUE-18-VIN-WEB keeps what the form holds when nothing was decoded, and shows the note or the error', async () => {
    const note = VIN_PROBLEM_MESSAGES.length;
    const { form } = await openNewVehicleForm({
      'GET /api/vin/7R02S174512': () =>
        jsonResponse(
          200,
          decoded({
            vin: '7R02S174512',
            valid: false,
            modelYear: null,
            manufacturer: null,
            make: null,
            country: null,
            note,
          }),
        ),
      'GET /api/vin/1HG-CM': () => jsonResponse(400, { message: 'A VIN is 1 to 17 letters and digits' }),
    });
    fireEvent.change(form.getByLabelText('Make *'), { target: { value: 'Ford' } });
    typeVin(form, '7R02S174512');
    fireEvent.click(form.getByRole('button', { name: 'Decode' }));
    expect(await form.findByText(note)).toBeTruthy();
    expect((form.getByLabelText('Make *') as HTMLInputElement).value).toBe('Ford');
    expect(form.queryByText(/^Decoded:/)).toBeNull();

    typeVin(form, '1HG-CM');
    expect(form.queryByText(note)).toBeNull();
    fireEvent.click(form.getByRole('button', { name: 'Decode' }));
    expect(await form.findByText('A VIN is 1 to 17 letters and digits')).toBeTruthy();
  });
});
