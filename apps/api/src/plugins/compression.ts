import { constants } from 'node:zlib';
import type { FastifyCompressOptions } from '@fastify/compress';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyRequest } from 'fastify';

/*
 * The one place that says how answers are compressed (docs/decisions/107-one-compression-path.md):
 * which encodings, above what size, and which one a request gets. @fastify/compress is
 * registered with these options (app.ts) and compresses every answer as it is sent; answers kept
 * in memory and sent many times are compressed once instead (precompressed.ts), with the same
 * threshold and the same negotiation, so a client gets the same encoding from either path.
 */

/** Below this many bytes an answer goes out as is: the headers would outweigh the saving. */
export const COMPRESSION_THRESHOLD = 1024;

/** The encodings answers are sent in, the preferred first (brotli is smaller at a similar cost). */
export const ENCODINGS = ['br', 'gzip'] as const;
export type Encoding = (typeof ENCODINGS)[number];
const PREFERENCE: Encoding[] = [...ENCODINGS];

/** `*` and x-gzip stand for gzip, as @fastify/compress reads them (its getEncodingHeader). */
const GZIP_ALIASES = /\*|x-gzip/gu;

/**
 * The encoding a request's answer is sent in, or undefined for none: the client opted out
 * (`x-no-compression`), sent no Accept-Encoding, or accepts neither encoding (`q=0` refuses one;
 * `identity` alone accepts none). The same steps as @fastify/compress's own choice, through
 * @fastify/accept-negotiator (highest q-value wins, brotli on a tie), so a kept answer and a
 * computed one are encoded alike; compression.test.ts checks the two agree.
 */
export function negotiateEncoding(request: Pick<FastifyRequest, 'headers'>): Encoding | undefined {
  const { headers } = request;
  if (headers['x-no-compression'] !== undefined) return undefined;
  const accepted = headers['accept-encoding'];
  if (accepted === undefined) return undefined;
  return negotiate(accepted.toLowerCase().replace(GZIP_ALIASES, 'gzip'), PREFERENCE) ?? undefined;
}

/**
 * Brotli for an answer compressed once and sent once: every answer made per request, and a kept
 * answer the first time it is sent (precompressed.ts). Quality 1, text mode. gzip stays at
 * zlib's default level for both.
 */
export const PER_REQUEST_BROTLI = {
  [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
  [constants.BROTLI_PARAM_QUALITY]: 1,
};

/**
 * @fastify/compress's options: every answer made per request (JSON, 404 pages, docs) compressed
 * as it is sent, brotli quality 1 (text mode). An answer made per request pays its compression
 * every time: on 16 KB of vehicle JSON quality 1 took 0.19 ms and 4 took 0.92 ms, for 13% more
 * bytes (docs/decisions/120-pages-at-any-size.md); answers sent many times are kept and
 * compressed once at a better level (precompressed.ts). The plugin pipes each answer through a
 * new compressor stream, which none of its options avoid: decision 107 measured about 0.3 ms
 * more server CPU per compressed vehicle answer than one brotliCompressSync call.
 */
export const COMPRESS_OPTIONS: FastifyCompressOptions = {
  global: true,
  threshold: COMPRESSION_THRESHOLD,
  encodings: [...ENCODINGS],
  brotliOptions: { params: PER_REQUEST_BROTLI },
};
