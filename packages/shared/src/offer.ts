import { z } from 'zod';
import { lenientInt, optionalQueryText, sortOrderSchema } from './common.ts';
import { OFFER_DECISIONS, OFFER_SORT_FIELDS, OFFER_STATUSES, OFFERS_PAGE_SIZE, VEHICLE_STATUSES } from './constants.ts';
import { MSG } from './messages.ts';
import { isWholeCents } from './money.ts';
import { MAX_OFFER, queryMoney } from './vehicle.ts';

export const offerSchema = z.object({
  id: z.string(),
  amount: z.number(),
  status: z.enum(OFFER_STATUSES),
  message: z.string(),
  responseMessage: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** When the buyer last amended it (amount or message); null for an offer never amended. */
  amendedAt: z.string().nullable(),
  userId: z.string(),
  user: z.object({ id: z.string(), firstName: z.string(), lastName: z.string(), email: z.string() }),
  /**
   * The vehicle offered on. A deleted vehicle's offers stay in history with its title, year, make
   * and model as they were; its id and slug are then null (docs/product-rules.md#offers).
   */
  vehicle: z.object({
    id: z.string().nullable(),
    slug: z.string().nullable(),
    title: z.string(),
    year: z.number(),
    make: z.string(),
    model: z.string(),
  }),
});
export type Offer = z.infer<typeof offerSchema>;

export const offerBodySchema = z.strictObject({
  amount: z
    .number({ error: (issue) => (issue.input === undefined ? MSG.offerAmountRequired : MSG.offerAmountNotANumber) })
    .min(1, MSG.offerAmountMin)
    .max(MAX_OFFER, MSG.offerAmountTooLarge)
    .refine(isWholeCents, MSG.offerAmountWholeCents),
  message: z.string().trim().max(2000, 'Message must be at most 2000 characters long').optional().default(''),
});
export type OfferBody = z.input<typeof offerBodySchema>;

export const offerSubmitResponseSchema = z.object({ offer: offerSchema, isUpdate: z.boolean() });
export const offerListSchema = z.object({ offers: z.array(offerSchema) });

/** GET /users/me/offers: the buyer's own offers on every vehicle, most recently changed first. */
export const myOffersQuerySchema = z.object({
  page: lenientInt(1, 1, 1_000_000),
  limit: lenientInt(OFFERS_PAGE_SIZE, 1, 100),
});
export const myOffersResponseSchema = z.object({
  offers: z.array(
    offerSchema.extend({
      /** Whether the buyer may still amend it from the vehicle's page (an open or rejected offer on a vehicle for sale). */
      canAmend: z.boolean(),
      /**
       * The vehicle's status now, null once it has been deleted: the page of an Archived or
       * deleted vehicle is gone, so the list does not link to it.
       */
      vehicleStatus: z.enum(VEHICLE_STATUSES).nullable(),
    }),
  ),
  totalOffers: z.number(),
  totalPages: z.number(),
  page: z.number(),
});
export type MyOffer = z.infer<typeof myOffersResponseSchema>['offers'][number];

/** The API also reads "under review" with a space (docs/product-rules.md#offers). */
const offerStatusQuery = z
  .string()
  .optional()
  .transform((v) => (v ? v.trim().replace(' ', '_') : undefined))
  .pipe(z.enum(OFFER_STATUSES, { error: 'Unknown offer status' }).optional());

export const adminOfferListQuerySchema = z.object({
  status: offerStatusQuery,
  vehicleId: optionalQueryText,
  userId: optionalQueryText,
  minAmount: queryMoney,
  maxAmount: queryMoney,
  sortBy: z.enum(OFFER_SORT_FIELDS, { error: 'Unknown sort field' }).optional().default('createdAt'),
  sortOrder: sortOrderSchema.optional().default('desc'),
  page: lenientInt(1, 1, 1_000_000),
  limit: lenientInt(OFFERS_PAGE_SIZE, 1, 100),
});

export const adminOfferListResponseSchema = z.object({
  offers: z.array(offerSchema),
  totalOffers: z.number(),
  totalPages: z.number(),
  page: z.number(),
});

export const offerDecisionBodySchema = z.strictObject({
  status: z
    .string()
    .transform((v) => v.trim().toLowerCase())
    .pipe(z.enum(OFFER_DECISIONS, { error: 'Status must be accepted or rejected' })),
  responseMessage: z.string().trim().max(2000).optional().default(''),
});

/** Releasing an accepted offer whose deal fell through: the reason is kept and sent to the buyer. */
export const offerReleaseBodySchema = z.strictObject({
  reason: z
    .string({ error: MSG.offerReleaseReasonRequired })
    .trim()
    .min(1, MSG.offerReleaseReasonRequired)
    .max(500, MSG.offerReleaseReasonTooLong),
});
export type OfferReleaseBody = z.input<typeof offerReleaseBodySchema>;
