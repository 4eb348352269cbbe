import { z } from 'zod';
import { lenientInt } from './common.ts';

/**
 * The notification preferences that emails can be switched off by, with the words an email and
 * the unsubscribe page use for them (docs/decisions/114-email-outbox.md).
 */
export const EMAIL_PREFERENCES = {
  priceChanges: 'price drop emails',
  watchlistUpdates: 'watchlist updates',
  newMatches: 'saved search alerts',
} as const;
export type EmailPreference = keyof typeof EMAIL_PREFERENCES;

export const UNSUBSCRIBE_MESSAGES = {
  invalidLink: 'This unsubscribe link is not valid. Turn emails off from your account page instead.',
  done: (label: string) => `You will no longer receive ${label}.`,
};

/** `?token=` of an unsubscribe link: user id, preference and signature, dot-separated. */
export const unsubscribeQuerySchema = z.strictObject({
  token: z.string().trim().min(1, UNSUBSCRIBE_MESSAGES.invalidLink).max(200, UNSUBSCRIBE_MESSAGES.invalidLink),
});

export const unsubscribeInfoSchema = z.object({
  preference: z.enum(Object.keys(EMAIL_PREFERENCES) as [EmailPreference, ...EmailPreference[]]),
  label: z.string(),
  email: z.string(),
});
export type UnsubscribeInfo = z.infer<typeof unsubscribeInfoSchema>;

export const unsubscribeResultSchema = unsubscribeInfoSchema.extend({ message: z.string() });

// ——— The back office's "Sent emails" screen (SuperAdmin only, docs/decisions/114-email-outbox.md) ———

/** An outbox row's states: waiting, being sent, sent (or written as an .eml file), given up after its retries. */
export const EMAIL_STATUSES = ['queued', 'sending', 'sent', 'failed'] as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];
export const SENT_EMAILS_PAGE_SIZE = 20;

export const SENT_EMAIL_MESSAGES = {
  superAdminOnly: 'Only a SuperAdmin can see sent emails',
  notFound: 'Email not found',
  fileMissing: 'This email has no .eml file',
  notFailed: 'Only a failed email can be sent again, and not one whose one-time link is no longer kept',
  unknownStatus: 'Unknown email status',
};

/** The list's query: page, page size and an optional status; nonsense numbers fall back to defaults. */
export const sentEmailListQuerySchema = z.object({
  status: z
    .string()
    .optional()
    .transform((v) => (v?.trim() ? v.trim().toLowerCase() : undefined))
    .pipe(z.enum(EMAIL_STATUSES, { error: SENT_EMAIL_MESSAGES.unknownStatus }).optional()),
  page: lenientInt(1, 1, 1_000_000),
  limit: lenientInt(SENT_EMAILS_PAGE_SIZE, 1, 100),
});
export type SentEmailListQuery = z.infer<typeof sentEmailListQuerySchema>;

export const sentEmailSchema = z.object({
  id: z.string(),
  /** The template's name (EMAIL_TEMPLATES on the server), shown while there is no subject yet. */
  template: z.string(),
  recipient: z.string(),
  /** Empty until the email is rendered for sending. */
  subject: z.string(),
  status: z.enum(EMAIL_STATUSES),
  attempts: z.number(),
  lastError: z.string(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  /** Written as an .eml file under DATA_DIR/mail (no SMTP_URL): it can be shown and downloaded. */
  hasFile: z.boolean(),
});
export type SentEmail = z.infer<typeof sentEmailSchema>;

export const emailStatusCountsSchema = z.object({
  queued: z.number(),
  sending: z.number(),
  sent: z.number(),
  failed: z.number(),
});
export type EmailStatusCounts = z.infer<typeof emailStatusCountsSchema>;

export const sentEmailListResponseSchema = z.object({
  emails: z.array(sentEmailSchema),
  totalEmails: z.number(),
  totalPages: z.number(),
  page: z.number(),
  /** The whole outbox by status, whatever the filter. */
  counts: emailStatusCountsSchema,
});
export type SentEmailListResponse = z.infer<typeof sentEmailListResponseSchema>;

/** What the .eml file holds, parsed: null when the email has no file (sent by SMTP, or not sent yet). */
export const sentEmailContentSchema = z.object({
  from: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  /** The HTML part; the screen shows it in a sandboxed frame. */
  html: z.string().nullable(),
});
export type SentEmailContent = z.infer<typeof sentEmailContentSchema>;

export const sentEmailDetailSchema = z.object({
  email: sentEmailSchema,
  content: sentEmailContentSchema.nullable(),
});
export type SentEmailDetail = z.infer<typeof sentEmailDetailSchema>;
