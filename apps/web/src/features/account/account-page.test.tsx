import { act, cleanup, fireEvent, renderHook, screen, waitFor } from '@testing-library/react';
import { ACCOUNT_MESSAGE_MS } from '@vm/shared/constants';
import type { User } from '@vm/shared/user';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStorage } from '../../lib/auth-storage';
import { jsonResponse, sampleUser, sampleVehicle } from '../../lib/test-fixtures';
import { mockApi, renderScreen, storeSession } from '../../lib/test-render';
import { AccountPage } from './account-page';
import { useTimedMessage } from './use-timed-message';

const user = sampleUser({ phone: '+1 555 010 1111', address: '1 Old Road' });
const me = () => jsonResponse(200, { user });
const ownUser =
  (answer: User = user) =>
  () =>
    jsonResponse(200, { user: answer });
const renderAccount = (path = '/account') => renderScreen(<AccountPage />, { path, routePath: '/account/*' });
const path = () => screen.getByTestId('current-path').textContent;
const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

beforeEach(() => {
  localStorage.clear();
  storeSession(user);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('account page', () => {
  it('ACCOUNT-01 has the tabs Profile, Watchlist, My offers, My bids, Saved searches and Settings, each its own address', async () => {
    mockApi({
      'GET /api/auth/me': me,
      'GET /api/users/u1': ownUser(),
      'GET /api/users/watchlist': () => jsonResponse(200, { vehicles: [] }),
      'GET /api/users/me/offers': () => jsonResponse(200, { offers: [], totalOffers: 0, totalPages: 0, page: 1 }),
    });
    renderAccount();
    await screen.findByText('Personal details');
    const nav = screen.getByRole('navigation', { name: 'Account sections' });
    expect([...nav.querySelectorAll('a')].map((a) => a.textContent)).toEqual([
      'Profile',
      'Watchlist',
      'My offers',
      'My bids',
      'Saved searches',
      'Settings',
    ]);
    fireEvent.click(screen.getByRole('link', { name: 'Watchlist' }));
    await screen.findByText('You are not watching any vehicles yet.');
    expect(path()).toBe('/account/watchlist');
    // Issue #20: the buyer's offers on every vehicle.
    fireEvent.click(screen.getByRole('link', { name: 'My offers' }));
    await screen.findByText('You have not made any offers yet.');
    expect(path()).toBe('/account/offers');
    fireEvent.click(screen.getByRole('link', { name: 'Settings' }));
    expect(path()).toBe('/account/settings');
    expect(await screen.findByRole('button', { name: 'Delete Account' })).toBeTruthy();
  });

  it.each([403, 401])(
    'ACCOUNT-03 a %i while loading the user clears the session and goes to /login',
    async (status) => {
      mockApi({
        'GET /api/auth/me': me,
        'GET /api/users/u1': () => jsonResponse(status, { message: 'no' }),
        'POST /api/auth/refresh': () => jsonResponse(401, { message: 'expired' }),
        'POST /api/auth/logout': () => jsonResponse(200, { message: 'Logged out' }),
      });
      renderAccount();
      await waitFor(() => expect(path()).toBe('/login'));
      expect(authStorage.token()).toBeNull();
      expect(authStorage.refreshToken()).toBeNull();
    },
  );

  it('ERR-49 shows the load failure message when the user cannot be read', async () => {
    mockApi({ 'GET /api/auth/me': me, 'GET /api/users/u1': () => jsonResponse(500, { message: 'boom' }) });
    renderAccount();
    expect(await screen.findByText('Failed to load your account information. Please try again later.')).toBeTruthy();
    expect(path()).toBe('/account');
  });

  it('ACCOUNT-04 ACCOUNT-05 ACCOUNT-06 VALID-15 ERR-50 ERR-51 saves the profile and reports failure', async () => {
    let fail = true;
    const { calls } = mockApi({
      'GET /api/auth/me': me,
      'GET /api/users/u1': ownUser(),
      'PUT /api/users/u1': ({ body }) =>
        fail
          ? jsonResponse(500, { message: 'db down' })
          : jsonResponse(200, { user: { ...user, ...(body as object) }, message: 'Profile updated successfully!' }),
    });
    renderAccount();
    await screen.findByText('Personal details');
    expect(field('Email').disabled).toBe(true);
    expect(screen.getByText('Email cannot be changed')).toBeTruthy();
    expect(field('Address').value).toBe('1 Old Road');
    fireEvent.change(field('First name'), { target: { value: 'Beatrix' } });
    fireEvent.change(field('Address'), { target: { value: '2 New Street' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Failed to update profile. Please try again later.')).toBeTruthy();

    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Profile updated successfully!')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PUT').at(-1)?.body).toEqual({
      firstName: 'Beatrix',
      lastName: 'Buyer',
      phone: '+1 555 010 1111',
      address: '2 New Street',
    });
    expect(authStorage.user()?.firstName).toBe('Beatrix');
  });

  it('VALID-14 requires first and last name before sending', async () => {
    const { calls } = mockApi({ 'GET /api/auth/me': me, 'GET /api/users/u1': ownUser() });
    renderAccount();
    await screen.findByText('Personal details');
    fireEvent.change(field('Last name'), { target: { value: '  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Last name is required')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
  });

  it('ACCOUNT-07 ACCOUNT-08 VALID-13 ERR-52 ERR-53 ERR-54 changes the password and stores the new tokens', async () => {
    let answer = jsonResponse(400, { message: 'Current password is incorrect' });
    const { calls } = mockApi({
      'GET /api/auth/me': me,
      'GET /api/users/u1': ownUser(),
      'PUT /api/users/u1/password': () => answer,
    });
    renderAccount();
    await screen.findByText('Change password');
    fireEvent.change(field('Current password'), { target: { value: 'old-pass' } });
    fireEvent.change(field('New password'), { target: { value: 'new-pass-1' } });
    fireEvent.change(field('Confirm new password'), { target: { value: 'new-pass-2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update password' }));
    expect(await screen.findByText('New passwords do not match')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);

    fireEvent.change(field('Confirm new password'), { target: { value: 'new-pass-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update password' }));
    expect(await screen.findByText('Current password is incorrect')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      currentPassword: 'old-pass',
      newPassword: 'new-pass-1',
    });

    answer = jsonResponse(503, { message: 'The service is temporarily unavailable.' });
    fireEvent.click(screen.getByRole('button', { name: 'Update password' }));
    expect(await screen.findByText('Failed to update password. Please try again later.')).toBeTruthy();

    answer = jsonResponse(200, {
      message: 'Password updated successfully!',
      token: 'new-access',
      refreshToken: 'new-refresh',
    });
    fireEvent.click(screen.getByRole('button', { name: 'Update password' }));
    expect(await screen.findByText('Password updated successfully!')).toBeTruthy();
    expect(authStorage.token()).toBe('new-access');
    expect(authStorage.refreshToken()).toBe('new-refresh');
    expect(field('Current password').value).toBe('');
  });

  it('ACCOUNT-09 ACCOUNT-10 ACCOUNT-11 ERR-56 removes a vehicle for real and reports only a real failure', async () => {
    const car = sampleVehicle({ id: 'v1', title: '1972 Datsun 240Z' });
    const other = sampleVehicle({ id: 'v2', title: '1967 Jaguar E-Type', price: 120000 });
    let removeAnswer = jsonResponse(500, { message: 'boom' });
    const { calls } = mockApi({
      'GET /api/auth/me': me,
      'GET /api/users/u1': ownUser(),
      'GET /api/users/watchlist': () => jsonResponse(200, { vehicles: [car, other] }),
      'POST /api/vehicles/v1/watch': () => removeAnswer,
    });
    renderAccount('/account/watchlist');
    expect(await screen.findByRole('link', { name: '1972 Datsun 240Z' })).toBeTruthy();
    expect(screen.getByText('$120,000')).toBeTruthy();
    expect(screen.getAllByText('Portland, OR')).toHaveLength(2);

    fireEvent.click(screen.getByRole('button', { name: 'Remove 1972 Datsun 240Z from watchlist' }));
    expect(await screen.findByText('Failed to remove vehicle from watchlist. Please try again.')).toBeTruthy();
    expect(screen.getByRole('link', { name: '1972 Datsun 240Z' })).toBeTruthy();

    removeAnswer = jsonResponse(200, { isWatching: false, watchCount: 3 });
    fireEvent.click(screen.getByRole('button', { name: 'Remove 1972 Datsun 240Z from watchlist' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: '1972 Datsun 240Z' })).toBeNull());
    expect(screen.queryByText('Failed to remove vehicle from watchlist. Please try again.')).toBeNull();
    expect(screen.getByRole('link', { name: '1967 Jaguar E-Type' })).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { watching: false },
      { watching: false },
    ]);
  });

  it('ERR-55 shows the watchlist load failure', async () => {
    mockApi({
      'GET /api/auth/me': me,
      'GET /api/users/u1': ownUser(),
      'GET /api/users/watchlist': () => jsonResponse(500, { message: 'boom' }),
    });
    renderAccount('/account/watchlist');
    expect(await screen.findByText('Failed to load your watchlist. Please try again later.')).toBeTruthy();
  });

  it('ACCOUNT-12 ACCOUNT-13 saves the preference checkboxes with the current profile fields', async () => {
    const { calls } = mockApi({
      'GET /api/auth/me': me,
      'GET /api/users/u1': ownUser(),
      'PUT /api/users/u1': ({ body }) => jsonResponse(200, { user: { ...user, ...(body as object) }, message: 'ok' }),
    });
    renderAccount('/account/settings');
    const labels = [
      'Watchlist updates',
      'New matching vehicles',
      'Price changes',
      'Public watchlist',
      'Show contact information',
    ];
    await screen.findByText('Notifications and privacy');
    const boxes = labels.map((l) => screen.getByRole('checkbox', { name: new RegExp(l) }) as HTMLInputElement);
    expect(boxes.map((b) => b.checked)).toEqual([true, false, true, false, false]);
    fireEvent.click(boxes[1] as HTMLInputElement);
    fireEvent.click(boxes[4] as HTMLInputElement);
    fireEvent.click(screen.getByRole('button', { name: 'Save preferences' }));
    expect(await screen.findByText('Preferences saved.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      firstName: 'Bea',
      lastName: 'Buyer',
      phone: '+1 555 010 1111',
      address: '1 Old Road',
      notificationPrefs: {
        watchlistUpdates: true,
        newMatches: true,
        priceChanges: true,
        publicWatchlist: false,
        showContact: true,
      },
    });
  });

  it('ACCOUNT-14 deletes the account with the password, signs out and goes home', async () => {
    let answer = jsonResponse(400, { message: 'Password is incorrect' });
    const { calls } = mockApi({
      'GET /api/auth/me': me,
      'GET /api/users/u1': ownUser(),
      'DELETE /api/users/me': () => answer,
      'POST /api/auth/logout': () => jsonResponse(200, { message: 'Logged out' }),
    });
    renderAccount('/account/settings');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Account' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByText('Password is required')).toBeTruthy();
    fireEvent.change(field('Password'), { target: { value: 'wrong' } });
    fireEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByText('Password is incorrect')).toBeTruthy();

    answer = jsonResponse(200, { message: 'Your account has been deleted' });
    fireEvent.change(field('Password'), { target: { value: 'right-one' } });
    fireEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    await waitFor(() => expect(path()).toBe('/'));
    await waitFor(() => expect(authStorage.token()).toBeNull());
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.body)).toEqual([
      { password: 'wrong' },
      { password: 'right-one' },
    ]);
  });
});

describe('useTimedMessage', () => {
  it('CONST-17 success messages clear after 3 s; errors stay', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useTimedMessage(ACCOUNT_MESSAGE_MS));
    act(() => result.current[1]({ tone: 'success', text: 'Profile updated successfully!' }));
    act(() => vi.advanceTimersByTime(2999));
    expect(result.current[0]?.text).toBe('Profile updated successfully!');
    act(() => vi.advanceTimersByTime(1));
    expect(result.current[0]).toBeNull();
    act(() => result.current[1]({ tone: 'error', text: 'Failed' }));
    act(() => vi.advanceTimersByTime(60_000));
    expect(result.current[0]?.text).toBe('Failed');
    expect(ACCOUNT_MESSAGE_MS).toBe(3000);
  });
});
