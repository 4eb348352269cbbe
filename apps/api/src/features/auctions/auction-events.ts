import type { FastifyBaseLogger } from 'fastify';
import { type Kysely, sql } from 'kysely';
import type pg from 'pg';
import { AUCTION_EVENTS, type AuctionEventName, type PublicAuction } from '@vm/shared/auction';
import type { Dialect } from '../../db/database.ts';
import { DatabaseNotifications } from '../../db/notifications.ts';
import type { DB } from '../../db/schema.ts';

/**
 * The live updates of auctions (issue #17): what the auction service publishes after a bid, an
 * edit, a close or a cancellation has committed, handed to every open event stream of that
 * auction (auction-event-routes.ts), on every instance.
 *
 * - SQLite (one instance): in process, each message handed to the subscribers on the next turn of
 *   the event loop, so the bid's answer does not wait for the fan-out.
 * - PostgreSQL (several instances): `select pg_notify('auction_events', …)` through the pool; one
 *   dedicated connection per instance LISTENs, opened when the first subscriber arrives, and hands
 *   each notification to the subscribers of its auction on that instance (the publishing instance
 *   included: every subscriber gets the messages in the order PostgreSQL delivers them). The
 *   channel is the database's, shared by every schema in it: a message names its auction (a uuid)
 *   first, and one for an auction nobody here watches is dropped unread.
 *
 * A state may reach a stream twice or late (its first state read while a message was on its way,
 * a resync after a reconnection): each message carries the auction's version, and a stream never
 * sends an older version after a newer one, nor one event of a version twice.
 */

export interface AuctionEventMessage {
  auctionId: string;
  event: AuctionEventName;
  /** The auction row's version after the change; every later change has a higher one. */
  version: number;
  /** The public auction, as anyone sees it (no caller's own maximum). */
  auction: PublicAuction;
}

export type AuctionEventListener = (message: AuctionEventMessage) => void;

export interface SubscribeOptions {
  /**
   * Called when messages may have been missed: the LISTEN connection was lost and is back. The
   * subscriber reloads the auction and sends it if newer than what it has sent.
   */
  onGap?: () => void;
}

/** An open event stream, as the hub ends it when the app closes. */
export interface TrackedStream {
  /** Ends the stream, asking the client to reconnect after `retryMs` (SSE `retry:`). */
  end: (retryMs: number) => void;
}

/** The NOTIFY channel, one per database. */
export const AUCTION_EVENTS_CHANNEL = 'auction_events';
/** PostgreSQL refuses a NOTIFY payload of 8,000 bytes or more; a public auction is well under 1,000. */
const MAX_PAYLOAD_BYTES = 7_900;
/** Streams ended by a closing app ask their clients to come back after 1 to 5 s, spread out. */
const RETRY_MIN_MS = 1_000;
const RETRY_SPREAD_MS = 4_000;

interface Subscriber {
  listener: AuctionEventListener;
  onGap: (() => void) | undefined;
}

export interface AuctionEventsOptions {
  db: Kysely<DB>;
  dialect: Dialect;
  /**
   * PostgreSQL: the instance's shared LISTEN connection (db/notifications.ts), or a new,
   * unconnected client for a connection of the hub's own (Database.listenClient).
   */
  notifications?: DatabaseNotifications | undefined;
  listenClient?: (() => pg.Client) | undefined;
  log: FastifyBaseLogger;
}

export class AuctionEvents {
  readonly #subscribers = new Map<string, Set<Subscriber>>();
  readonly #streams = new Set<TrackedStream>();
  readonly #db: Kysely<DB>;
  readonly #log: FastifyBaseLogger;
  readonly #listener: DatabaseNotifications | undefined;
  /** Whether the LISTEN connection is the hub's own, to close with it. */
  readonly #ownsListener: boolean;
  #closed = false;
  #stopListening: () => void = () => {};

  constructor(options: AuctionEventsOptions) {
    this.#db = options.db;
    this.#log = options.log;
    this.#ownsListener = false;
    if (options.dialect === 'postgres') {
      if (options.notifications) this.#listener = options.notifications;
      else if (options.listenClient) {
        this.#listener = new DatabaseNotifications(options.listenClient, options.log);
        this.#ownsListener = true;
      } else throw new Error('auction events on PostgreSQL need Database.listenClient');
      this.#stopListening = this.#listener.listen(AUCTION_EVENTS_CHANNEL, {
        payload: (text) => this.#receive(text),
        reconnected: () => this.#gap(),
      });
    }
  }

  /** Event streams open on this instance. */
  get openStreams(): number {
    return this.#streams.size;
  }

  /** Auctions with at least one subscriber on this instance. */
  get watchedAuctions(): number {
    return this.#subscribers.size;
  }

  /**
   * Sends a message to every subscriber of its auction, on every instance. Call it after the
   * change has committed. It never throws: the change is made whatever happens to its message
   * (a NOTIFY that fails is logged and handed to this instance's subscribers only; clients of
   * other instances catch up at their next message or reconnection).
   */
  async publish(message: AuctionEventMessage): Promise<void> {
    if (!this.#listener) {
      setImmediate(() => this.#deliver(message));
      return;
    }
    const { auctionId, event, version, auction } = message;
    const payload = `${auctionId} ${JSON.stringify({ event, version, auction })}`;
    if (Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES) {
      this.#log.error({ auctionId, bytes: Buffer.byteLength(payload) }, 'auction event too large to NOTIFY');
      this.#deliver(message);
      return;
    }
    try {
      await sql`select pg_notify(${AUCTION_EVENTS_CHANNEL}, ${payload})`.execute(this.#db);
    } catch (err) {
      this.#log.warn({ err, auctionId }, 'auction event not sent to other instances');
      this.#deliver(message);
    }
  }

  /**
   * Listens to one auction's messages on this instance. On PostgreSQL the first subscriber opens
   * the LISTEN connection: await `listening()` before reading the state a stream starts from.
   */
  subscribe(auctionId: string, listener: AuctionEventListener, options: SubscribeOptions = {}): () => void {
    const subscriber: Subscriber = { listener, onGap: options.onGap };
    let set = this.#subscribers.get(auctionId);
    if (!set) {
      set = new Set();
      this.#subscribers.set(auctionId, set);
    }
    set.add(subscriber);
    if (!this.#closed) this.#listener?.start();
    return () => {
      const current = this.#subscribers.get(auctionId);
      if (!current) return;
      current.delete(subscriber);
      if (current.size === 0) this.#subscribers.delete(auctionId);
    };
  }

  /**
   * Resolves once messages published from now on reach this instance's subscribers: at once on
   * SQLite; on PostgreSQL when LISTEN is in place, or after `timeoutMs` if it cannot be yet (the
   * subscribers are then told of the gap when it is).
   */
  listening(timeoutMs = 3_000): Promise<void> {
    return this.#listener && !this.#closed ? this.#listener.listening(timeoutMs) : Promise.resolve();
  }

  /**
   * Counts an open stream until the returned function is called, so that close() can end it. A
   * stream opened after close() is ended at once.
   */
  trackStream(stream: TrackedStream): () => void {
    if (this.#closed) {
      stream.end(retryHint());
      return () => {};
    }
    this.#streams.add(stream);
    return () => {
      this.#streams.delete(stream);
    };
  }

  /**
   * Ends every open stream, each asking its client to reconnect after 1 to 5 s (to another
   * instance, or this one restarted), and closes the LISTEN connection. The plugin calls it in
   * preClose: an open stream would otherwise keep the HTTP server from closing.
   */
  async close(): Promise<void> {
    this.#closed = true;
    const streams = [...this.#streams];
    this.#streams.clear();
    for (const stream of streams) {
      try {
        stream.end(retryHint());
      } catch (err) {
        this.#log.warn({ err }, 'auction event stream not ended cleanly');
      }
    }
    this.#stopListening();
    if (this.#ownsListener) await this.#listener?.stop();
  }

  #receive(text: string): void {
    const space = text.indexOf(' ');
    if (space <= 0) return;
    const auctionId = text.slice(0, space);
    // Another schema's, or an auction nobody here watches: not even parsed.
    if (!this.#subscribers.has(auctionId)) return;
    let body: { event?: unknown; version?: unknown; auction?: unknown };
    try {
      body = JSON.parse(text.slice(space + 1));
    } catch (err) {
      this.#log.warn({ err, auctionId }, 'unreadable auction event');
      return;
    }
    const { event, version, auction } = body;
    if (!isEventName(event) || typeof version !== 'number' || typeof auction !== 'object' || auction === null) {
      this.#log.warn({ auctionId }, 'unreadable auction event');
      return;
    }
    // On the next turn, like on SQLite: a bid's own answer, due in this same turn, goes out first.
    const message = { auctionId, event, version, auction: auction as PublicAuction };
    setImmediate(() => this.#deliver(message));
  }

  #deliver(message: AuctionEventMessage): void {
    const set = this.#subscribers.get(message.auctionId);
    if (!set) return;
    for (const subscriber of [...set]) {
      try {
        subscriber.listener(message);
      } catch (err) {
        this.#log.error({ err, auctionId: message.auctionId }, 'auction event listener failed');
      }
    }
  }

  #gap(): void {
    for (const [auctionId, set] of this.#subscribers)
      for (const subscriber of [...set]) {
        try {
          subscriber.onGap?.();
        } catch (err) {
          this.#log.error({ err, auctionId }, 'auction event resync failed');
        }
      }
  }
}

const isEventName = (value: unknown): value is AuctionEventName =>
  typeof value === 'string' && (AUCTION_EVENTS as readonly string[]).includes(value);

const retryHint = () => RETRY_MIN_MS + Math.floor(Math.random() * RETRY_SPREAD_MS);
