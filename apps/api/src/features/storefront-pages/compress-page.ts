import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Sends a page's HTML compressed as the browser accepts. @fastify/compress only wraps routes,
 * and pages are answered by the not-found handler (every path the web app routes itself), so
 * this does the same for them: brotli at a fast level, else gzip, above 1 KB.
 */
export function sendCompressedHtml(request: FastifyRequest, reply: FastifyReply, html: string): FastifyReply {
  reply.type('text/html; charset=utf-8').header('Vary', 'Accept-Encoding');
  const accepted = String(request.headers['accept-encoding'] ?? '');
  if (html.length < 1024) return reply.send(html);
  if (/\bbr\b/.test(accepted)) {
    const body = brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } });
    return reply.header('Content-Encoding', 'br').send(body);
  }
  if (/\bgzip\b/.test(accepted)) return reply.header('Content-Encoding', 'gzip').send(gzipSync(html));
  return reply.send(html);
}
