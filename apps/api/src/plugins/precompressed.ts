import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { COMPRESSION_THRESHOLD, type Encoding, negotiateEncoding } from './compression.ts';

/*
 * Answers kept in memory and sent many times (the catalogue's kept storefront answers) are
 * compressed once per encoding, the first time a client asks for it, and the bytes are kept
 * beside the identity ones (docs/decisions/107-one-compression-path.md).
 */

// Levels for a body compressed once, from decision 107's timings on real search answers (4-67 KB):
// brotli 5 is 6-8% smaller than @fastify/compress's 4 for about the same time (under 1.3 ms) and
// 6-8 gain nothing more; 9 takes 4-40 ms for at most 2% less and 11 takes 10-150 ms for 4-11%
// less, too long for the first request of each answer, which pays for it. gzip 9 costs about
// what 6 does at these sizes.
const BROTLI_ONCE = {
  [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
  [constants.BROTLI_PARAM_QUALITY]: 5,
};
const GZIP_ONCE_LEVEL = 9;

/** A body kept in memory and sent many times: compressed once per encoding, the first time a client asks for it. */
export class PrecompressedBody {
  private br: Buffer | undefined;
  private gzip: Buffer | undefined;

  constructor(
    readonly identity: Buffer,
    readonly contentType: string,
  ) {}

  /** The bytes in this encoding, compressed on first use and kept. */
  encoded(encoding: Encoding): Buffer {
    if (encoding === 'br') {
      this.br ??= brotliCompressSync(this.identity, {
        params: { ...BROTLI_ONCE, [constants.BROTLI_PARAM_SIZE_HINT]: this.identity.length },
      });
      return this.br;
    }
    this.gzip ??= gzipSync(this.identity, { level: GZIP_ONCE_LEVEL });
    return this.gzip;
  }
}

/**
 * Sends the body in the encoding the request's Accept-Encoding prefers (negotiateEncoding: the
 * same choice @fastify/compress makes, q=0 refuses, x-no-compression opts out), with
 * Vary: accept-encoding; below 1 KB it goes out as is, as the plugin would send it.
 * @fastify/compress leaves the answer alone: it passes any reply that already has a
 * Content-Encoding, and for the identity bytes it comes to the same "no encoding" answer.
 * A HEAD request gets the headers the GET would (Fastify drops the body and keeps its length).
 */
export function sendPrecompressed(request: FastifyRequest, reply: FastifyReply, body: PrecompressedBody): FastifyReply {
  reply.type(body.contentType);
  if (body.identity.length < COMPRESSION_THRESHOLD) return reply.send(body.identity);
  addVary(reply);
  const encoding = negotiateEncoding(request);
  if (encoding === undefined) return reply.send(body.identity);
  return reply.header('content-encoding', encoding).send(body.encoded(encoding));
}

/** Adds accept-encoding to the Vary header, once (written as @fastify/compress writes it). */
function addVary(reply: FastifyReply): void {
  const vary = reply.getHeader('vary');
  const current = Array.isArray(vary) ? vary.join(', ') : vary === undefined ? '' : String(vary);
  if (/(?:^|[\s,])(?:accept-encoding|\*)(?:$|[\s,])/i.test(current)) return;
  reply.header('vary', current ? `${current}, accept-encoding` : 'accept-encoding');
}
