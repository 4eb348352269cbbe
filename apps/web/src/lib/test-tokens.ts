import { DEFAULT_NOTIFICATION_PREFS, type User } from '@vm/shared/user';

/** Unsigned JWT-shaped tokens for client tests: the client only reads the payload, the server verifies. */
export function fakeJwt(payload: Record<string, unknown>): string {
  const encode = (value: object) =>
    btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(payload)}.signature`;
}

export const inSeconds = (seconds: number) => Math.floor(Date.now() / 1000) + seconds;

/** A fetch Response with a JSON body. */
export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** A complete signed-in user as the API returns it. */
export function sampleUser(overrides: Partial<User> = {}): User {
  return {
    id: 'u1',
    firstName: 'Bea',
    lastName: 'Buyer',
    name: 'Bea Buyer',
    username: 'bea',
    email: 'bea@example.com',
    phone: '',
    role: 'User',
    isActive: true,
    profileImage: null,
    address: '',
    city: '',
    state: '',
    zipCode: '',
    notificationPrefs: DEFAULT_NOTIFICATION_PREFS,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}
