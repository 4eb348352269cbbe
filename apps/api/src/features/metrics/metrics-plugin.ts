import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { DB } from '../../db/schema.ts';
import { countQueuedEmails } from './metrics-repository.ts';

/** Seconds; the last bucket holds long event streams, whose answer lasts as long as the stream. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** The route pattern a bid is accepted on (features/auctions/auction-routes.ts: 201). */
const BID_ROUTE = '/api/vehicles/:id/bids';
/** The label of answers no route matched (404s, errors before routing): never the path asked for. */
const UNMATCHED = 'unmatched';
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
export const METRICS_REFUSED = 'A valid metrics token is required';

export interface MetricsOptions {
  /** METRICS_TOKEN; without it nothing is measured and GET /metrics is not a route (a 404). */
  token: string | undefined;
  db: Kysely<DB>;
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * Prometheus metrics at GET /metrics, read with `Authorization: Bearer $METRICS_TOKEN` (decision
 * 127). One registry per app, so apps built side by side in one process (the tests) keep theirs
 * apart. Registered before the routes so its onResponse hook sees every answer:
 * - process metrics (prom-client's default metrics: CPU, memory, event loop lag, GC, handles);
 * - http_request_duration_seconds{method, route, status_code}: the route is the pattern
 *   (/api/vehicles/:id), or `unmatched` for a 404, so labels stay bounded whatever is asked;
 * - auction_bids_total: bids accepted (201 from POST /api/vehicles/:id/bids);
 * - email_outbox_queued and auction_event_streams_open: read when scraped.
 */
export const metricsPlugin = fp<MetricsOptions>(
  async (app: FastifyInstance, { token, db }) => {
    if (!token) return;
    const expected = digest(`Bearer ${token}`);
    const registry = new Registry();
    collectDefaultMetrics({ register: registry });
    const latency = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to answer HTTP requests, by method, route pattern and status code',
      labelNames: ['method', 'route', 'status_code'] as const,
      buckets: LATENCY_BUCKETS,
      registers: [registry],
    });
    const bids = new Counter({
      name: 'auction_bids_total',
      help: 'Bids accepted by this instance',
      registers: [registry],
    });
    new Gauge({
      name: 'email_outbox_queued',
      help: 'Emails queued in the outbox, waiting to be sent (shared by every instance on the database)',
      registers: [registry],
      async collect() {
        try {
          this.set(await countQueuedEmails(db));
        } catch (err) {
          app.log.warn({ err }, 'metrics: outbox not counted');
          this.set(Number.NaN);
        }
      },
    });
    new Gauge({
      name: 'auction_event_streams_open',
      help: 'Auction event streams open on this instance',
      registers: [registry],
      collect() {
        this.set(app.auctionEvents.openStreams);
      },
    });

    app.addHook('onResponse', async (request, reply) => {
      const route = request.routeOptions.url ?? UNMATCHED;
      latency.observe(
        {
          method: METHODS.has(request.method) ? request.method : 'OTHER',
          route,
          status_code: String(reply.statusCode),
        },
        reply.elapsedTime / 1000,
      );
      if (route === BID_ROUTE && request.method === 'POST' && reply.statusCode === 201) bids.inc();
    });

    app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
      // Compared as digests of equal length, in constant time: the answer tells nothing of the token.
      if (!timingSafeEqual(digest(request.headers.authorization ?? ''), expected))
        return reply.code(401).header('WWW-Authenticate', 'Bearer realm="metrics"').send({ message: METRICS_REFUSED });
      const text = await registry.metrics();
      return reply.header('Cache-Control', 'no-store').type(registry.contentType).send(text);
    });
  },
  { name: 'metrics' },
);
