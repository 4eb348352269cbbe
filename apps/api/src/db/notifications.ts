import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';

/**
 * The one LISTEN connection of an instance on PostgreSQL (docs/decisions/128-shared-state.md):
 * every feature that must hear of another instance's writes (the auctions' live events, the
 * public settings copy) registers a channel here, and all of them share the connection. It opens
 * on `start()` (or the first `listen` after it), LISTENs to every registered channel, is opened
 * again with backoff when it drops (a PostgreSQL restart), and closes with the app. After a
 * reconnection each channel's `reconnected` runs: messages may have been missed meanwhile.
 * Channels belong to the database, not to a schema: a payload names what it is about, and a
 * handler drops what is not its own.
 */
export interface ChannelHandlers {
  payload: (text: string) => void;
  reconnected?: () => void;
}

/** Waits between attempts to (re)open the LISTEN connection: doubling from 250 ms up to 5 s. */
const FIRST_RECONNECT_MS = 250;
const MAX_RECONNECT_MS = 5_000;

export class DatabaseNotifications {
  #client: pg.Client | undefined;
  #started = false;
  #stopped = false;
  #timer: NodeJS.Timeout | undefined;
  #wait = FIRST_RECONNECT_MS;
  /** Attempts to open the connection so far: after the first, listeners may have missed messages. */
  #attempts = 0;
  #waiters: (() => void)[] = [];
  readonly #channels = new Map<string, Set<ChannelHandlers>>();

  constructor(
    private readonly newClient: () => pg.Client,
    private readonly log: FastifyBaseLogger,
  ) {}

  /**
   * Hands every notification on `channel` to `handlers` until the returned function is called.
   * A channel added while the connection is up is LISTENed to at once.
   */
  listen(channel: string, handlers: ChannelHandlers): () => void {
    if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`invalid channel name: ${channel}`);
    let set = this.#channels.get(channel);
    if (!set) {
      set = new Set();
      this.#channels.set(channel, set);
      this.#client?.query(`LISTEN ${channel}`).catch((err) => this.log.warn({ err, channel }, 'cannot LISTEN'));
    }
    set.add(handlers);
    return () => {
      set.delete(handlers);
    };
  }

  start(): void {
    if (this.#started || this.#stopped) return;
    this.#started = true;
    void this.#attempt();
  }

  /** Resolves when LISTEN is in place, or after `timeoutMs` if it cannot be yet. */
  listening(timeoutMs: number): Promise<void> {
    if (this.#client || this.#stopped) return Promise.resolve();
    return new Promise((resolve) => {
      const waiter = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        this.#waiters = this.#waiters.filter((w) => w !== waiter);
        resolve();
      }, timeoutMs);
      this.#waiters.push(waiter);
    });
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    clearTimeout(this.#timer);
    this.#release();
    const client = this.#client;
    this.#client = undefined;
    await client?.end().catch(() => {});
  }

  async #attempt(): Promise<void> {
    this.#attempts++;
    const client = this.newClient();
    // Errors after the connection is up arrive as events; without a listener they would crash the process.
    client.on('error', (err) => this.#lost(client, err));
    client.on('end', () => this.#lost(client));
    client.on('notification', (n) => {
      if (!n.payload) return;
      for (const handlers of [...(this.#channels.get(n.channel) ?? [])]) {
        try {
          handlers.payload(n.payload);
        } catch (err) {
          this.log.error({ err, channel: n.channel }, 'notification handler failed');
        }
      }
    });
    try {
      await client.connect();
      for (const channel of this.#channels.keys()) await client.query(`LISTEN ${channel}`);
    } catch (err) {
      client.end().catch(() => {});
      if (this.#stopped) return;
      this.log.warn({ err, retryInMs: this.#wait }, 'database notifications: cannot LISTEN yet');
      this.#retry();
      return;
    }
    if (this.#stopped) {
      await client.end().catch(() => {});
      return;
    }
    this.#client = client;
    this.#wait = FIRST_RECONNECT_MS;
    this.#release();
    if (this.#attempts > 1) {
      this.log.info('database notifications: LISTEN connection back');
      for (const set of this.#channels.values())
        for (const handlers of [...set]) {
          try {
            handlers.reconnected?.();
          } catch (err) {
            this.log.error({ err }, 'notification resync failed');
          }
        }
    }
  }

  #lost(client: pg.Client, err?: Error): void {
    if (this.#client !== client || this.#stopped) return;
    this.#client = undefined;
    this.log.warn({ err }, 'database notifications: LISTEN connection lost, reconnecting');
    client.end().catch(() => {});
    // Messages may be lost from now until LISTEN is back: the listeners hear of the gap then.
    this.#retry();
  }

  #retry(): void {
    if (this.#stopped || this.#timer) return;
    const wait = this.#wait;
    this.#wait = Math.min(this.#wait * 2, MAX_RECONNECT_MS);
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      void this.#attempt();
    }, wait);
    this.#timer.unref();
  }

  #release(): void {
    const waiters = this.#waiters;
    this.#waiters = [];
    for (const done of waiters) done();
  }
}
