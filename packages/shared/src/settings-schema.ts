/**
 * The site settings' schemas and types. The zod-free defaults (settings-defaults.ts) take their
 * types from here; settings.ts offers both under one name.
 */
import { z } from 'zod';
import { phoneFieldSchema } from './common.ts';
import {
  META_DESCRIPTION_MAX,
  META_TITLE_MAX,
  type MediaKind,
  STAFF_EMAILS_MAX,
  WEEKDAYS,
  type Weekday,
} from './constants.ts';

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
export const MEDIA_UPLOAD_REQUIRED = 'Upload the file to set it';
/** A stored media path as it may have been saved before issue #20: an uploads path or an http(s) URL. */
const storedMediaPath = z
  .string()
  .trim()
  .max(500)
  .refine((v) => v === '' || v.startsWith('/uploads/') || /^https?:\/\//i.test(v), MEDIA_UPLOAD_REQUIRED);

/**
 * Where this site's own media uploads live (settings-media-service.ts): `media/<kind>-<id>.<ext>`,
 * the hero image as `media/heroImage-<id>-<width>.webp` (its largest width is the stored url).
 */
export const OWN_MEDIA_PATH: Record<MediaKind, RegExp> = {
  logo: /^\/uploads\/media\/logo-[A-Za-z0-9-]+\.(png|jpg|webp|avif|gif|ico)$/,
  heroImage: /^\/uploads\/media\/heroImage-[A-Za-z0-9-]+-\d+\.webp$/,
  favicon: /^\/uploads\/media\/favicon-[A-Za-z0-9-]+\.(png|ico)$/,
};
/** A media field on save: empty, or a file uploaded to this site for that field (docs/product-rules.md#settings). */
const ownMediaPath = (kind: MediaKind) =>
  z
    .string()
    .trim()
    .max(500)
    .refine((v) => v === '' || OWN_MEDIA_PATH[kind].test(v), MEDIA_UPLOAD_REQUIRED);

const dayHours = z.strictObject({ open: time, close: time });
export const HOURS_BOTH_OR_NEITHER = 'Give both the opening and the closing time, or neither';
export const HOURS_CLOSE_AFTER_OPEN = 'The closing time must be after the opening time';
/** One day's hours on save: both times or neither (closed), and closing after opening. */
const checkedDayHours = dayHours.superRefine(({ open, close }, ctx) => {
  if ((open === '') !== (close === ''))
    ctx.addIssue({ code: 'custom', message: HOURS_BOTH_OR_NEITHER, path: [open === '' ? 'open' : 'close'] });
  else if (open !== '' && close <= open)
    ctx.addIssue({ code: 'custom', message: HOURS_CLOSE_AFTER_OPEN, path: ['close'] });
});

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

/**
 * The settings as stored and answered: the shape without the save rules below, so settings saved
 * before a rule existed still load (and the form shows what to fix).
 */
export const storedSettingsSchema = z.strictObject({
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
  media: z.strictObject({ logo: storedMediaPath, heroImage: storedMediaPath, favicon: storedMediaPath }),
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
export type Settings = z.infer<typeof storedSettingsSchema>;

export const COMPANY_NAME_REQUIRED = 'Company name is required';

/**
 * The settings a save must hold (PUT /api/settings and the Settings form; docs/product-rules.md#settings):
 * a company name; a phone like the contact form's; media only from this site's own uploads;
 * each day's hours both or neither, closing after opening.
 */
export const settingsSchema = storedSettingsSchema.extend({
  company: storedSettingsSchema.shape.company.extend({ name: text(120).min(1, COMPANY_NAME_REQUIRED) }),
  contact: storedSettingsSchema.shape.contact.extend({
    phone: phoneFieldSchema,
    businessHours: z.strictObject(
      Object.fromEntries(WEEKDAYS.map((d) => [d, checkedDayHours])) as Record<Weekday, typeof checkedDayHours>,
    ),
  }),
  media: z.strictObject({
    logo: ownMediaPath('logo'),
    heroImage: ownMediaPath('heroImage'),
    favicon: ownMediaPath('favicon'),
  }),
});

/**
 * What anyone may read: everything but the Google Business API key and the staff notice
 * recipients (docs/product-rules.md#settings).
 */
export const publicSettingsSchema = storedSettingsSchema.omit({ notifications: true }).extend({
  googleBusiness: z.object({ placeId: z.string(), reviewsEnabled: z.boolean() }),
});
export type PublicSettings = z.infer<typeof publicSettingsSchema>;
