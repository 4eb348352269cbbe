import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { amountText, vehicleUrl } from '../../lib/notice-text.ts';
import { queueEmail } from '../email/outbox.ts';
import { findNotifiableWatchers } from './admin-vehicle-repository.ts';
import type { VehicleRow } from './vehicle-mapper.ts';

/** The statuses that take a vehicle off sale and tell its watchers so. */
const ENDED_STATUSES = ['Sold', 'Archived'] as const;
type EndedStatus = (typeof ENDED_STATUSES)[number];
const isEnded = (status: string): status is EndedStatus => (ENDED_STATUSES as readonly string[]).includes(status);

/**
 * The watchers' notices of an admin's edit, queued in the edit's transaction
 * (docs/product-rules.md#notifications, docs/decisions/117-notices.md):
 * - the status became Sold or Archived from another status: watchedVehicleChange, to each
 *   watcher with watchlistUpdates on;
 * - otherwise, the price went down on a vehicle still for sale (not Sold, not Archived): priceDrop,
 *   to each watcher with priceChanges on.
 * A price rise, an unchanged price, or any other change sends nothing. Watchers whose account is
 * inactive or deleted are not emailed.
 */
export async function queueWatcherNotices(
  trx: Kysely<DB>,
  before: VehicleRow,
  after: VehicleRow,
  publicUrl: string,
): Promise<void> {
  const ended = isEnded(after.status) && !isEnded(before.status) ? after.status : undefined;
  const priceDropped = !isEnded(after.status) && Number(after.price_cents) < Number(before.price_cents);
  if (!ended && !priceDropped) return;
  const common = { vehicleTitle: after.title, vehicleUrl: vehicleUrl(publicUrl, after.slug) };
  for (const watcher of await findNotifiableWatchers(trx, after.id)) {
    const recipient = { to: watcher.email, userId: watcher.id };
    if (ended) {
      await queueEmail(
        trx,
        {
          template: 'watchedVehicleChange',
          ...recipient,
          data: { ...common, firstName: watcher.first_name, status: ended },
        },
        watcher.notification_prefs,
      );
    } else {
      await queueEmail(
        trx,
        {
          template: 'priceDrop',
          ...recipient,
          data: {
            ...common,
            firstName: watcher.first_name,
            oldPriceText: amountText(Number(before.price_cents)),
            newPriceText: amountText(Number(after.price_cents)),
          },
        },
        watcher.notification_prefs,
      );
    }
  }
}
