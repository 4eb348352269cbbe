import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { MSG } from '@vm/shared/messages';
import { PASSWORD_RESET_MESSAGES } from '@vm/shared/password-reset';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStorage } from '../../lib/auth-storage';
import { jsonResponse } from '../../lib/test-fixtures';
import { mockApi, renderScreen, storeSession } from '../../lib/test-render';
import { AUTH_MESSAGES } from './auth-messages';
import { ForgotPasswordPage } from './forgot-password-page';
import { LoginPage } from './login-page';
import { ResetPasswordPage } from './reset-password-page';

const TOKEN = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNO_-';

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('forgot password', () => {
  it('ISSUE-16-RESET-WEB the login page links to /forgot-password', () => {
    mockApi({});
    renderScreen(<LoginPage />, { path: '/login', routePath: '/login' });
    expect(screen.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe('/forgot-password');
  });

  it('ISSUE-16-RESET-WEB sends {email} to /api/auth/forgot-password and shows the neutral confirmation', async () => {
    const api = mockApi({
      'POST /api/auth/forgot-password': () => jsonResponse(202, { message: PASSWORD_RESET_MESSAGES.linkSent }),
    });
    renderScreen(<ForgotPasswordPage />, { path: '/forgot-password', routePath: '/forgot-password' });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'bea@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText(PASSWORD_RESET_MESSAGES.linkSent)).toBeTruthy();
    expect(api.calls).toEqual([
      { method: 'POST', path: '/api/auth/forgot-password', body: { email: 'bea@example.com' } },
    ]);
    expect(screen.getByRole('link', { name: 'Back to log in' }).getAttribute('href')).toBe('/login');
  });

  it('ISSUE-16-RESET-WEB checks the email with the shared messages before sending, and shows a refusal (429)', async () => {
    const api = mockApi({
      'POST /api/auth/forgot-password': () => jsonResponse(429, { message: MSG.rateLimited }),
    });
    renderScreen(<ForgotPasswordPage />, { path: '/forgot-password', routePath: '/forgot-password' });
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText(MSG.emailRequired)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'not-an-email' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText(MSG.invalidEmail)).toBeTruthy();
    expect(api.calls).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'bea@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText(MSG.rateLimited)).toBeTruthy();
    cleanup();
    mockApi({ 'POST /api/auth/forgot-password': () => new Response('', { status: 502 }) });
    renderScreen(<ForgotPasswordPage />, { path: '/forgot-password', routePath: '/forgot-password' });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'bea@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText(AUTH_MESSAGES.forgotPasswordFailed)).toBeTruthy();
  });
});

function fillReset(password: string, confirm: string) {
  fireEvent.change(screen.getByLabelText('New password', { exact: true }), { target: { value: password } });
  fireEvent.change(screen.getByLabelText('Confirm new password', { exact: true }), { target: { value: confirm } });
  fireEvent.click(screen.getByRole('button', { name: 'Set new password' }));
}
const resetAt = `/reset-password?token=${TOKEN}`;

describe('reset password', () => {
  it('ISSUE-16-RESET-WEB sends {token, password} without the confirmation and then offers to log in', async () => {
    const api = mockApi({
      'POST /api/auth/reset-password': () => jsonResponse(200, { message: PASSWORD_RESET_MESSAGES.done }),
    });
    renderScreen(<ResetPasswordPage />, { path: resetAt, routePath: '/reset-password' });
    fillReset('new-secret-1', 'new-secret-1');
    expect(await screen.findByText(PASSWORD_RESET_MESSAGES.done)).toBeTruthy();
    expect(api.calls).toEqual([
      { method: 'POST', path: '/api/auth/reset-password', body: { token: TOKEN, password: 'new-secret-1' } },
    ]);
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
  });

  it('ISSUE-16-RESET-WEB the registration rules and messages apply before sending', async () => {
    const api = mockApi({});
    renderScreen(<ResetPasswordPage />, { path: resetAt, routePath: '/reset-password' });
    fillReset('', '');
    expect(await screen.findByText(MSG.required('Password'))).toBeTruthy();
    fillReset('123', '124');
    expect(await screen.findByText(MSG.passwordTooShort)).toBeTruthy();
    expect(screen.getByText(MSG.passwordsMismatch)).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });

  it("ISSUE-16-RESET-WEB shows the server's 400 for a used or expired link, with the way to a new one", async () => {
    mockApi({
      'POST /api/auth/reset-password': () => jsonResponse(400, { message: PASSWORD_RESET_MESSAGES.invalidLink }),
    });
    renderScreen(<ResetPasswordPage />, { path: resetAt, routePath: '/reset-password' });
    fillReset('new-secret-1', 'new-secret-1');
    expect(await screen.findByText(PASSWORD_RESET_MESSAGES.invalidLink)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ask for a new one' }).getAttribute('href')).toBe('/forgot-password');
    expect(screen.getByRole('button', { name: 'Set new password' })).toBeTruthy();
  });

  it('ISSUE-16-RESET-WEB a link without a token of the right shape shows no form and sends nothing', () => {
    const api = mockApi({});
    for (const path of ['/reset-password', '/reset-password?token=short']) {
      renderScreen(<ResetPasswordPage />, { path, routePath: '/reset-password' });
      expect(screen.getByText(PASSWORD_RESET_MESSAGES.invalidLink)).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Set new password' })).toBeNull();
      expect(screen.getByRole('link', { name: 'Ask for a new link' }).getAttribute('href')).toBe('/forgot-password');
      cleanup();
    }
    expect(api.calls).toHaveLength(0);
  });

  it('ISSUE-16-RESET-WEB a session kept in this browser ends with the reset', async () => {
    const user = storeSession();
    const api = mockApi({
      'GET /api/auth/me': () => jsonResponse(200, { user }),
      'POST /api/auth/reset-password': () => jsonResponse(200, { message: PASSWORD_RESET_MESSAGES.done }),
      'POST /api/auth/logout': () => jsonResponse(200, { message: 'Logged out' }),
    });
    renderScreen(<ResetPasswordPage />, { path: resetAt, routePath: '/reset-password' });
    await waitFor(() => expect(api.calls.some((c) => c.path === '/api/auth/me')).toBe(true));
    fillReset('new-secret-1', 'new-secret-1');
    expect(await screen.findByText(PASSWORD_RESET_MESSAGES.done)).toBeTruthy();
    expect(authStorage.token()).toBeNull();
    expect(authStorage.refreshToken()).toBeNull();
  });
});
