/** Fixtures for client tests: tokens, API answers, a user and a vehicle as the API returns them. */
import { DEFAULT_NOTIFICATION_PREFS, type User } from '@vm/shared/user';
import type { Vehicle, VehicleSummary } from '@vm/shared/vehicle';

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

/** A vehicle as the lists and cards receive it. */
export function sampleSummary(overrides: Partial<VehicleSummary> = {}): VehicleSummary {
  return {
    id: 'v1',
    slug: '1972-datsun-240z',
    title: '1972 Datsun 240Z',
    year: 1972,
    make: 'Datsun',
    model: '240Z',
    vin: 'UNKNOWN',
    price: 38500,
    mileage: 52000,
    bodyType: 'Coupe',
    category: 'Japanese/JDM',
    status: 'Available',
    listingType: 'listing',
    tags: [],
    location: { city: 'Portland', state: 'OR', country: 'USA' },
    fuelType: 'Gasoline',
    transmission: 'Manual',
    image: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** A complete vehicle as GET /api/vehicles/:id returns it. */
export function sampleVehicle(overrides: Partial<Vehicle> = {}): Vehicle {
  return {
    ...sampleSummary(),
    longTitle: '',
    name: '',
    description: '',
    sections: { exterior: '', interior: '', other: '' },
    images: [],
    defaultImage: null,
    defaultImageIndex: 0,
    listing: { type: 'regular', tags: [] },
    exteriorColor: 'Red',
    features: [],
    msrp: 0,
    viewCount: 0,
    watchCount: 4,
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}
