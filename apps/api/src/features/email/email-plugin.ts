import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createMailTransport } from './mail-transport.ts';
import { OutboxSender } from './outbox-sender.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Delivers queued emails; server.ts starts it (background-work.ts), tests call deliverDue(). */
    outbox: OutboxSender;
  }
}

/** The mail transport and the outbox sender of this instance, closed with the app. */
export const emailPlugin = fp(async (app: FastifyInstance) => {
  const transport = createMailTransport({ smtpUrl: app.config.smtpUrl, mailDir: app.config.mailDir });
  const sender = new OutboxSender({
    db: app.db,
    transport,
    secret: app.config.jwtSecret,
    publicUrl: app.config.publicUrl,
    mailFrom: app.config.mailFrom,
    settings: () => app.publicSettings.get(),
    log: app.log,
  });
  app.decorate('outbox', sender);
  app.addHook('onClose', async () => {
    await sender.stop();
    transport.close();
  });
});
