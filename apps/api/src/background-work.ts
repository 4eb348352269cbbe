import type { FastifyInstance } from 'fastify';

/**
 * The work the server does besides answering requests, started by server.ts once it listens
 * (tests call the same pieces directly): the outbox sender (features/email/outbox-sender.ts).
 * Returns a stop that waits for work under way.
 */
export function startBackgroundWork(app: FastifyInstance): () => Promise<void> {
  app.outbox.start();
  return async () => {
    await app.outbox.stop();
  };
}
