import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export const REQUEST_ID_HEADER = 'x-request-id';
/** An id a proxy or a client may hand in: short, and only characters safe in a log line and a header. */
const SAFE_ID = /^[A-Za-z0-9._-]{1,128}$/;

/**
 * The request's id (Fastify's genReqId; decision 127): the incoming `x-request-id` when it looks
 * safe, so one id follows a request from the reverse proxy through every instance's logs, else a
 * new UUID. Fastify puts it on every log line of the request (`reqId`).
 */
export function requestId(req: IncomingMessage): string {
  const incoming = req.headers[REQUEST_ID_HEADER];
  return typeof incoming === 'string' && SAFE_ID.test(incoming) ? incoming : randomUUID();
}

/** Sends the request's id back in `x-request-id`, on every answer (errors and 404s too). */
export const requestIdPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRequest', (request, reply, done) => {
      reply.header(REQUEST_ID_HEADER, request.id);
      done();
    });
  },
  { name: 'request-id' },
);
