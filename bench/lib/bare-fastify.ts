/**
 * A bare Fastify server for bench/pages-floor.ts: no plugin, no database, no search, no
 * rendering. It sends the bytes it is given, the way the marketplace sends a kept answer (made
 * and compressed once) and an answer made per request (compressed on every request at the
 * marketplace's own per-request level, apps/api/src/plugins/compression.ts). What it reaches
 * beside its own ping is what any Node server on this machine can reach for those bytes.
 *
 *   PORT=... FLOOR_PAYLOADS=dir node --import tsx bench/lib/bare-fastify.ts
 * where dir holds search.json, results.html and vehicle.html.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import Fastify, { type FastifyReply } from 'fastify';
import { PER_REQUEST_BROTLI } from '../../apps/api/src/plugins/compression.ts';

const dir = process.env.FLOOR_PAYLOADS ?? '';
const read = (name: string) => readFileSync(path.join(dir, name));
const payloads = {
  search: { bytes: read('search.json'), type: 'application/json; charset=utf-8' },
  results: { bytes: read('results.html'), type: 'text/html; charset=utf-8' },
  vehicle: { bytes: read('vehicle.html'), type: 'text/html; charset=utf-8' },
};

/** As the marketplace compresses an answer sent once (apps/api/src/plugins/precompressed.ts). */
const brotliOnce = (bytes: Buffer) =>
  brotliCompressSync(bytes, { params: { ...PER_REQUEST_BROTLI, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } });

const sendBrotli = (reply: FastifyReply, type: string, bytes: Buffer) =>
  reply.type(type).header('vary', 'accept-encoding').header('content-encoding', 'br').send(bytes);

const app = Fastify();
app.get('/ping', async () => ({ ok: true }));
const keptSearch = brotliOnce(payloads.search.bytes);
app.get('/kept-search', async (_request, reply) => sendBrotli(reply, payloads.search.type, keptSearch));
for (const [name, { bytes, type }] of Object.entries(payloads))
  app.get(`/${name}`, async (_request, reply) => sendBrotli(reply, type, brotliOnce(bytes)));

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
console.log('ready');
