import { Cron } from 'croner';
import type { FastifyInstance } from 'fastify';
import { runAuctionClock } from './features/auctions/auction-service.ts';
import { runAppSavedSearchAlerts } from './features/saved-searches/saved-search-alerts.ts';

/** Instant saved-search alerts: every 30 seconds, so a match is queued within a minute. */
export const INSTANT_ALERTS_SCHEDULE = '*/30 * * * * *';
/**
 * The auction clock: every second, so an auction shows its ended state, and its winner is
 * emailed, within a second of its end even when nobody reads it (docs/decisions/125-auctions.md).
 */
export const AUCTION_CLOCK_SCHEDULE = '* * * * * *';
/** The daily digest of saved-search alerts: 08:00 server time. */
export const DAILY_DIGEST_SCHEDULE = '0 0 8 * * *';

/**
 * The work the server does besides answering requests, started by server.ts once it listens
 * (tests call the same pieces directly): the outbox sender (features/email/outbox-sender.ts) and
 * the saved-search alerts on croner schedules (features/saved-searches/saved-search-alerts.ts;
 * safe with several instances: docs/decisions/115-saved-searches.md), and the auction clock
 * (features/auctions/auction-service.ts: each close is claimed under the auction's row lock, so
 * several instances close an auction once). Returns a stop that waits for work under way.
 */
export function startBackgroundWork(app: FastifyInstance): () => Promise<void> {
  app.outbox.start();
  const jobs = [
    scheduled(app, 'saved-search alerts', INSTANT_ALERTS_SCHEDULE, () =>
      runAppSavedSearchAlerts(app, { frequency: 'instant' }),
    ),
    scheduled(app, 'saved-search digest', DAILY_DIGEST_SCHEDULE, () =>
      runAppSavedSearchAlerts(app, { frequency: 'daily' }),
    ),
    scheduled(app, 'auction clock', AUCTION_CLOCK_SCHEDULE, () => runAuctionClock(app.auctions)),
  ];
  return async () => {
    await Promise.all(jobs.map((job) => job.stop()));
    await app.outbox.stop();
  };
}

/**
 * A croner job that never overlaps itself (`protect`), logs its failures instead of throwing,
 * and whose stop waits for a run under way.
 */
function scheduled(app: FastifyInstance, name: string, pattern: string, work: () => Promise<unknown>) {
  let running: Promise<unknown> | undefined;
  const job = new Cron(pattern, { protect: true, unref: true }, async () => {
    running = work().catch((err: unknown) => app.log.error({ err }, `${name} failed`));
    await running;
    running = undefined;
  });
  return {
    stop: async () => {
      job.stop();
      await running;
    },
  };
}
