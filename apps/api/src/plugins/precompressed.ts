import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { COMPRESSION_THRESHOLD, type Encoding, negotiateEncoding, PER_REQUEST_BROTLI } from './compression.ts';

/*
 * Answers kept in memory and sent many times (the catalogue's kept storefront answers, the page
 * renderer's kept pages) are compressed once per encoding and the bytes are kept beside the
 * identity ones (docs/decisions/107-one-compression-path.md). Many kept answers are sent only
 * once (a search nobody sends again, a vehicle page seen once before it changes): the first
 * send of each encoding is compressed at the per-request level (brotli 1, gzip's default) and
 * not kept; only an answer asked a second time pays the better level, once
 * (docs/decisions/129-per-request-answers.md).
 */

// Levels for a body compressed once, from decision 107's timings on real search answers (4-67 KB):
// brotli 5 is 6-8% smaller than @fastify/compress's 4 for about the same time (under 1.3 ms) and
// 6-8 gain nothing more; 9 takes 4-40 ms for at most 2% less and 11 takes 10-150 ms for 4-11%
// less, too long for the request that pays for it. gzip 9 costs about what 6 does at these sizes.
const BROTLI_ONCE = {
  [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
  [constants.BROTLI_PARAM_QUALITY]: 5,
};
const GZIP_ONCE_LEVEL = 9;

/**
 * A body kept in memory and sent many times. Per encoding: the first send is compressed at the
 * per-request level and not kept; the second is compressed at the kept level, and those bytes
 * are kept and sent from then on.
 */
export class PrecompressedBody {
  private br: Buffer | undefined;
  private gzip: Buffer | undefined;
  /** The encodings sent once already (compressed cheaply, not kept). */
  private sentOnce: Encoding[] = [];

  constructor(
    readonly identity: Buffer,
    readonly contentType: string,
  ) {}

  /** The bytes of the next send in this encoding (see the class). */
  encoded(encoding: Encoding): Buffer {
    const kept = encoding === 'br' ? this.br : this.gzip;
    if (kept) return kept;
    if (!this.sentOnce.includes(encoding)) {
      this.sentOnce.push(encoding);
      return compress(this.identity, encoding, 'per request');
    }
    const bytes = compress(this.identity, encoding, 'kept');
    if (encoding === 'br') this.br = bytes;
    else this.gzip = bytes;
    return bytes;
  }

  /** The kept bytes of this encoding, if a second send made them (tests). */
  keptEncoding(encoding: Encoding): Buffer | undefined {
    return encoding === 'br' ? this.br : this.gzip;
  }
}

function compress(bytes: Buffer, encoding: Encoding, level: 'per request' | 'kept'): Buffer {
  if (encoding === 'gzip') return level === 'kept' ? gzipSync(bytes, { level: GZIP_ONCE_LEVEL }) : gzipSync(bytes);
  const params = level === 'kept' ? BROTLI_ONCE : PER_REQUEST_BROTLI;
  return brotliCompressSync(bytes, { params: { ...params, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } });
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
