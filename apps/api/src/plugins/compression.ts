import { constants } from 'node:zlib';
import type { FastifyCompressOptions } from '@fastify/compress';

/*
 * The one place that says how answers are compressed (docs/decisions/107-one-compression-path.md):
 * @fastify/compress is registered with these options (app.ts) and compresses every answer as it
 * is sent. A CDN or a reverse proxy in front keeps the compressed answers (docs/deploy.md).
 */

/** Below this many bytes an answer goes out as is: the headers would outweigh the saving. */
export const COMPRESSION_THRESHOLD = 1024;

/**
 * Brotli quality 1, text mode: every answer is compressed as it is made. On 16 KB of vehicle
 * JSON quality 1 took 0.19 ms and 4 took 0.92 ms, for 13% more bytes
 * (docs/decisions/120-pages-at-any-size.md). gzip stays at zlib's default level.
 */
export const PER_REQUEST_BROTLI = {
  [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
  [constants.BROTLI_PARAM_QUALITY]: 1,
};

/** @fastify/compress's options: brotli preferred (smaller at a similar cost), then gzip. */
export const COMPRESS_OPTIONS: FastifyCompressOptions = {
  global: true,
  threshold: COMPRESSION_THRESHOLD,
  encodings: ['br', 'gzip'],
  brotliOptions: { params: PER_REQUEST_BROTLI },
};
