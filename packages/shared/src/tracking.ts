import { z } from 'zod';
import { DIRECT_REFERRER } from './constants.ts';

export { DIRECT_REFERRER };

/** POST /tracking/page-visit: the path visited and where the visitor came from. */
export const pageVisitBodySchema = z.strictObject({
  page: z.string({ error: 'Page is required' }).trim().min(1, 'Page is required').max(500, 'Page is too long'),
  referrer: z
    .string()
    .trim()
    .max(2000, 'Referrer is too long')
    .optional()
    .transform((v) => (v ? v : DIRECT_REFERRER)),
});
export type PageVisitBody = z.input<typeof pageVisitBodySchema>;
