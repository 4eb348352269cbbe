import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { MSG } from '@vm/shared/messages';
import { HttpError } from '../lib/http-errors.ts';
import { isRedisUnavailable } from '../features/rate-limits/rate-limit-store.ts';
import { PERMISSIONS_POLICY, setSecurityHeaders } from './security-headers.ts';

const DB_DOWN_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08006',
  'SQLITE_BUSY',
  'SQLITE_CANTOPEN',
  'SQLITE_IOERR',
]);

/** True when an error means the database cannot be reached right now. */
export function isDatabaseUnavailable(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const e = err as { code?: unknown; message?: unknown; errors?: unknown[] };
  if (typeof e.code === 'string' && DB_DOWN_CODES.has(e.code)) return true;
  if (Array.isArray(e.errors) && e.errors.some(isDatabaseUnavailable)) return true;
  const message = typeof e.message === 'string' ? e.message : '';
  return /Connection terminated|timeout exceeded when trying to connect|connect ECONNREFUSED|Client has encountered a connection error|the database system is (starting up|shutting down)|driver has already been destroyed/i.test(
    message,
  );
}

/** Unique-constraint violations on both databases. */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: unknown } | null;
  return e?.code === '23505' || e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || e?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/**
 * Text PostgreSQL cannot store (a NUL character, an unencodable byte) is bad input, not a server
 * fault: 22021 character_not_in_repertoire, 22P05 untranslatable_character. SQLite stores it.
 */
export function isUnstorableText(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === '22021' || code === '22P05';
}

/** Busboy reports a malformed multipart body with a plain Error and no status: the client's fault, not ours. */
const MALFORMED_MULTIPART =
  /^(Multipart: Boundary not found|Unexpected end of multipart data|.+ terminated early due to unexpected end of multipart data|Malformed part header|Unsupported Content-Type\.)$/;

/**
 * The client went away while its request was being read (Node's "aborted" ECONNRESET from the
 * body stream): nothing is wrong on our side, and the code must not be read as a database
 * outage (ECONNRESET is one of DB_DOWN_CODES). Issue #20.
 */
export function isClientAbort(err: unknown, request: FastifyRequest): boolean {
  const e = err as { code?: unknown; message?: unknown } | null;
  if (e?.code === 'ECONNRESET' && e.message === 'aborted') return true;
  if (e?.code === 'ECONNABORTED' || e?.code === 'ERR_STREAM_PREMATURE_CLOSE') return true;
  return request.raw.aborted === true;
}

function fieldOf(instancePath: string): string {
  return instancePath.replace(/^\//, '').replace(/\//g, '.');
}

/**
 * One error format for every failure: { message, errors? }. Never a stack trace, SQL or path.
 */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof HttpError) {
      return reply.code(err.statusCode).send({ message: err.message, ...(err.errors ? { errors: err.errors } : {}) });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const errors = err.validation.map((v) => ({ field: fieldOf(v.instancePath), message: v.message }));
      return reply.code(400).send({ message: errors[0]?.message ?? MSG.invalidRequest, errors });
    }
    if (isClientAbort(err, request)) {
      // Nobody reads the answer; log it as what it is, not as a server error.
      request.log.info({ code: err.code }, 'client aborted the request');
      return reply.code(400).send({ message: 'The request was aborted' });
    }
    if (isRedisUnavailable(err)) {
      // The shared rate-limit store is away: refuse rather than let requests through uncounted
      // (docs/decisions/130-redis-and-proxies.md).
      request.log.error({ err }, 'redis unavailable');
      return reply.code(503).header('Retry-After', '5').send({ message: MSG.databaseUnavailable });
    }
    if (isDatabaseUnavailable(err)) {
      request.log.error({ err }, 'database unavailable');
      return reply.code(503).header('Retry-After', '5').send({ message: MSG.databaseUnavailable });
    }
    if (isUniqueViolation(err)) {
      return reply.code(409).send({ message: 'This conflicts with an existing record' });
    }
    if (isUnstorableText(err)) return reply.code(400).send({ message: MSG.invalidRequest });
    const status = err.statusCode ?? 500;
    if (status === 429) return reply.code(429).send({ message: MSG.rateLimited });
    if (status >= 400 && status < 500) {
      const known: Record<string, string> = {
        FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON',
        FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty',
        FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large',
        FST_ERR_CTP_INVALID_MEDIA_TYPE: 'This content type is not accepted',
        FST_REQ_FILE_TOO_LARGE: MSG.imageTooLarge,
        FST_FILES_LIMIT: MSG.tooManyImages,
        FST_PARTS_LIMIT: MSG.tooManyImages,
        FST_INVALID_MULTIPART_CONTENT_TYPE: 'Expected a multipart upload',
      };
      const message =
        known[err.code] ??
        (err.message && !/\/|\\|SELECT|INSERT/i.test(err.message) ? err.message : MSG.invalidRequest);
      return reply.code(err.code === 'FST_REQ_FILE_TOO_LARGE' ? 413 : status).send({ message });
    }
    if (!err.statusCode && MALFORMED_MULTIPART.test(err.message ?? '')) {
      return reply.code(400).send({ message: 'The upload could not be read' });
    }
    request.log.error({ err }, 'unhandled error');
    return reply.code(500).send({ message: MSG.internalError });
  });
});

/**
 * Errors Fastify answers before any route or hook runs (the `frameworkErrors` server option):
 * a path that does not decode (FST_ERR_BAD_URL, 400) and a path parameter longer than the
 * router's limit (FST_ERR_MAX_PARAM_LENGTH, 414). Left to Fastify they answer
 * `{ error, code, message, statusCode }` with the path inside the message; here they keep the
 * one error format and never repeat the address (docs/decisions/112-framework-errors-and-start-up.md).
 * No hook runs for them, so the security headers every answer carries (helmet's and
 * Permissions-Policy, plugins/security-headers.ts) are set here.
 */
const FRAMEWORK_ERRORS: Record<string, { status: number; message: string }> = {
  FST_ERR_BAD_URL: { status: 400, message: 'The address is not valid' },
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, message: 'The address is too long' },
};

/** The 414 of a path parameter over the router's limit, also answered by app.ts's page route. */
export const ADDRESS_TOO_LONG = FRAMEWORK_ERRORS.FST_ERR_MAX_PARAM_LENGTH as { status: number; message: string };

export function frameworkErrorHandler(err: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const known = FRAMEWORK_ERRORS[err.code];
  const answer = () => reply.code(known?.status ?? 500).send({ message: known?.message ?? MSG.internalError });
  setSecurityHeaders(request.raw, reply.raw, answer);
}

/** What Node's HTTP parser refuses before Fastify sees a request, by Node's error code. */
const CLIENT_ERRORS: Record<string, { status: number; reason: string; message: string }> = {
  HPE_HEADER_OVERFLOW: {
    status: 431,
    reason: 'Request Header Fields Too Large',
    message: 'The request headers are too large',
  },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, reason: 'Request Timeout', message: 'The request took too long' },
};
const BAD_REQUEST = { status: 400, reason: 'Bad Request', message: 'The request could not be read' };

/**
 * The server's 'clientError' listener (the `clientErrorHandler` server option): requests Node's
 * HTTP parser refuses (headers over 16 KB, a malformed request line, a request that took too
 * long) never reach Fastify, and its default answer is `{ error, message, statusCode }`. Same
 * status codes as Fastify's default handler, with the one error format.
 */
export function clientErrorHandler(err: NodeJS.ErrnoException, socket: Socket): void {
  // A reset connection has nobody left to answer (https://nodejs.org/api/http.html#event-clienterror).
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, reason, message } = CLIENT_ERRORS[err.code ?? ''] ?? BAD_REQUEST;
  const body = JSON.stringify({ message });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nX-Content-Type-Options: nosniff\r\n` +
        `Permissions-Policy: ${PERMISSIONS_POLICY}\r\n` +
        `Connection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}
