import { DEFAULT_NOTIFICATION_PREFS, type NotificationPrefs } from '@vm/shared/user';

/**
 * Stored notification preferences (users.notification_prefs, JSON) with the defaults for any
 * missing one. Here rather than in a feature: the user's answer, the outbox (whether an email is
 * wanted), unsubscribe links and saved searches all read them.
 */
export function parseNotificationPrefs(raw: string): NotificationPrefs {
  try {
    const value = JSON.parse(raw) as Partial<NotificationPrefs>;
    return { ...DEFAULT_NOTIFICATION_PREFS, ...value };
  } catch {
    return { ...DEFAULT_NOTIFICATION_PREFS };
  }
}
