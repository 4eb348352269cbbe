import { createHash } from 'node:crypto';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  applyMutation,
  mutationOf,
  nastyParam,
  nastyQuery,
  nastyValue,
  RAW_BODIES,
} from './fixtures/security-arbitraries.ts';
import { type TableChecksum, tableChecksums } from './fixtures/security-checksum.ts';
import { ROUTE_CATALOGUE, type RouteEntry, type RouteRequest, routeKey } from './fixtures/security-route-catalogue.ts';
import { apiRouteKeys, routeRecorder } from './fixtures/security-route-table.ts';
import { createWorld, validContactBody, type World } from './fixtures/security-world.ts';
import { createTestContext, DIALECTS, type TestContext } from './test-app.ts';

// Record the real route table: see fixtures/security-route-table.ts for why the factory is wrapped.
vi.mock('fastify', async (importOriginal) =>
  (await import('./fixtures/security-route-table.ts')).recordingFastify(await importOriginal()),
);

/** Runs per route and property: enough to meet every generator branch, small enough for a 2-core CI box. */
const NUM_RUNS = 25;
/** Routes that hash or verify a password (argon2, slow on purpose) get fewer runs. */
const NUM_RUNS_HASHING = 10;
/** Fixed seeds: a failure is reproduced by rerunning the file; the counterexample is in the message. */
const seedOf = (key: string) => createHash('sha256').update(key).digest().readInt32LE(0);

/**
 * What a message may never contain: the server's internals (stack frames, source paths, driver
 * errors). Echoed input is not a leak: the 404 message repeats the requested path, as JSON.
 */
const LEAK =
  /\bat [\w.<>]+ \(|node_modules|\/apps\/api\/|\.[jt]s:\d+|SQLITE_|no such (table|column)|relation "|syntax error at|violates|duplicate key|kysely/i;

interface Sent {
  key: string;
  method: string;
  url: string;
  payload?: unknown;
  headers: Record<string, string>;
}

describe.each(DIALECTS)('fuzzing every route on %s', (dialect) => {
  let ctx: TestContext;
  let world: World;
  let routeKeys: string[];
  const templates = new Map<string, { entry: RouteEntry; request: RouteRequest }>();

  beforeAll(async () => {
    const recorder = routeRecorder();
    ctx = await createTestContext(dialect, { RATE_LIMIT: 'off' });
    routeKeys = apiRouteKeys(recorder.take());
    world = await createWorld(ctx);
    // The valid request of each route, as a SuperAdmin (past every role check), is what gets mutated.
    for (const entry of ROUTE_CATALOGUE) {
      templates.set(routeKey(entry), { entry, request: await entry.scenarios[0].request(world, 'superAdmin') });
    }
  }, 120_000);
  afterAll(async () => ctx?.close());

  /** Checksums after the last refused request (nothing changed since), to save one pass per request. */
  let lastChecksums: Record<string, TableChecksum> | null = null;

  /** Problems with one answer: a 5xx, a 4xx without message, leaked internals, a write on refusal, pollution. */
  async function problemsOf(
    res: LightMyRequestResponse,
    before: Record<string, TableChecksum>,
    mayWrite: readonly string[],
  ): Promise<string[]> {
    const problems: string[] = [];
    if (res.statusCode >= 500) problems.push(`answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
    if (res.statusCode >= 400) {
      let message: unknown;
      try {
        message = res.json<{ message?: unknown }>().message;
      } catch {
        problems.push(`${res.statusCode} body is not JSON: ${res.body.slice(0, 100)}`);
      }
      if (typeof message !== 'string' || message.trim() === '') problems.push(`${res.statusCode} without a message`);
      else if (LEAK.test(message)) problems.push(`message leaks internals: ${message.slice(0, 200)}`);
      const after = await tableChecksums(ctx.database);
      const changed = Object.keys(after).filter(
        (t) => !mayWrite.includes(t) && JSON.stringify(after[t]) !== JSON.stringify(before[t]),
      );
      if (changed.length > 0) problems.push(`refused with ${res.statusCode} but rows changed in ${changed.join(', ')}`);
      // A refusal changed nothing: its checksum is the next request's starting point.
      lastChecksums = after;
    } else {
      lastChecksums = null;
    }
    const probe: Record<string, unknown> = {};
    if ('isAdmin' in probe || 'polluted' in probe || 'role' in probe) problems.push('Object.prototype was polluted');
    return problems;
  }

  async function send(req: Sent): Promise<string[]> {
    const before = lastChecksums ?? (await tableChecksums(ctx.database));
    const res = await ctx.app.inject({
      method: req.method as 'GET',
      url: req.url,
      headers: req.headers,
      payload: req.payload as string,
    });
    return problemsOf(res, before, templates.get(req.key)?.entry.refusalMayWrite?.tables ?? []);
  }

  const describeSent = (req: Sent) =>
    `${req.method} ${req.url.slice(0, 300)} ${
      req.payload === undefined ? '' : JSON.stringify(req.payload)?.slice(0, 300)
    }`;

  /** Runs one fast-check property over a route and fails with every problem of the smallest counterexample. */
  async function fuzz<T>(key: string, property: string, arb: fc.Arbitrary<T>, build: (value: T) => Sent) {
    const numRuns = templates.get(key)?.entry.hashesPasswords ? NUM_RUNS_HASHING : NUM_RUNS;
    await fc.assert(
      fc.asyncProperty(arb, async (value) => {
        const req = build(value);
        const problems = await send(req);
        if (problems.length > 0) throw new Error(`${describeSent(req)}\n  ${problems.join('\n  ')}`);
      }),
      { numRuns, seed: seedOf(`${key} ${property}`), endOnFailure: false },
    );
  }

  const headersFor = (key: string, extra: Record<string, string> = {}) => {
    const t = templates.get(key);
    return { ...(t?.request.credentials ?? world.headersOf('superAdmin')), ...extra };
  };

  it('API-47 every route of the route table has a fuzz template', () => {
    expect(routeKeys.filter((k) => !templates.has(k))).toEqual([]);
  });

  it('ERR-59 a NUL character in a path, a query or a body is refused (PostgreSQL cannot store it) or stored, never a 500', async () => {
    const admin = world.headersOf('superAdmin');
    const edit = await ctx.app.inject({ method: 'GET', url: '/api/vehicles/a%00b/edit', headers: admin });
    expect(edit.statusCode).toBe(dialect === 'postgres' ? 400 : 404);
    expect(edit.json().message).toEqual(expect.any(String));
    const search = await ctx.app.inject({ method: 'GET', url: '/api/vehicles/search?query=a%00b' });
    expect(search.statusCode).toBeLessThan(500);
    const before = await tableChecksums(ctx.database);
    const contact = await ctx.app.inject({
      method: 'POST',
      url: '/api/contact/submit',
      payload: { ...validContactBody(), message: 'Hello\u0000 is this car still for sale?' },
    });
    expect(contact.statusCode).toBe(dialect === 'postgres' ? 400 : 201);
    if (dialect === 'postgres') expect(await tableChecksums(ctx.database)).toEqual(before);
    lastChecksums = null;
  });

  const entries = ROUTE_CATALOGUE.map((entry) => ({ key: routeKey(entry), entry }));
  const withParams = entries.filter(({ entry }) => entry.path.includes('/:'));
  const jsonBodies = entries.filter(
    ({ entry }) => entry.method !== 'GET' && entry.method !== 'DELETE' && !entry.multipart,
  );
  const withoutBody = entries.filter(({ entry }) => entry.method !== 'POST' && entry.method !== 'PUT');

  it.each(withParams)(
    'ERR-59 $key: generated path params never give a 5xx; refusals carry a message and write nothing',
    async ({ key, entry }) => {
      await fuzz(key, 'params', nastyParam, (param) => ({
        key,
        method: entry.method,
        url: entry.path.replace(/:[A-Za-z]+/g, param),
        payload: templates.get(key)?.request.payload,
        headers: headersFor(key, templates.get(key)?.request.headers),
      }));
    },
  );

  it.each(entries)(
    'ERR-59 $key: generated query strings never give a 5xx; refusals carry a message and write nothing',
    async ({ key, entry }) => {
      const t = templates.get(key);
      const path = (t?.request.url ?? entry.path).split('?')[0];
      // No body: the query is parsed before the body is looked at, and a valid body would only
      // spend the run on the route's own work (password hashing, uploads).
      await fuzz(key, 'query', nastyQuery, (query) => ({
        key,
        method: entry.method,
        url: `${path}?${query}`,
        headers: headersFor(key),
      }));
    },
  );

  it.each(jsonBodies)(
    'ERR-59 $key: a valid body with one field made hostile never gives a 5xx; refusals write nothing',
    async ({ key, entry }) => {
      const t = templates.get(key);
      const template = (typeof t?.request.payload === 'object' ? t.request.payload : {}) as object;
      await fuzz(key, 'mutated body', mutationOf(template), (mutation) => ({
        key,
        method: entry.method,
        url: t?.request.url ?? entry.path,
        payload: JSON.stringify(applyMutation(template, mutation)),
        headers: headersFor(key, { 'content-type': 'application/json' }),
      }));
    },
  );

  it.each(jsonBodies)(
    'ERR-59 $key: an arbitrary JSON body (wrong types, deep nesting, proto keys) never gives a 5xx',
    async ({ key, entry }) => {
      const t = templates.get(key);
      await fuzz(key, 'arbitrary body', nastyValue, (value) => ({
        key,
        method: entry.method,
        url: t?.request.url ?? entry.path,
        payload: JSON.stringify(value) ?? 'null',
        headers: headersFor(key, { 'content-type': 'application/json' }),
      }));
    },
  );

  it.each([...jsonBodies, ...entries.filter(({ entry }) => entry.multipart)])(
    'ERR-59 $key: broken JSON, pollution payloads, 50 000-deep nesting, 2 MB and non-JSON bodies are refused cleanly',
    async ({ key, entry }) => {
      const t = templates.get(key);
      const problems: string[] = [];
      for (const raw of RAW_BODIES) {
        const req: Sent = {
          key,
          method: entry.method,
          url: t?.request.url ?? entry.path,
          payload: raw.body,
          headers: headersFor(key, { 'content-type': raw.contentType }),
        };
        for (const p of await send(req)) problems.push(`${raw.contentType} ${String(raw.body).slice(0, 60)}: ${p}`);
      }
      expect(problems).toEqual([]);
    },
  );

  it.each(withoutBody)('ERR-59 $key: a body sent where none is expected never gives a 5xx', async ({ key, entry }) => {
    const t = templates.get(key);
    const problems: string[] = [];
    for (const raw of RAW_BODIES.slice(0, 12)) {
      const req: Sent = {
        key,
        method: entry.method,
        url: t?.request.url ?? entry.path,
        payload: raw.body,
        headers: headersFor(key, { 'content-type': raw.contentType }),
      };
      for (const p of await send(req)) problems.push(`${raw.contentType} ${String(raw.body).slice(0, 60)}: ${p}`);
    }
    expect(problems).toEqual([]);
  });
});
