import { z } from 'zod';

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
