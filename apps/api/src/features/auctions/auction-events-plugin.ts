import fp from 'fastify-plugin';
import type { Database } from '../../db/database.ts';
import type { DatabaseNotifications } from '../../db/notifications.ts';
import { AuctionEvents } from './auction-events.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The auctions' live updates (auction-events.ts): publish after a commit, subscribe per auction. */
    auctionEvents: AuctionEvents;
  }
}

/**
 * Decorates the app with its auction event hub. Its open streams are ended in preClose, before the
 * HTTP server closes: Fastify's close waits for every connection, and an event stream never ends
 * by itself. The LISTEN connection (PostgreSQL) closes with them.
 */
export const auctionEventsPlugin = fp<{ database: Database; notifications?: DatabaseNotifications | undefined }>(
  async (app, { database, notifications }) => {
    const events = new AuctionEvents({
      db: database.db,
      dialect: database.dialect,
      notifications,
      listenClient: database.listenClient,
      log: app.log,
    });
    app.decorate('auctionEvents', events);
    app.addHook('preClose', async () => {
      await events.close();
    });
  },
  { name: 'auction-events' },
);
