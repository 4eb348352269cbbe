import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import nodemailer, { type SendMailOptions } from 'nodemailer';

/** One rendered email, ready for the wire. */
export interface MailMessage {
  /** The outbox row's id: the Message-ID and the .eml file are named after it. */
  id: string;
  from: { name: string; address: string } | string;
  to: string;
  subject: string;
  html: string;
  text: string;
  headers: Record<string, string>;
  messageId: string;
}

export interface MailTransport {
  /** Sends the message, or writes it as a file; throws with the server's reason when it cannot. */
  send(message: MailMessage): Promise<{ fileName: string | null }>;
  close(): void;
  readonly kind: 'smtp' | 'files';
}

/** How long an SMTP server may take before the attempt counts as failed and is retried later. */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/**
 * SMTP through nodemailer when SMTP_URL is set (smtps:// for TLS from the start); otherwise each
 * message is written as an .eml file under DATA_DIR/mail, which the back office's "Sent emails"
 * screen lists, so a newcomer sees email work without a mail server (docs/decisions/114-email-outbox.md).
 */
export function createMailTransport(options: { smtpUrl: string | undefined; mailDir: string }): MailTransport {
  if (options.smtpUrl) {
    const smtp = nodemailer.createTransport({ url: options.smtpUrl, ...SMTP_TIMEOUTS });
    return {
      kind: 'smtp',
      async send(message) {
        await smtp.sendMail(toNodemailer(message));
        return { fileName: null };
      },
      close: () => smtp.close(),
    };
  }
  const files = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'files',
    async send(message) {
      const info = await files.sendMail(toNodemailer(message));
      // Reset links are in these files: readable by the server's user only.
      mkdirSync(options.mailDir, { recursive: true, mode: 0o700 });
      const fileName = `${message.id}.eml`;
      writeFileSync(path.join(options.mailDir, fileName), info.message as Buffer, { mode: 0o600 });
      return { fileName };
    },
    close: () => files.close(),
  };
}

function toNodemailer(message: MailMessage): SendMailOptions {
  return {
    from: message.from,
    to: message.to,
    subject: message.subject,
    html: message.html,
    text: message.text,
    headers: message.headers,
    messageId: message.messageId,
  };
}
