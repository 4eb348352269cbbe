import { randomBytes, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { TAGS, VEHICLE_SORTS } from '@vm/shared/constants';
import type { DB } from '../../apps/api/src/db/schema.ts';
import { BENCH_PASSWORD, benchUserEmail } from '../catalogue.ts';
import { MAKES } from './catalogue-data.ts';
import type { HttpResult, Requester } from './http-client.ts';
import type { Ledger } from './ledger.ts';

export type ActionType = 'search' | 'detail' | 'view' | 'watch' | 'offer' | 'contact';

export interface Sample {
  type: ActionType;
  status: number;
  ms: number;
  /** Milliseconds since the run started, for timelines. */
  at: number;
  error?: string;
  /** The search URL, for finding the slow ones afterwards. */
  path?: string;
}

export interface BenchUser {
  id: string;
  email: string;
  token: string;
}

/** One simulated visitor: a signed-in bench user sending one request at a time. */
export interface Client {
  user: BenchUser;
  http: Requester;
  /** Vehicles whose watch state this client knows (from its own answers). */
  watching: Map<string, boolean>;
}

export interface VehiclePools {
  /** A few Available vehicles everyone hits: watch, offer and view contention. */
  hot: string[];
  /** Many public vehicles for detail pages and views. */
  wide: string[];
}

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)] as T;
const chance = (p: number) => Math.random() < p;

/** Vehicle ids for the drills, read straight from the database before the server starts. */
export async function sampleVehicles(db: Kysely<DB>, hot: number, wide: number): Promise<VehiclePools> {
  const available = await db
    .selectFrom('vehicles')
    .select('id')
    .where('status', '=', 'Available')
    .orderBy('slug')
    .limit(hot + wide)
    .execute();
  const ids = available.map((r) => r.id);
  if (ids.length < hot + 1) throw new Error('not enough Available vehicles in the catalogue');
  return { hot: ids.slice(0, hot), wide: ids.slice(hot) };
}

/** Signs in bench users 1..count (the catalogue's bench-user-N accounts) through the API. */
export async function signInBenchUsers(http: Requester, count: number, first = 1): Promise<BenchUser[]> {
  const users: BenchUser[] = [];
  for (let i = first; i < first + count; i++) {
    const email = benchUserEmail(i);
    const res = await http.request('POST', '/api/auth/login', { body: { email, password: BENCH_PASSWORD } });
    const body = res.body as { token?: string; user?: { id?: string } };
    if (res.status !== 200 || !body.token || !body.user?.id)
      throw new Error(`login of ${email} answered ${res.status}: ${JSON.stringify(res.body)}`);
    users.push({ id: body.user.id, email, token: body.token });
  }
  return users;
}

/** A search the storefront could send: a few filters drawn at random, sometimes none. */
export function randomSearchPath(): string {
  const params = new URLSearchParams();
  const spec = pick(MAKES);
  if (chance(0.4)) params.set('make', spec.make);
  if (chance(0.15) && params.has('make')) params.set('model', pick(spec.models)[0]);
  if (chance(0.3)) {
    const from = 1950 + Math.floor(Math.random() * 60);
    params.set('minYear', String(from));
    params.set('maxYear', String(from + 5 + Math.floor(Math.random() * 20)));
  }
  if (chance(0.3)) {
    const min = pick([0, 5000, 10000, 20000, 50000]);
    params.set('minPrice', String(min));
    params.set('maxPrice', String(min + pick([10000, 25000, 50000, 150000])));
  }
  if (chance(0.2)) params.set('query', pick(['leather', 'restored', 'manual', 'convertible', 'turbo', 'original']));
  if (chance(0.1)) params.set('tags', pick(TAGS));
  if (chance(0.1)) params.set('category', pick(['Classics', 'Muscle Cars', 'Sports Cars', 'Trucks', 'Exotics']));
  if (chance(0.3)) params.set('sort', pick(VEHICLE_SORTS));
  if (chance(0.3)) params.set('page', String(1 + Math.floor(Math.random() * 5)));
  const qs = params.toString();
  return `/api/vehicles/search${qs ? `?${qs}` : ''}`;
}

/**
 * No answer, or a 5xx: the write may have been applied or not (a 503 can come after the commit,
 * when the database drops while the answer is being built). A 4xx promises nothing was written,
 * and so does a refused connection (the request never reached a server).
 */
const noGuarantee = (res: HttpResult): boolean =>
  (res.status === 0 && res.error !== 'ECONNREFUSED') || res.status >= 500;

const fingerprints = Array.from({ length: 200 }, () => randomBytes(12).toString('hex'));

export interface Step {
  type: ActionType;
  run: (client: Client, ledger: Ledger) => Promise<HttpResult & { path?: string }>;
}

export const search: Step = {
  type: 'search',
  run: async (c) => {
    const path = randomSearchPath();
    return { ...(await c.http.request('GET', path)), path };
  },
};

export const detail = (pools: VehiclePools): Step => ({
  type: 'detail',
  run: (c) =>
    c.http.request('GET', `/api/vehicles/${chance(0.3) ? pick(pools.hot) : pick(pools.wide)}`, { token: c.user.token }),
});

/** A view with a fresh fingerprint most of the time, a returning one (not new) otherwise. */
export const view = (pools: VehiclePools): Step => ({
  type: 'view',
  run: async (c, ledger) => {
    const vehicleId = chance(0.5) ? pick(pools.hot) : pick(pools.wide);
    const fingerprint = chance(0.7) ? randomBytes(12).toString('hex') : pick(fingerprints);
    const res = await c.http.request('POST', `/api/vehicles/${vehicleId}/view`, {
      body: { fingerprint },
      token: c.user.token,
    });
    const body = res.body as { isNewView?: unknown };
    if (res.status === 200 && typeof body.isNewView === 'boolean')
      ledger.view(vehicleId, { isNewView: body.isNewView });
    else if (noGuarantee(res)) ledger.view(vehicleId, undefined);
    return res;
  },
});

/** Flips this user's watch on a hot vehicle (as the detail page's toggle does). */
export const watch = (pools: VehiclePools): Step => ({
  type: 'watch',
  run: async (c, ledger) => {
    const vehicleId = pick(pools.hot);
    const watching = !(c.watching.get(vehicleId) ?? false);
    const res = await c.http.request('POST', `/api/vehicles/${vehicleId}/watch`, {
      body: { watching },
      token: c.user.token,
    });
    const body = res.body as { isWatching?: unknown };
    if (res.status === 200 && typeof body.isWatching === 'boolean') {
      c.watching.set(vehicleId, body.isWatching);
      ledger.watch(c.user.id, vehicleId, { isWatching: body.isWatching });
    } else if (noGuarantee(res)) ledger.watch(c.user.id, vehicleId, undefined);
    return res;
  },
});

/** Makes or amends this user's offer on a hot vehicle, with a distinct amount each time. */
export const offer = (pools: VehiclePools): Step => ({
  type: 'offer',
  run: async (c, ledger) => {
    const vehicleId = pick(pools.hot);
    const amount = 1000 + Math.floor(Math.random() * 500_000);
    const message = `bench offer ${randomUUID()}`;
    const res = await c.http.request('POST', `/api/vehicles/${vehicleId}/offers`, {
      body: { amount, message },
      token: c.user.token,
    });
    const body = res.body as { offer?: { id?: unknown } };
    if ((res.status === 200 || res.status === 201) && typeof body.offer?.id === 'string')
      ledger.offer(c.user.id, vehicleId, { id: body.offer.id, amountCents: amount * 100, message });
    else if (noGuarantee(res)) ledger.offer(c.user.id, vehicleId, undefined);
    return res;
  },
});

/** A contact form whose subject is a unique marker, so it can be found afterwards. */
export const contact: Step = {
  type: 'contact',
  run: async (c, ledger) => {
    const marker = `bench-${randomUUID()}`;
    const res = await c.http.request('POST', '/api/contact/submit', {
      body: {
        fullName: 'Bench Visitor',
        email: c.user.email,
        phone: '+1 555 010 2000',
        subject: marker,
        message: 'Is this vehicle still available? I would like to arrange a viewing next week.',
      },
    });
    if (res.status === 201) ledger.contact(marker, true);
    else if (noGuarantee(res)) ledger.contact(marker, false);
    return res;
  },
};

/** Picks a step by weight. */
export function mix(weighted: readonly (readonly [Step, number])[]): () => Step {
  const total = weighted.reduce((a, [, w]) => a + w, 0);
  return () => {
    let roll = Math.random() * total;
    for (const [step, w] of weighted) {
      roll -= w;
      if (roll < 0) return step;
    }
    return (weighted[weighted.length - 1] as readonly [Step, number])[0];
  };
}

/**
 * Runs every client's loop (one request at a time each) until the deadline or until `stop()`
 * returns true, and records every answer. A client whose request got no answer waits a little
 * before the next one, so a dead server is not hammered in a tight loop.
 */
export async function runClients(options: {
  clients: readonly Client[];
  durationMs: number;
  next: () => Step;
  ledger: Ledger;
  samples: Sample[];
  startedAt: number;
  stop?: () => boolean;
}): Promise<void> {
  const deadline = performance.now() + options.durationMs;
  await Promise.all(
    options.clients.map(async (client) => {
      while (performance.now() < deadline && !options.stop?.()) {
        const step = options.next();
        const res = await step.run(client, options.ledger);
        options.samples.push({
          type: step.type,
          status: res.status,
          ms: res.ms,
          at: performance.now() - options.startedAt,
          ...(res.error ? { error: res.error } : {}),
          ...(res.path ? { path: res.path } : {}),
        });
        if (res.status === 0) await new Promise((r) => setTimeout(r, 50));
      }
    }),
  );
}
