import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, sampleUser, sampleVehicle } from '../../lib/test-fixtures';
import { mockApi, renderScreen, storeSession } from '../../lib/test-render';
import { WatchButton } from './watch-button';

const me = () => jsonResponse(200, { user: sampleUser() });

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const renderButton = (vehicle = sampleVehicle()) =>
  renderScreen(<WatchButton vehicle={vehicle} />, { path: '/vehicles/v1', routePath: '/vehicles/:id' });

describe('WatchButton', () => {
  it('DETAIL-14 DETAIL-15 shows the server state and toggles it, saving to the server', async () => {
    storeSession();
    const { calls } = mockApi({
      'GET /api/auth/me': me,
      'GET /api/vehicles/v1/watch': () => jsonResponse(200, { isWatching: false, watchCount: 4 }),
      'POST /api/vehicles/v1/watch': ({ body }) =>
        jsonResponse(200, { isWatching: (body as { watching: boolean }).watching, watchCount: 5 }),
    });
    renderButton();
    const button = await screen.findByRole('button', { name: 'Watch' });
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    expect(button.getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByText('4 people watching')).toBeTruthy();

    fireEvent.click(button);
    const pressed = await screen.findByRole('button', { name: 'Watching' });
    expect(pressed.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByText('5 people watching')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ watching: true });
  });

  it('issue #20: is not clickable until the watch state is known, so an early click cannot unwatch', async () => {
    storeSession();
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const { calls } = mockApi({
      'GET /api/auth/me': me,
      'GET /api/vehicles/v1/watch': async () => {
        await held;
        return jsonResponse(200, { isWatching: true, watchCount: 1 });
      },
    });
    renderButton();
    const early = await screen.findByRole('button', { name: 'Watch' });
    expect((early as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(early);
    release();
    const watching = await screen.findByRole('button', { name: 'Watching' });
    await waitFor(() => expect((watching as HTMLButtonElement).disabled).toBe(false));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('DETAIL-16 sends an anonymous visitor to /login without calling the API', async () => {
    const { calls } = mockApi({});
    renderButton();
    expect(screen.getByText('4 people watching')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Watch' }));
    await waitFor(() => expect(screen.getByTestId('current-path').textContent).toBe('/login'));
    expect(calls).toEqual([]);
  });

  it('ERR-39 shows "Error updating watch status: " with the server message, or "Unknown error"', async () => {
    storeSession();
    let answer = jsonResponse(404, { message: 'Vehicle not found.' });
    mockApi({
      'GET /api/auth/me': me,
      'GET /api/vehicles/v1/watch': () => jsonResponse(200, { isWatching: false, watchCount: 0 }),
      'POST /api/vehicles/v1/watch': () => answer,
    });
    renderButton();
    const button = await screen.findByRole('button', { name: 'Watch' });
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(button);
    expect(await screen.findByText('Error updating watch status: Vehicle not found.')).toBeTruthy();
    answer = new Response('gateway down', { status: 502 });
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(button);
    expect(await screen.findByText('Error updating watch status: Unknown error')).toBeTruthy();
    expect(button.getAttribute('aria-pressed')).toBe('false');
  });

  it('ERR-40 refuses vehicle data without an id', async () => {
    storeSession();
    const { calls } = mockApi({ 'GET /api/auth/me': me });
    renderButton(sampleVehicle({ id: '' }));
    const button = await screen.findByRole('button', { name: 'Watch' });
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(button);
    expect(await screen.findByText('Cannot watch this vehicle - invalid vehicle data')).toBeTruthy();
    expect(calls.filter((c) => c.path.includes('/watch'))).toEqual([]);
  });
});
