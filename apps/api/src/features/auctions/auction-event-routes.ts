import { fastifySSE } from '@fastify/sse';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AuctionEventName, AuctionStatus, PublicAuction } from '@vm/shared/auction';
import { idParamSchema } from '@vm/shared/common';
import { notFound } from '../../lib/http-errors.ts';
import type { AuctionEventMessage } from './auction-events.ts';
import { auctionForEvents } from './auction-service.ts';

/** A comment line every 15 s keeps proxies and browsers from dropping a quiet stream. */
export const HEARTBEAT_MS = 15_000;
/**
 * A client this far behind (bytes written but not yet taken by its socket) is cut off rather than
 * held in memory; its EventSource reconnects and starts again from the current state.
 */
const MAX_BUFFERED_BYTES = 256 * 1024;

/** The event that carries an auction's current state when a stream (re)connects. */
export function eventForStatus(status: AuctionStatus): AuctionEventName {
  if (status === 'Cancelled') return 'cancelled';
  if (status === 'Sold' || status === 'ReserveNotMet' || status === 'NoBids') return 'ended';
  return 'bid';
}

/** Each message's data serialized once, however many streams it goes to. */
const serialized = new WeakMap<object, string>();
function dataOf(message: { auction: PublicAuction }): string {
  let json = serialized.get(message);
  if (json === undefined) {
    json = JSON.stringify(message.auction);
    serialized.set(message, json);
  }
  return json;
}

/**
 * GET /auctions/:id/events (public): the auction's live updates as Server-Sent Events, through
 * @fastify/sse (registered here, so only this route is an event stream). Every event's data is the
 * public auction and its id the auction's version. A stream starts with the current state (`ended`
 * or `cancelled` once over, else `bid`), also on a reconnection with Last-Event-ID, then relays the
 * hub's messages of that auction, never an older version after a newer one nor the same event
 * of one version twice (the versions come from the auction row: a bid that extends the end is
 * `bid` then `extended` at one version). A comment every 15 s keeps it open.
 *
 * The stream is written to the raw response, so @fastify/compress never buffers or compresses it
 * (and `compress: false` says so); the security headers are set on the raw response when the
 * request arrives (plugins/security-headers.ts), so the stream carries them too.
 */
export async function auctionEventRoutes(appBase: FastifyInstance) {
  await appBase.register(fastifySSE, { heartbeatInterval: HEARTBEAT_MS });
  const app = appBase.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/:id/events',
    {
      // 'manual': always an event stream, whatever the Accept header; a 404 is still answered as JSON.
      sse: { kind: 'manual', serializer: (data: unknown) => (typeof data === 'string' ? data : JSON.stringify(data)) },
      compress: false,
      exposeHeadRoute: false,
      // New streams per address: a browser reconnects every few seconds at most (its retry hint),
      // so this only stops one address from opening streams by the thousand.
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        tags: ['auctions'],
        summary: 'Live updates of one auction (text/event-stream: bid, extended, ended, cancelled)',
        params: idParamSchema,
      },
    },
    async (request, reply) => {
      const auctionId = request.params.id;
      const events = app.auctionEvents;
      let lastVersion = Number.NEGATIVE_INFINITY;
      /** The events sent at lastVersion: a bid that extends the end is `bid` then `extended`, one version. */
      let sentAtLast = new Set<AuctionEventName>();
      /** Messages that arrive while the current state is read, sent after it. */
      let pending: AuctionEventMessage[] | undefined = [];

      const send = (event: AuctionEventName, version: number, data: string) => {
        if (version < lastVersion || (version === lastVersion && sentAtLast.has(event))) return;
        if (!reply.sse.isConnected) return;
        if (reply.raw.writableLength > MAX_BUFFERED_BYTES) {
          request.log.info({ auctionId }, 'auction event stream too far behind; dropped');
          reply.raw.destroy();
          return;
        }
        if (version > lastVersion) {
          lastVersion = version;
          sentAtLast = new Set();
        }
        sentAtLast.add(event);
        reply.sse.send({ id: String(version), event, data }).catch(() => {});
      };
      const relay = (message: AuctionEventMessage) => send(message.event, message.version, dataOf(message));
      const resync = async () => {
        const current = await auctionForEvents(app.auctions, auctionId);
        if (current) send(eventForStatus(current.auction.status), current.version, JSON.stringify(current.auction));
      };

      // Subscribed before the state is read, so that nothing published in between is missed.
      const unsubscribe = events.subscribe(
        auctionId,
        (message) => {
          if (pending) pending.push(message);
          else relay(message);
        },
        {
          onGap: () => {
            if (!pending)
              resync().catch((err: unknown) => request.log.warn({ err, auctionId }, 'auction resync failed'));
          },
        },
      );
      let current: Awaited<ReturnType<typeof auctionForEvents>>;
      try {
        await events.listening();
        current = await auctionForEvents(app.auctions, auctionId);
      } catch (err) {
        unsubscribe();
        throw err;
      }
      if (!current) {
        unsubscribe();
        throw notFound('Auction not found');
      }
      if (!reply.sse.isConnected) {
        unsubscribe();
        return;
      }

      reply.sse.keepAlive();
      const untrack = events.trackStream({
        end: (retryMs) => {
          if (!reply.sse.isConnected) return;
          // A message with no data: only the `retry:` field, which tells EventSource when to come back.
          reply.sse.send({ data: undefined, retry: retryMs }).catch(() => {});
          reply.sse.close();
        },
      });
      reply.sse.onClose(() => {
        unsubscribe();
        untrack();
      });

      send(eventForStatus(current.auction.status), current.version, JSON.stringify(current.auction));
      const caughtUp = pending;
      pending = undefined;
      for (const message of caughtUp) relay(message);
    },
  );
}
