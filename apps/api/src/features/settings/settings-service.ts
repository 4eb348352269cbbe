import { createHash } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import { SETTINGS_CACHE_MS } from '@vm/shared/constants';
import { type PublicSettings, type Settings, toPublicSettings } from '@vm/shared/settings';
import type { DatabaseNotifications } from '../../db/notifications.ts';
import type { DB } from '../../db/schema.ts';
import type { FileStorage } from '../images/local-storage.ts';
import { mediaUrl } from '../images/media-urls.ts';
import { checkNewMedia, removeReplacedMedia } from './settings-media-service.ts';
import { readSettings, writeSettings } from './settings-repository.ts';

/** The public settings' part of an ETag: a digest of the copy, made once per copy. */
const settingsTags = new WeakMap<PublicSettings, string>();
export function settingsTag(settings: PublicSettings): string {
  let tag = settingsTags.get(settings);
  if (tag === undefined) {
    tag = createHash('sha256').update(JSON.stringify(settings)).digest('base64url').slice(0, 16);
    settingsTags.set(settings, tag);
  }
  return tag;
}

export type PublicSettingsCache = ReturnType<typeof createPublicSettingsCache>;

/** The NOTIFY channel telling every instance that the settings changed (decision 128). */
export const SETTINGS_CHANNEL = 'settings_changed';
/**
 * With other instances (PostgreSQL), the copy is also re-read at least this often, a safety net
 * for a notification lost while the LISTEN connection was down and not yet back.
 */
export const SHARED_SETTINGS_MAX_AGE_MS = 30_000;

/**
 * Public settings are read on every storefront page: cached for 5 minutes, dropped on save. Their
 * media addresses are on MEDIA_PUBLIC_URL when it is set (media-urls.ts); the admin's settings
 * keep the stored /uploads/ paths, which a save checks.
 *
 * On PostgreSQL (`notifications` given) several instances keep a copy each: a save NOTIFYs every
 * instance (this one included) to drop its copy, a reconnected LISTEN connection drops it too,
 * and a copy is never older than 30 s (docs/decisions/128-shared-state.md). The channel is the
 * database's: a save in another schema (another deployment on the same server) costs one re-read.
 */
export function createPublicSettingsCache(db: Kysely<DB>, notifications?: DatabaseNotifications) {
  let cached: { value: PublicSettings; at: number } | null = null;
  // Moves on with every drop, so a read that started before a drop does not keep its old answer.
  let generation = 0;
  const maxAge = notifications ? SHARED_SETTINGS_MAX_AGE_MS : SETTINGS_CACHE_MS;
  const drop = () => {
    cached = null;
    generation++;
  };
  notifications?.listen(SETTINGS_CHANNEL, { payload: drop, reconnected: drop });
  return {
    async get(): Promise<PublicSettings> {
      if (cached && Date.now() - cached.at < maxAge) return cached.value;
      const started = generation;
      const settings = toPublicSettings(await readSettings(db));
      const media = settings.media;
      const value = {
        ...settings,
        media: {
          ...media,
          logo: mediaUrl(media.logo),
          heroImage: mediaUrl(media.heroImage),
          favicon: mediaUrl(media.favicon),
        },
      };
      if (started === generation) cached = { value, at: Date.now() };
      return value;
    },
    /** Drops the copy here and, on PostgreSQL, on every other instance (after the write committed). */
    async invalidate(): Promise<void> {
      drop();
      if (notifications) await sql`select pg_notify(${SETTINGS_CHANNEL}, current_schema())`.execute(db);
    },
  };
}

/** Every setting, for the admin settings form. */
export function allSettings(db: Kysely<DB>): Promise<Settings> {
  return readSettings(db);
}

/**
 * Saves the settings (already checked by settingsSchema) and drops the cached public copy, so the
 * storefront shows them at once. A changed media url must be a file uploaded here; the files of
 * media replaced or cleared are removed once the new settings are stored
 * (docs/product-rules.md#settings).
 */
export async function saveSettings(
  db: Kysely<DB>,
  storage: FileStorage,
  publicSettings: PublicSettingsCache,
  settings: Settings,
): Promise<Settings> {
  const before = await readSettings(db);
  await checkNewMedia(storage, before, settings);
  await writeSettings(db, settings);
  await publicSettings.invalidate();
  await removeReplacedMedia(storage, before, settings);
  return readSettings(db);
}
