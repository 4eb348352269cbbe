import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStorage } from '../../lib/auth-storage';
import { fakeJwt, inSeconds, jsonResponse, sampleUser } from '../../lib/test-fixtures';
import { mockApi, renderScreen } from '../../lib/test-render';
import { AUTH_MESSAGES } from './auth-messages';
import { LoginPage } from './login-page';
import { RegisterPage } from './register-page';

const user = sampleUser();
const session = { token: fakeJwt({ userId: user.id, role: user.role, exp: inSeconds(900) }), refreshToken: 'r1', user };
const path = () => screen.getByTestId('current-path').textContent;

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function fillLogin(email: string, password: string) {
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
}

describe('login page', () => {
  it('AUTH-01 AUTH-02 AUTH-03 API-01 ROUTE-20 sends {email, password} to /api/auth/login, stores the session and goes to /', async () => {
    const api = mockApi({ 'POST /api/auth/login': () => jsonResponse(200, session) });
    renderScreen(<LoginPage />, { path: '/login', routePath: '/login' });
    fillLogin('bea@example.com', 'secret12');
    await waitFor(() => expect(path()).toBe('/'));
    expect(api.calls[0]).toEqual({
      method: 'POST',
      path: '/api/auth/login',
      body: { email: 'bea@example.com', password: 'secret12' },
    });
    expect(authStorage.token()).toBe(session.token);
    expect(authStorage.refreshToken()).toBe('r1');
    expect(authStorage.user()).toMatchObject({ id: user.id });
  });

  it('VALID-07 VALID-08 sends nothing while email or password is missing', async () => {
    const api = mockApi({});
    renderScreen(<LoginPage />, { path: '/login', routePath: '/login' });
    fillLogin('', '');
    expect(await screen.findByText('Email is required')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });

  it('ERR-44 a refused login (401) shows "Invalid email or password"', async () => {
    mockApi({ 'POST /api/auth/login': () => jsonResponse(401, { message: 'whatever the server says' }) });
    renderScreen(<LoginPage />, { path: '/login', routePath: '/login' });
    fillLogin('bea@example.com', 'wrong-pass');
    expect(await screen.findByText(AUTH_MESSAGES.loginInvalid)).toBeTruthy();
    expect(authStorage.token()).toBeNull();
  });

  it('ERR-45 any other failure shows the server message, else the default text', async () => {
    mockApi({
      'POST /api/auth/login': () => jsonResponse(403, { message: 'Your account is inactive. Please contact us.' }),
    });
    renderScreen(<LoginPage />, { path: '/login', routePath: '/login' });
    fillLogin('bea@example.com', 'secret12');
    expect(await screen.findByText('Your account is inactive. Please contact us.')).toBeTruthy();
    cleanup();
    mockApi({ 'POST /api/auth/login': () => new Response('gateway down', { status: 502 }) });
    renderScreen(<LoginPage />, { path: '/login', routePath: '/login' });
    fillLogin('bea@example.com', 'secret12');
    expect(await screen.findByText(AUTH_MESSAGES.loginFailed)).toBeTruthy();
  });

  it('VALID-09 a login answer without token or user fails the login', async () => {
    mockApi({ 'POST /api/auth/login': () => jsonResponse(200, { token: session.token }) });
    renderScreen(<LoginPage />, { path: '/login', routePath: '/login' });
    fillLogin('bea@example.com', 'secret12');
    expect(await screen.findByText(AUTH_MESSAGES.loginFailed)).toBeTruthy();
    expect(authStorage.token()).toBeNull();
    expect(path()).toBe('/login');
  });
});

function fillRegister(values: Record<string, string>) {
  const labels: Record<string, string> = {
    firstName: 'First name',
    lastName: 'Last name',
    email: 'Email',
    phone: 'Phone',
    password: 'Password',
    confirmPassword: 'Confirm password',
  };
  for (const [key, label] of Object.entries(labels)) {
    fireEvent.change(screen.getByLabelText(label, { exact: true }), { target: { value: values[key] ?? '' } });
  }
  fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
}
const form = {
  firstName: 'Erin',
  lastName: 'Driver',
  email: 'erin@example.com',
  phone: '+1 555 010 2000',
  password: 'secret12',
  confirmPassword: 'secret12',
};

describe('register page', () => {
  it('AUTH-04 AUTH-05 AUTH-07 AUTH-20 sends the fields without the confirmation to /api/auth/register and signs in', async () => {
    const api = mockApi({ 'POST /api/auth/register': () => jsonResponse(201, session) });
    renderScreen(<RegisterPage />, { path: '/register', routePath: '/register' });
    fillRegister(form);
    await waitFor(() => expect(path()).toBe('/'));
    const { confirmPassword: _c, ...sent } = form;
    expect(api.calls[0]).toEqual({ method: 'POST', path: '/api/auth/register', body: sent });
    expect(authStorage.token()).toBe(session.token);
  });

  it('AUTH-06 ERR-46 an answer without a token is a server failure', async () => {
    mockApi({ 'POST /api/auth/register': () => jsonResponse(201, { user }) });
    renderScreen(<RegisterPage />, { path: '/register', routePath: '/register' });
    fillRegister(form);
    expect(await screen.findByText(AUTH_MESSAGES.registerNoToken)).toBeTruthy();
    expect(authStorage.token()).toBeNull();
  });

  it('ERR-47 a token without the user means the automatic login failed', async () => {
    mockApi({ 'POST /api/auth/register': () => jsonResponse(201, { token: session.token, refreshToken: 'r1' }) });
    renderScreen(<RegisterPage />, { path: '/register', routePath: '/register' });
    fillRegister(form);
    expect(await screen.findByText(AUTH_MESSAGES.registerAutoLoginFailed)).toBeTruthy();
  });

  it('ERR-48 other failures show the server message, else the default text', async () => {
    mockApi({
      'POST /api/auth/register': () => jsonResponse(409, { message: 'An account with this email already exists' }),
    });
    renderScreen(<RegisterPage />, { path: '/register', routePath: '/register' });
    fillRegister(form);
    expect(await screen.findByText('An account with this email already exists')).toBeTruthy();
    cleanup();
    mockApi({ 'POST /api/auth/register': () => new Response('', { status: 500 }) });
    renderScreen(<RegisterPage />, { path: '/register', routePath: '/register' });
    fillRegister(form);
    expect(await screen.findByText(AUTH_MESSAGES.registerFailed)).toBeTruthy();
  });

  it('VALID-10 VALID-11 VALID-12 checks required fields, the confirmation and the length before sending', async () => {
    const api = mockApi({});
    renderScreen(<RegisterPage />, { path: '/register', routePath: '/register' });
    fillRegister({ ...form, firstName: '', password: '123', confirmPassword: '124' });
    expect(await screen.findByText('First name is required')).toBeTruthy();
    expect(screen.getByText('Password must be at least 6 characters long')).toBeTruthy();
    expect(screen.getByText('Passwords do not match')).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });
});
