import type { FastifyInstance } from 'fastify';
import { isValidKey } from './local-storage.ts';
import { MEDIA_CACHE_CONTROL } from './s3-storage.ts';

/**
 * GET/HEAD /uploads/<key> from app.storage, for a storage that is not the local folder (which
 * @fastify/static serves): the object streamed with its content type, length, ETag and a year's
 * immutable caching, 304 for a matching If-None-Match, 404 when there is none.
 */
export async function serveMediaRoutes(app: FastifyInstance) {
  app.get('/uploads/*', { schema: { hide: true } }, async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    if (!isValidKey(key)) return reply.callNotFound();
    const file = await app.storage.read(key);
    if (!file) return reply.callNotFound();
    reply
      .header('Content-Type', file.contentType)
      .header('ETag', file.etag)
      .header('Last-Modified', file.lastModified.toUTCString())
      .header('Cache-Control', MEDIA_CACHE_CONTROL);
    if (request.headers['if-none-match']?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === file.etag)) {
      file.body.destroy();
      return reply.code(304).send();
    }
    reply.header('Content-Length', file.contentLength);
    return reply.send(file.body);
  });
}
