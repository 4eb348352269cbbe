import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AuctionDeps } from './auction-service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** What the auction service needs: the database, the server's clock, links, and the live events hub. */
    auctions: AuctionDeps;
  }
}

/**
 * Gives the auction service its dependencies once per app (docs/decisions/125-auctions.md). The
 * clock is `app.now` (app.ts), which tests replace to move time; events go to the hub of
 * auction-events.ts, in process on SQLite and through LISTEN/NOTIFY on PostgreSQL.
 */
export const auctionsPlugin = fp(async (app: FastifyInstance) => {
  app.decorate('auctions', {
    db: app.db,
    dialect: app.dialect,
    now: () => app.now(),
    publicUrl: app.config.publicUrl,
    publish: (message) => app.auctionEvents.publish(message),
  } satisfies AuctionDeps);
});
