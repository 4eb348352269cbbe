import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '@vm/shared/common';
import { PERMISSIONS_POLICY } from '../src/plugins/security-headers.ts';
import { createTestContext, type TestContext } from './test-app.ts';

/*
 * Issue #21: errors that Fastify or Node answer before any route runs (a path parameter over the
 * router's length limit, a path that does not decode, headers over Node's 16 KB) keep the one
 * error format `{ message }` and never repeat the address that was asked for
 * (docs/decisions/112-framework-errors-and-start-up.md). No database is involved: SQLite only.
 */

/** Sends raw bytes to the server and reads everything it answers until it closes the connection. */
function rawExchange(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', (err) => {
      // The server may reset the socket after answering: what arrived before still counts.
      if (chunks.length > 0) resolve(Buffer.concat(chunks).toString('latin1'));
      else reject(err);
    });
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('latin1')));
    socket.write(request);
  });
}

function parseRaw(answer: string): { status: number; headers: Record<string, string>; body: string } {
  const [head = '', body = ''] = answer.split('\r\n\r\n');
  const [statusLine = '', ...headerLines] = head.split('\r\n');
  const headers = Object.fromEntries(
    headerLines.map((line) => {
      const colon = line.indexOf(':');
      return [line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()];
    }),
  );
  return { status: Number(statusLine.split(' ')[1]), headers, body };
}

describe('errors answered before any route runs', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext('sqlite', { RATE_LIMIT: 'off' });
  });
  afterAll(async () => ctx?.close());

  it('ISSUE-21-FRAMEWORK-ERRORS a path parameter over the router limit is a 414 { message } without the path', async () => {
    const marker = `marker${'x'.repeat(150)}`;
    const res = await ctx.app.inject({ method: 'GET', url: `/api/vehicles/${marker}` });
    expect(res.statusCode).toBe(414);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const body = res.json();
    expect(errorBodySchema.strict().parse(body)).toEqual({ message: 'The address is too long' });
    expect(res.body).not.toContain('marker');
    expect(res.body).not.toContain('FST_');
  });

  it('ISSUE-21-FRAMEWORK-ERRORS a path that does not decode is a 400 { message } without the path', async () => {
    for (const url of ['/api/vehicles/marker%zz', '/marker%zz', '/api/users/marker%E0%A4%A']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(errorBodySchema.strict().parse(res.json()), url).toEqual({ message: 'The address is not valid' });
      expect(res.body, url).not.toContain('marker');
      expect(res.body, url).not.toContain('FST_');
    }
  });

  it('ISSUE-21-FRAMEWORK-ERRORS an unknown route is a 404 { message } without the path', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/marker-no-such-route?q=marker' });
    expect(res.statusCode).toBe(404);
    expect(errorBodySchema.strict().parse(res.json())).toEqual({ message: 'Route not found' });
    expect(res.body).not.toContain('marker');
  });

  describe('on a listening server', () => {
    let port: number;
    beforeAll(async () => {
      await ctx.app.listen({ port: 0, host: '127.0.0.1' });
      port = (ctx.app.server.address() as AddressInfo).port;
    });

    it('ISSUE-21-FRAMEWORK-ERRORS headers over Node’s limit are a 431 { message } without the path', async () => {
      const answer = await rawExchange(
        port,
        `GET /api/marker-path HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
      );
      const { status, headers, body } = parseRaw(answer);
      expect(status).toBe(431);
      expect(headers['content-type']).toMatch(/^application\/json/);
      expect(Number(headers['content-length'])).toBe(Buffer.byteLength(body));
      expect(headers['permissions-policy']).toBe(PERMISSIONS_POLICY);
      expect(errorBodySchema.strict().parse(JSON.parse(body))).toEqual({
        message: 'The request headers are too large',
      });
      expect(answer).not.toContain('marker');
    });

    it('ISSUE-21-FRAMEWORK-ERRORS a request Node cannot parse is a 400 { message }', async () => {
      const { status, body } = parseRaw(await rawExchange(port, 'NOT A REQUEST /marker\r\n\r\n'));
      expect(status).toBe(400);
      expect(errorBodySchema.strict().parse(JSON.parse(body))).toEqual({ message: 'The request could not be read' });
    });

    it('ordinary requests on the same server still answer', async () => {
      const { status, body } = parseRaw(
        await rawExchange(port, 'GET /api/health HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n'),
      );
      expect(status).toBe(200);
      expect(body).toContain('ok');
    });
  });
});
