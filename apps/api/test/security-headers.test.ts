import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS_POLICY, SECURITY_HEADER_OPTIONS } from '../src/plugins/security-headers.ts';
import { createTestContext, DIALECTS, registerBuyer, type TestContext } from './test-app.ts';

type Headers = Record<string, unknown>;

async function headersOf(app: FastifyInstance): Promise<Headers> {
  app.get('/probe', async () => ({ ok: true }));
  const res = await app.inject({ method: 'GET', url: '/probe' });
  await app.close();
  return res.headers;
}

/** What @fastify/helmet adds, with the app's options, to a bare Fastify answer: the reference the app's own helmet setup must match. */
async function helmetReference(): Promise<Headers> {
  const bare = await headersOf(Fastify());
  const helmeted = Fastify();
  await helmeted.register(fastifyHelmet, SECURITY_HEADER_OPTIONS as FastifyHelmetOptions);
  const all = await headersOf(helmeted);
  return Object.fromEntries(Object.entries(all).filter(([name]) => !(name in bare)));
}

describe.each(DIALECTS)('security headers on %s', (dialect) => {
  let ctx: TestContext;
  let reference: Headers;

  beforeAll(async () => {
    ctx = await createTestContext(dialect, { RATE_LIMIT: 'off' });
    reference = await helmetReference();
  });
  afterAll(async () => ctx?.close());

  it('are exactly the headers @fastify/helmet sets with the same options, on answers, errors and 404s', async () => {
    // The reference itself is the full helmet set (CSP, HSTS, frame and sniffing rules, ...).
    expect(Object.keys(reference).length).toBeGreaterThanOrEqual(10);
    expect(reference['content-security-policy']).toContain("frame-ancestors 'none'");
    const buyer = await registerBuyer(ctx.app);
    const answers = [
      await ctx.app.inject({ method: 'GET', url: '/api/health' }),
      await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: buyer.headers }),
      await ctx.app.inject({ method: 'GET', url: '/api/auth/me' }),
      await ctx.app.inject({ method: 'GET', url: '/api/users', headers: buyer.headers }),
      await ctx.app.inject({ method: 'GET', url: '/api/no-such-route' }),
      await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'not-an-email' } }),
    ];
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 401, 403, 404, 400]);
    for (const answer of answers) {
      const sent = Object.fromEntries(Object.keys(reference).map((name) => [name, answer.headers[name]]));
      expect(sent).toEqual(reference);
    }
  });

  it('ISSUE-21-PERMISSIONS-POLICY every answer turns off the browser features the site does not use', async () => {
    expect(PERMISSIONS_POLICY).toMatch(/(^|, )camera=\(\)/);
    expect(PERMISSIONS_POLICY).toMatch(/(^|, )microphone=\(\)/);
    expect(PERMISSIONS_POLICY).toMatch(/(^|, )geolocation=\(\)/);
    const buyer = await registerBuyer(ctx.app);
    await ctx.app.storage.write('media/probe.png', Buffer.from('not really a png'));
    const answers = [
      await ctx.app.inject({ method: 'GET', url: '/api/health' }),
      await ctx.app.inject({ method: 'HEAD', url: '/api/health' }),
      await ctx.app.inject({ method: 'GET', url: '/api/vehicles/search' }),
      await ctx.app.inject({ method: 'GET', url: '/api/auth/me' }),
      await ctx.app.inject({ method: 'GET', url: '/api/users', headers: buyer.headers }),
      await ctx.app.inject({ method: 'GET', url: '/api/no-such-route' }),
      await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'not-an-email' } }),
      await ctx.app.inject({ method: 'GET', url: '/uploads/media/probe.png' }),
      await ctx.app.inject({ method: 'GET', url: `/api/vehicles/${'x'.repeat(150)}` }),
      await ctx.app.inject({ method: 'GET', url: '/api/vehicles/%zz' }),
    ];
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 401, 403, 404, 400, 200, 414, 400]);
    for (const answer of answers) expect(answer.headers['permissions-policy']).toBe(PERMISSIONS_POLICY);
    // The framework errors (414, 400), which no hook reaches, carry helmet's headers too (decision 112).
    for (const answer of answers.slice(-2)) {
      const sent = Object.fromEntries(Object.keys(reference).map((name) => [name, answer.headers[name]]));
      expect(sent).toEqual(reference);
    }
  });
});
