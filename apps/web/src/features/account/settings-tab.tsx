import { ACCOUNT_MESSAGE_MS } from '@vm/shared/constants';
import type { NotificationPrefs, User } from '@vm/shared/user';
import { type FormEvent, useState } from 'react';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { ACCOUNT_MESSAGES } from './account-messages';
import { useUpdateProfile } from './api/account';
import { DeleteAccountSection } from './delete-account-section';
import { SectionCard } from './section-card';
import { useTimedMessage } from './use-timed-message';

const PREFERENCES: { key: keyof NotificationPrefs; label: string; description: string }[] = [
  { key: 'watchlistUpdates', label: 'Watchlist updates', description: 'News about vehicles on your watchlist.' },
  { key: 'newMatches', label: 'New matching vehicles', description: 'When new listings match what you watch.' },
  { key: 'priceChanges', label: 'Price changes', description: 'When a watched vehicle changes price.' },
  { key: 'publicWatchlist', label: 'Public watchlist', description: 'Let others see the vehicles you watch.' },
  { key: 'showContact', label: 'Show contact information', description: 'Share your phone and email with sellers.' },
];

/** Settings tab: notification and privacy preferences that are saved and restored (ACCOUNT-12, ACCOUNT-13). */
export function SettingsTab({ user, onAccountDeleted }: { user: User; onAccountDeleted: () => Promise<void> }) {
  const [prefs, setPrefs] = useState<NotificationPrefs>(user.notificationPrefs);
  const update = useUpdateProfile(user.id);
  const [message, showMessage] = useTimedMessage(ACCOUNT_MESSAGE_MS);
  const dirty = PREFERENCES.some(({ key }) => prefs[key] !== user.notificationPrefs[key]);

  const save = (event: FormEvent) => {
    event.preventDefault();
    showMessage(null);
    // The profile call requires the names and would clear an omitted phone, so the current values go along.
    update.mutate(
      {
        firstName: user.firstName,
        lastName: user.lastName,
        phone: user.phone,
        address: user.address,
        notificationPrefs: prefs,
      },
      {
        onSuccess: () => showMessage({ tone: 'success', text: ACCOUNT_MESSAGES.prefsSaved }),
        onError: () => showMessage({ tone: 'error', text: ACCOUNT_MESSAGES.prefsFailed }),
      },
    );
  };

  return (
    <div className="space-y-6">
      <SectionCard title="Notifications and privacy" description="Choose what we send you and what others see.">
        <form onSubmit={save} className="space-y-4">
          {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}
          <fieldset className="space-y-3">
            <legend className="sr-only">Preferences</legend>
            {PREFERENCES.map(({ key, label, description }) => (
              <label
                key={key}
                className="flex cursor-pointer items-start gap-3 rounded-lg border border-slate-200 p-3 hover:bg-slate-50"
              >
                <input
                  type="checkbox"
                  checked={prefs[key]}
                  onChange={(e) => setPrefs((p) => ({ ...p, [key]: e.target.checked }))}
                  className="mt-0.5 h-4 w-4 rounded border-slate-300 accent-brand-600"
                />
                <span>
                  <span className="block text-sm font-medium text-slate-800">{label}</span>
                  <span className="block text-xs text-slate-500">{description}</span>
                </span>
              </label>
            ))}
          </fieldset>
          <div className="flex flex-wrap items-center gap-3">
            <Button type="submit" disabled={update.isPending || !dirty}>
              {update.isPending ? 'Saving...' : 'Save preferences'}
            </Button>
            {!dirty && !update.isPending ? <span className="text-sm text-slate-500">No unsaved changes</span> : null}
          </div>
        </form>
      </SectionCard>
      <DeleteAccountSection onDeleted={onAccountDeleted} />
    </div>
  );
}
