import { z } from 'zod';
import { MSG } from './messages.ts';

/** Error body of every 4xx/5xx answer (docs/product-rules.md#errors). */
export const errorBodySchema = z.object({
  message: z.string(),
  errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

export const idParamSchema = z.strictObject({ id: z.string().min(1).max(200) });

export const sortOrderSchema = z.enum(['asc', 'desc'], { error: 'Sort order must be asc or desc' });
export type SortOrder = z.infer<typeof sortOrderSchema>;

/** A trimmed string that must not be empty, with the given message. */
export const requiredText = (message: string, max = 200) =>
  z.string({ error: message }).trim().min(1, message).max(max, `Must be at most ${max} characters`);

export const optionalText = (max = 200) =>
  z.string().trim().max(max, `Must be at most ${max} characters`).optional().default('');

export const emailSchema = z
  .string({ error: MSG.emailRequired })
  .trim()
  .min(1, MSG.emailRequired)
  .max(254, MSG.invalidEmail)
  .pipe(z.email({ error: MSG.invalidEmail }));

const PHONE_STRIP = /[\s\-()]/g;
const PHONE_RULE = /^\+?[1-9]\d{0,15}$/;
/** Phone rule (docs/product-rules.md#form-fields): strip spaces, dashes, parentheses; +?, 1-9, at most 16 digits. */
export function isValidPhone(phone: string): boolean {
  return PHONE_RULE.test(phone.replace(PHONE_STRIP, ''));
}
export const requiredPhoneSchema = z
  .string({ error: MSG.phoneRequired })
  .trim()
  .min(1, MSG.phoneRequired)
  .max(40, MSG.invalidPhone)
  .refine(isValidPhone, MSG.invalidPhone);
/** A phone that may be empty; absent stays absent (an update that leaves it out keeps the old one). */
export const phoneFieldSchema = z
  .string()
  .trim()
  .max(40, MSG.invalidPhone)
  .refine((v) => v === '' || isValidPhone(v), MSG.invalidPhone);
export const optionalPhoneSchema = phoneFieldSchema.optional().default('');

/** Query-string integer with a fallback for nonsense input: never rejects, clamps into range. */
export const lenientInt = (fallback: number, min: number, max: number) =>
  z
    .unknown()
    .optional()
    .transform((v) => {
      const n = typeof v === 'string' || typeof v === 'number' ? Number(v) : Number.NaN;
      if (!Number.isFinite(n)) return fallback;
      return Math.min(max, Math.max(min, Math.trunc(n)));
    });

/** Optional query-string number; nonsense becomes undefined. */
export const lenientOptionalNumber = z
  .unknown()
  .optional()
  .transform((v) => {
    if (v === undefined || v === null || v === '') return undefined;
    const n = Number(v);
    return Number.isFinite(n) ? n : undefined;
  });

/**
 * Optional query-string number within [min, max] (a whole number when `integer`); nonsense or a
 * value outside becomes undefined, so a filter never sends the database a number its column
 * type refuses (PostgreSQL answered 500 for year=1.5 or price=1e17: issue #21).
 */
export const lenientBoundedNumber = (min: number, max: number, { integer = false } = {}) =>
  lenientOptionalNumber.transform((n) =>
    n === undefined || n < min || n > max || (integer && !Number.isInteger(n)) ? undefined : n,
  );

/** Optional query-string text; empty becomes undefined. */
export const optionalQueryText = z
  .string()
  .max(200)
  .optional()
  .transform((v) => (v && v.trim() !== '' ? v.trim() : undefined));

export const successSchema = z.object({ success: z.literal(true), message: z.string().optional() });
