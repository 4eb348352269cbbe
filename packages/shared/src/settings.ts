import { z } from 'zod';

/**
 * Site settings: the schemas and types (settings-schema.ts) and the defaults and merging
 * (settings-defaults.ts, zod-free so the storefront's first load carries no zod), under one name.
 * The two modules are apart so that the defaults can use the types without an import cycle.
 */
export {
  COMPANY_NAME_REQUIRED,
  HOURS_BOTH_OR_NEITHER,
  HOURS_CLOSE_AFTER_OPEN,
  MEDIA_UPLOAD_REQUIRED,
  OWN_MEDIA_PATH,
  publicSettingsSchema,
  type PublicSettings,
  type Settings,
  settingsSchema,
  storedSettingsSchema,
} from './settings-schema.ts';
export { DEFAULT_BUSINESS_HOURS, EMPTY_SETTINGS, mergeSettings, toPublicSettings } from './settings-defaults.ts';

export const mediaUploadResponseSchema = z.object({ url: z.string() });
