import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { type AddressObject, simpleParser } from 'mailparser';
import {
  EMAIL_STATUSES,
  type EmailStatusCounts,
  SENT_EMAIL_MESSAGES,
  type SentEmail,
  type SentEmailContent,
  type SentEmailDetail,
  type SentEmailListQuery,
  type SentEmailListResponse,
} from '@vm/shared/email';
import { totalPages } from '@vm/shared/pagination';
import type { DB } from '../../db/schema.ts';
import { conflict, forbidden, notFound } from '../../lib/http-errors.ts';
import {
  countOutboxByStatus,
  findOutboxRow,
  listOutboxRows,
  type OutboxRow,
  requeueFailedOutboxRow,
} from './outbox-repository.ts';
import { toSentEmail } from './sent-email-mapper.ts';

/*
 * The back office's "Sent emails" screen (docs/decisions/114-email-outbox.md): the outbox, newest
 * first, with the .eml files written under DATA_DIR/mail when no SMTP_URL is set. Only a
 * SuperAdmin sees it: the emails hold password reset links and buyers' messages.
 */

/** The names the file transport gives its files (mail-transport.ts): the outbox row's UUID and .eml. */
const EML_FILE_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.eml$/i;
/** Larger files are offered for download but not parsed for the screen. */
const MAX_PARSED_BYTES = 5 * 1024 * 1024;

/** The screen is a SuperAdmin's (docs/product-rules.md#authorization); an Admin gets a 403. */
export function requireSuperAdmin(caller: { isSuperAdmin: boolean }): void {
  if (!caller.isSuperAdmin) throw forbidden(SENT_EMAIL_MESSAGES.superAdminOnly);
}

/** One page of the outbox with its totals, and the whole outbox's counts by status. */
export async function sentEmailPage(db: Kysely<DB>, query: SentEmailListQuery): Promise<SentEmailListResponse> {
  const { rows, total } = await listOutboxRows(db, query);
  const counts = Object.fromEntries(EMAIL_STATUSES.map((s) => [s, 0])) as EmailStatusCounts;
  for (const { status, n } of await countOutboxByStatus(db)) {
    if (status in counts) counts[status as keyof EmailStatusCounts] = n;
  }
  return {
    emails: rows.map(toSentEmail),
    totalEmails: total,
    totalPages: totalPages(total, query.limit),
    page: query.page,
    counts,
  };
}

async function existingRow(db: Kysely<DB>, id: string): Promise<OutboxRow> {
  const row = await findOutboxRow(db, id);
  if (!row) throw notFound(SENT_EMAIL_MESSAGES.notFound);
  return row;
}

/**
 * The path of a row's .eml file. The name comes from the row, never from the request, and must
 * be a plain `<uuid>.eml`, so no stored value can point outside the mail folder.
 */
function emlPath(mailDir: string, row: OutboxRow): string | undefined {
  if (!row.file_name || !EML_FILE_NAME.test(row.file_name)) return undefined;
  return path.join(mailDir, row.file_name);
}

async function readIfPresent(file: string, maxBytes = Number.POSITIVE_INFINITY): Promise<Buffer | undefined> {
  try {
    const info = await stat(file);
    if (!info.isFile() || info.size > maxBytes) return undefined;
    return await readFile(file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
}

const addresses = (value: AddressObject | AddressObject[] | undefined): string =>
  (Array.isArray(value) ? value : value ? [value] : []).map((a) => a.text).join(', ');

/** One email, with the text and HTML of its .eml file when it has one that can be read. */
export async function sentEmailDetail(db: Kysely<DB>, mailDir: string, id: string): Promise<SentEmailDetail> {
  const row = await existingRow(db, id);
  const file = emlPath(mailDir, row);
  const source = file ? await readIfPresent(file, MAX_PARSED_BYTES) : undefined;
  let content: SentEmailContent | null = null;
  if (source) {
    const mail = await simpleParser(source, { skipImageLinks: true, skipTextToHtml: true, skipTextLinks: true });
    content = {
      from: addresses(mail.from),
      to: addresses(mail.to),
      subject: mail.subject ?? '',
      text: mail.text ?? '',
      html: typeof mail.html === 'string' ? mail.html : null,
    };
  }
  return { email: toSentEmail(row), content };
}

/** The .eml file of one email, as written, for download. */
export async function sentEmailFile(
  db: Kysely<DB>,
  mailDir: string,
  id: string,
): Promise<{ fileName: string; bytes: Buffer }> {
  const row = await existingRow(db, id);
  const file = emlPath(mailDir, row);
  const bytes = file ? await readIfPresent(file) : undefined;
  if (!file || !bytes) throw notFound(SENT_EMAIL_MESSAGES.fileMissing);
  return { fileName: path.basename(file), bytes };
}

/**
 * "Send again": a failed email goes back in the queue, due now, with a fresh round of attempts;
 * the outbox sender picks it up on its next pass. Any other status is a 409.
 */
export async function retrySentEmail(db: Kysely<DB>, id: string): Promise<SentEmail> {
  const requeued = await requeueFailedOutboxRow(db, id);
  const row = await existingRow(db, id);
  if (!requeued) throw conflict(SENT_EMAIL_MESSAGES.notFailed);
  return toSentEmail(row);
}
