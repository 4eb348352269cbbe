import type { Kysely } from 'kysely';
import { SETTINGS_CACHE_MS } from '@vm/shared/constants';
import { type PublicSettings, type Settings, toPublicSettings } from '@vm/shared/settings';
import type { DB } from '../../db/schema.ts';
import type { FileStorage } from '../images/local-storage.ts';
import { mediaUrl } from '../images/media-urls.ts';
import { checkNewMedia, removeReplacedMedia } from './settings-media-service.ts';
import { readSettings, writeSettings } from './settings-repository.ts';

export type PublicSettingsCache = ReturnType<typeof createPublicSettingsCache>;

/**
 * Public settings are read on every storefront page: cached for 5 minutes, dropped on save. Their
 * media addresses are on MEDIA_PUBLIC_URL when it is set (media-urls.ts); the admin's settings
 * keep the stored /uploads/ paths, which a save checks.
 */
export function createPublicSettingsCache(db: Kysely<DB>) {
  let cached: { value: PublicSettings; at: number } | null = null;
  return {
    async get(): Promise<PublicSettings> {
      if (cached && Date.now() - cached.at < SETTINGS_CACHE_MS) return cached.value;
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
      cached = { value, at: Date.now() };
      return value;
    },
    invalidate() {
      cached = null;
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
  publicSettings.invalidate();
  await removeReplacedMedia(storage, before, settings);
  return readSettings(db);
}
