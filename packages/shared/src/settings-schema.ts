/**
 * The site settings' schemas and types. The zod-free defaults (settings-defaults.ts) take their
 * types from here; settings.ts offers both under one name.
 */
import { z } from 'zod';
import { META_DESCRIPTION_MAX, META_TITLE_MAX, STAFF_EMAILS_MAX, WEEKDAYS, type Weekday } from './constants.ts';

const text = (max = 300) => z.string().trim().max(max, `Must be at most ${max} characters`);
/** A URL field: empty, or an http(s) URL. */
const urlField = z
  .string()
  .trim()
  .max(500)
  .refine(
    (v) => v === '' || /^https?:\/\/[^\s]+$/i.test(v),
    'Please enter a valid URL starting with http:// or https://',
  );
const time = z
  .string()
  .trim()
  .refine((v) => v === '' || /^([01]\d|2[0-3]):[0-5]\d$/.test(v), 'Times are written as HH:MM');
/** A stored media path: an uploads path or an http(s) URL. */
const mediaPath = z
  .string()
  .trim()
  .max(500)
  .refine((v) => v === '' || v.startsWith('/uploads/') || /^https?:\/\//i.test(v), 'Upload the file to set it');

const dayHours = z.strictObject({ open: time, close: time });

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const INVALID_EMAIL = 'Please enter a valid email address';

/**
 * Who gets the staff notices (a new offer, a new inquiry): addresses stored in lower case, each
 * once; empty means every active SuperAdmin (docs/product-rules.md#notifications).
 */
const staffEmails = z
  .array(
    z
      .string()
      .trim()
      .toLowerCase()
      .max(254, INVALID_EMAIL)
      .refine((v) => EMAIL_SHAPE.test(v), INVALID_EMAIL),
  )
  .max(STAFF_EMAILS_MAX, `At most ${STAFF_EMAILS_MAX} addresses`)
  .refine((list) => new Set(list).size === list.length, 'Each address may be listed only once');

export const settingsSchema = z.strictObject({
  company: z.strictObject({
    name: text(120),
    description: text(1000),
    address: text(),
    city: text(100),
    state: text(100),
    zipCode: text(20),
    country: text(100),
  }),
  contact: z.strictObject({
    phone: text(40),
    email: z
      .string()
      .trim()
      .max(254)
      .refine((v) => v === '' || EMAIL_SHAPE.test(v), INVALID_EMAIL),
    website: urlField,
    businessHours: z.strictObject(
      Object.fromEntries(WEEKDAYS.map((d) => [d, dayHours])) as Record<Weekday, typeof dayHours>,
    ),
  }),
  media: z.strictObject({ logo: mediaPath, heroImage: mediaPath, favicon: mediaPath }),
  social: z.strictObject({
    facebook: urlField,
    twitter: urlField,
    instagram: urlField,
    linkedin: urlField,
    youtube: urlField,
  }),
  seo: z.strictObject({
    metaTitle: text(META_TITLE_MAX),
    metaDescription: text(META_DESCRIPTION_MAX),
    metaKeywords: text(500),
    googleAnalyticsId: text(40),
    googleTagManagerId: text(40),
  }),
  googleBusiness: z.strictObject({
    apiKey: text(200),
    placeId: text(200),
    reviewsEnabled: z.boolean(),
  }),
  parts: z
    .array(
      z.strictObject({
        label: text(120).min(1, 'Label is required'),
        url: urlField.refine((v) => v !== '', 'URL is required'),
        description: text(500),
      }),
    )
    .max(50),
  notifications: z.strictObject({ staffEmails }),
});
export type Settings = z.infer<typeof settingsSchema>;

/**
 * What anyone may read: everything but the Google Business API key and the staff notice
 * recipients (docs/product-rules.md#settings).
 */
export const publicSettingsSchema = settingsSchema.omit({ notifications: true }).extend({
  googleBusiness: z.object({ placeId: z.string(), reviewsEnabled: z.boolean() }),
});
export type PublicSettings = z.infer<typeof publicSettingsSchema>;
