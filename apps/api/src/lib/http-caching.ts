import type { FastifyReply, FastifyRequest } from 'fastify';

/*
 * HTTP does the caching of public answers (docs/decisions/143-one-plain-read-path.md): each one
 * carries a strong ETag made from what it was read at (the catalogue version, a vehicle's update
 * stamp, the settings) and is answered 304 to a matching If-None-Match without being made.
 * Browsers revalidate every time; a CDN or a reverse proxy (docs/deploy.md) keeps an answer a
 * minute and serves it stale for five more while it revalidates. Everything else under /api is
 * private and never stored (routes.ts).
 */

export const PUBLIC_CACHE_CONTROL = 'public, max-age=0, s-maxage=60, stale-while-revalidate=300';
export const PRIVATE_CACHE_CONTROL = 'private, no-store';

/** A strong validator from the parts an answer was made from. */
export const entityTag = (...parts: readonly (string | number)[]): string => `"${parts.join('-')}"`;

/** Whether the request's If-None-Match names this tag (weak comparison, as RFC 9110 asks for GET). */
export function holds(request: FastifyRequest, tag: string): boolean {
  const ifNoneMatch = request.headers['if-none-match'];
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === tag);
}

/** Marks a public answer with its validator and the caching rules a shared cache follows. */
export const markPublic = (reply: FastifyReply, tag: string): FastifyReply =>
  reply.header('ETag', tag).header('Cache-Control', PUBLIC_CACHE_CONTROL).header('Vary', 'accept-encoding');

/**
 * Marks a public answer (markPublic) and tells whether the client already holds it: then the
 * caller answers with notModified() and makes nothing.
 */
export function alreadyHeld(request: FastifyRequest, reply: FastifyReply, tag: string): boolean {
  markPublic(reply, tag);
  return holds(request, tag);
}

/**
 * An answer that failed (a refused query, an outage) is never stored by a shared cache, whatever
 * its route had marked before it failed: registered for every answer (app.ts).
 */
export async function neverStoreErrors(_request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (reply.statusCode < 400 || !String(reply.getHeader('cache-control') ?? '').startsWith('public')) return;
  reply.removeHeader('ETag');
  reply.header('Cache-Control', PRIVATE_CACHE_CONTROL);
}

/** The 304 for a client that holds the answer: headers only (those alreadyHeld set). */
export const notModified = (reply: FastifyReply) => reply.code(304).send();
