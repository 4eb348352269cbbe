import type { Weekday } from './constants.ts';
import type { PublicSettings, Settings } from './settings-schema.ts';

/**
 * Settings defaults and merging, without zod: the public layout needs these on every page, and
 * the zod schemas of settings.ts would add their weight to the storefront's first load.
 */
export const DEFAULT_BUSINESS_HOURS: Record<Weekday, { open: string; close: string }> = {
  monday: { open: '09:00', close: '18:00' },
  tuesday: { open: '09:00', close: '18:00' },
  wednesday: { open: '09:00', close: '18:00' },
  thursday: { open: '09:00', close: '18:00' },
  friday: { open: '09:00', close: '18:00' },
  saturday: { open: '10:00', close: '16:00' },
  sunday: { open: '', close: '' },
};

export const EMPTY_SETTINGS: Settings = {
  company: { name: '', description: '', address: '', city: '', state: '', zipCode: '', country: '' },
  contact: { phone: '', email: '', website: '', businessHours: DEFAULT_BUSINESS_HOURS },
  media: { logo: '', heroImage: '', favicon: '' },
  social: { facebook: '', twitter: '', instagram: '', linkedin: '', youtube: '' },
  seo: { metaTitle: '', metaDescription: '', metaKeywords: '', googleAnalyticsId: '', googleTagManagerId: '' },
  googleBusiness: { apiKey: '', placeId: '', reviewsEnabled: false },
  parts: [],
  // Empty: every active SuperAdmin gets the staff notices (docs/product-rules.md#notifications).
  notifications: { staffEmails: [] },
};

type Plain = Record<string, unknown>;
const isPlain = (v: unknown): v is Plain => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Merges loaded settings over defaults: nulls and wrong types are ignored and the default kept,
 * unknown keys are dropped (ENTITY-43..45).
 */
export function mergeSettings<T extends Plain>(defaults: T, loaded: unknown): T {
  if (!isPlain(loaded)) return structuredClone(defaults);
  const out: Plain = {};
  for (const [key, def] of Object.entries(defaults)) {
    const value = loaded[key];
    if (isPlain(def)) out[key] = mergeSettings(def, value);
    else if (value === null || value === undefined) out[key] = structuredClone(def);
    else if (Array.isArray(def)) out[key] = Array.isArray(value) ? value : structuredClone(def);
    else if (typeof value === typeof def) out[key] = value;
    else out[key] = structuredClone(def);
  }
  return out as T;
}

/** Settings without their secrets: the Google Business API key and the staff notice recipients. */
export function toPublicSettings(s: Settings): PublicSettings {
  const { notifications: _private, ...rest } = s;
  return {
    ...rest,
    googleBusiness: { placeId: s.googleBusiness.placeId, reviewsEnabled: s.googleBusiness.reviewsEnabled },
  };
}
