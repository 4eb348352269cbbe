import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { PublicSettings } from '@vm/shared/settings';
import type { DB } from '../../db/schema.ts';
import { EMAIL_TEMPLATES, type EmailTemplateName } from './email-templates.ts';
import type { MailTransport } from './mail-transport.ts';
import { claimOutboxRow, finishOutboxRow, findDueOutboxIds, type OutboxRow } from './outbox-repository.ts';
import { renderEmail } from './render-email.tsx';
import type { EmailSite } from './templates/layout.tsx';
import { unsubscribeToken } from './unsubscribe-tokens.ts';

/** Attempts before an email is recorded as failed: about a day and a half of retries. */
export const MAX_ATTEMPTS = 8;
/** How long a claim lasts: a sender that stops mid-send leaves its row to another after this. */
export const CLAIM_MS = 5 * 60_000;
/** How often the sender looks for due emails while the server runs. */
const POLL_MS = 1000;
const ROWS_PER_PASS = 20;
const STOP_WAIT_MS = 3000;

/** The wait after a failed attempt: 30 s, 1 min, 2 min, ... at most 6 hours. */
export function retryDelayMs(attempt: number): number {
  return Math.min(30_000 * 2 ** (attempt - 1), 6 * 60 * 60_000);
}

export interface OutboxSenderOptions {
  db: Kysely<DB>;
  transport: MailTransport;
  /** Signs the one-click unsubscribe links. */
  secret: string;
  publicUrl: string;
  mailFrom: string;
  settings: () => Promise<PublicSettings>;
  log: FastifyBaseLogger;
}

/**
 * Delivers the outbox (docs/decisions/114-email-outbox.md): claims each due row, renders it with
 * the dealer's current settings, sends it, and records sent, or the error and the next attempt,
 * or failed after MAX_ATTEMPTS. A row is claimed by one conditional UPDATE, so several senders
 * (several instances on one PostgreSQL) never send it twice; a row whose sender stopped
 * mid-send is taken up again when its claim lapses, so a crash loses nothing.
 */
export class OutboxSender {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;

  constructor(private readonly options: OutboxSenderOptions) {}

  /** Sends every email due at `now`; resolves with how many were sent. */
  deliverDue(now: Date = new Date()): Promise<number> {
    // One pass at a time per sender; a caller arriving mid-pass waits for it (failed or not) and
    // then runs its own.
    const previous = this.running?.catch(() => 0) ?? Promise.resolve(0);
    const run = previous.then(() => this.pass(now));
    this.running = run;
    // A failed pass (the database away) is the caller's to handle: the poller logs it. The
    // bookkeeping must not leave a second, unhandled rejection behind, which would end the
    // process (server.ts exits on one).
    const clear = () => {
      if (this.running === run) this.running = undefined;
    };
    run.then(clear, clear);
    return run;
  }

  /** Set by stop(): a pass under way claims no further row (docs/decisions/127-operating-the-fleet.md). */
  private stopping = false;

  /** Polls for due emails until stop(). */
  start(): void {
    if (this.timer) return;
    this.stopping = false;
    const tick = () => {
      this.deliverDue()
        .catch((err: unknown) => this.options.log.error({ err }, 'outbox pass failed'))
        .finally(() => {
          if (this.timer) this.timer = setTimeout(tick, POLL_MS).unref();
        });
    };
    this.timer = setTimeout(tick, 0).unref();
  }

  /**
   * Stops polling, lets a pass under way finish the email it is sending (it claims no other), and
   * waits for it at most STOP_WAIT_MS: a mail server that hangs must not hold the shutdown. An
   * email cut off then is sent again once its claim lapses.
   */
  async stop(): Promise<void> {
    this.stopping = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    let waited: NodeJS.Timeout | undefined;
    await Promise.race([
      this.running?.catch(() => undefined),
      new Promise((resolve) => {
        waited = setTimeout(resolve, STOP_WAIT_MS);
      }),
    ]);
    clearTimeout(waited);
  }

  private async pass(now: Date): Promise<number> {
    const { db } = this.options;
    let sent = 0;
    for (;;) {
      const due = await findDueOutboxIds(db, now.toISOString(), ROWS_PER_PASS);
      let claimed = 0;
      for (const { id } of due) {
        // Stopping: the email being sent finishes, no other is claimed, so none is cut off after
        // its send and sent again by the next instance (a backlog of due rows at shutdown).
        if (this.stopping) return sent;
        const token = randomUUID();
        const row = await claimOutboxRow(db, id, {
          token,
          now: now.toISOString(),
          until: new Date(now.getTime() + CLAIM_MS).toISOString(),
        });
        if (!row) continue;
        claimed++;
        if (await this.send(row, token, now)) sent++;
      }
      if (due.length < ROWS_PER_PASS || claimed === 0) return sent;
    }
  }

  private async send(row: OutboxRow, claimToken: string, now: Date): Promise<boolean> {
    const { db, transport, log } = this.options;
    try {
      const name = row.template as EmailTemplateName;
      if (!(name in EMAIL_TEMPLATES)) throw new Error(`Unknown email template ${row.template}`);
      const settings = await this.options.settings();
      const site = this.site(settings);
      const preference = EMAIL_TEMPLATES[name].preference;
      const unsubscribeUrl =
        preference && row.user_id
          ? `${this.options.publicUrl}/unsubscribe?token=${unsubscribeToken(this.options.secret, row.user_id, preference)}`
          : undefined;
      const rendered = await renderEmail(name, JSON.parse(row.payload), { site, unsubscribeUrl });
      const headers: Record<string, string> = {};
      if (unsubscribeUrl) {
        // RFC 8058: mail clients POST "List-Unsubscribe=One-Click" to this address.
        headers['List-Unsubscribe'] = `<${unsubscribeUrl.replace('/unsubscribe?', '/api/unsubscribe?')}>`;
        headers['List-Unsubscribe-Post'] = 'List-Unsubscribe=One-Click';
      }
      const from = this.options.mailFrom.includes('<')
        ? this.options.mailFrom
        : { name: site.name, address: this.options.mailFrom };
      const { fileName } = await transport.send({
        id: row.id,
        from,
        to: row.recipient,
        subject: rendered.subject,
        html: rendered.html,
        text: rendered.text,
        headers,
        messageId: `<${row.id}@${new URL(this.options.publicUrl).hostname}>`,
      });
      await finishOutboxRow(
        db,
        row.id,
        claimToken,
        { status: 'sent', subject: rendered.subject, fileName },
        EMAIL_TEMPLATES[name].secret === true,
      );
      return true;
    } catch (err) {
      const error = err instanceof Error ? err.message : String(err);
      const attempts = Number(row.attempts);
      const template = EMAIL_TEMPLATES[row.template as EmailTemplateName] as { secret?: true } | undefined;
      log.warn({ err, emailId: row.id, attempts }, 'email not sent');
      await finishOutboxRow(
        db,
        row.id,
        claimToken,
        attempts >= MAX_ATTEMPTS
          ? { status: 'failed', error }
          : { status: 'queued', error, nextAttemptAt: new Date(now.getTime() + retryDelayMs(attempts)).toISOString() },
        attempts >= MAX_ATTEMPTS && template?.secret === true,
      );
      return false;
    }
  }

  private site(settings: PublicSettings): EmailSite {
    const { company, contact, media } = settings;
    const place = [company.address, company.city, company.state, company.zipCode].filter(Boolean).join(', ');
    return {
      name: company.name || 'Our dealership',
      publicUrl: this.options.publicUrl,
      logoUrl: media.logo ? new URL(media.logo, `${this.options.publicUrl}/`).toString() : undefined,
      address: place,
      phone: contact.phone,
      email: contact.email,
    };
  }
}
