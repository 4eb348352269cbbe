import { z } from 'zod';
import {
  lenientBoundedNumber,
  lenientInt,
  lenientOptionalNumber,
  optionalQueryText,
  sortOrderSchema,
} from './common.ts';
import {
  ADMIN_VEHICLE_SORT_FIELDS,
  BODY_TYPES,
  CATEGORIES,
  DEFAULT_ADMIN_PAGE_SIZE,
  LISTING_TYPES,
  MAX_PAGE_SIZE,
  PUBLIC_SEARCH_PAGE_SIZE,
  SIMILAR_DEFAULT_LIMIT,
  TAGGED_DEFAULT_LIMIT,
  TAGS,
  VEHICLE_SORTS,
  VEHICLE_STATUSES,
} from './constants.ts';
import { MSG } from './messages.ts';
import { isWholeCents } from './money.ts';
import { FILTER_NAMES, type FilterQuery, type FilterSpec, rangeProblems, specOf } from './search-filters.ts';

export const FIRST_CAR_YEAR = 1886;
export const maxVehicleYear = () => new Date().getFullYear() + 1;
/** Largest price accepted: 12 digits of dollars. */
export const MAX_MONEY = 999_999_999_999;
/** Largest offer accepted: $100,000,000 (docs/product-rules.md#offers). */
export const MAX_OFFER = 100_000_000;

export const vehicleImageSchema = z.object({
  id: z.string(),
  url: z.string(),
  srcSet: z.string(),
  width: z.number(),
  height: z.number(),
  category: z.string(),
});
export type VehicleImage = z.infer<typeof vehicleImageSchema>;

export const locationSchema = z.object({ city: z.string(), state: z.string(), country: z.string() });
export type VehicleLocation = z.infer<typeof locationSchema>;

export const sectionsSchema = z.object({
  exterior: z.string(),
  interior: z.string(),
  other: z.string(),
});

/** A vehicle in lists and cards. */
export const vehicleSummarySchema = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  year: z.number(),
  make: z.string(),
  model: z.string(),
  vin: z.string(),
  price: z.number(),
  mileage: z.number(),
  bodyType: z.string(),
  category: z.string(),
  status: z.string(),
  listingType: z.enum(LISTING_TYPES),
  tags: z.array(z.string()),
  location: locationSchema,
  fuelType: z.string(),
  transmission: z.string(),
  image: vehicleImageSchema.nullable(),
  createdAt: z.string(),
});
export type VehicleSummary = z.infer<typeof vehicleSummarySchema>;

/** A vehicle with everything the detail page and the admin form need. */
export const vehicleSchema = vehicleSummarySchema.extend({
  longTitle: z.string(),
  name: z.string(),
  description: z.string(),
  sections: sectionsSchema,
  images: z.array(vehicleImageSchema),
  defaultImage: z.string().nullable(),
  defaultImageIndex: z.number(),
  listing: z.object({ type: z.enum(['auction', 'regular']), tags: z.array(z.string()) }),
  exteriorColor: z.string(),
  features: z.array(z.string()),
  msrp: z.number(),
  viewCount: z.number(),
  watchCount: z.number(),
  updatedAt: z.string(),
});
export type Vehicle = z.infer<typeof vehicleSchema>;

const REQUIRED_VEHICLE_FIELDS = ['title', 'make', 'model', 'year', 'bodyType'] as const;
const text = (max: number) => z.string().trim().max(max, `Must be at most ${max} characters`);
const money = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .min(0, `${label} cannot be negative`)
    .max(MAX_MONEY, `${label} is too large`)
    .refine(isWholeCents, `${label} must be in whole cents`);

/**
 * Vehicle create/update body. Missing required fields produce the spec's single message
 * "Please fill in all required fields: ..." on the form and on the server.
 */
export const vehicleInputSchema = z
  .strictObject({
    title: text(200).default(''),
    longTitle: text(300).default(''),
    year: z.number({ error: 'Year must be a number' }).int('Year must be a whole number').default(0),
    vin: text(40).default('UNKNOWN'),
    make: text(60).default(''),
    model: text(80).default(''),
    name: text(120).default(''),
    description: text(20_000).default(''),
    mileage: z
      .number({ error: 'Mileage must be a number' })
      .int('Mileage must be a whole number')
      .min(0, 'Mileage cannot be negative')
      .max(10_000_000, 'Mileage is too large')
      .default(0),
    bodyType: z.union([z.enum(BODY_TYPES), z.literal('')]).default('SUV'),
    category: z.enum(CATEGORIES, { error: 'Please choose a category' }).default('Other'),
    price: money('Price').default(0),
    msrp: money('MSRP').default(0),
    status: z.enum(VEHICLE_STATUSES, { error: 'Please choose a status' }).default('Available'),
    sections: z
      .strictObject({
        exterior: text(5000).default(''),
        interior: text(5000).default(''),
        other: text(5000).default(''),
      })
      .default({ exterior: '', interior: '', other: '' }),
    listingType: z
      .enum(['auction', 'listing', 'regular'])
      .default('listing')
      .transform((v) => (v === 'regular' ? 'listing' : v)),
    tags: z
      .array(z.enum(TAGS, { error: 'Unknown tag' }))
      .max(TAGS.length)
      .default([])
      .transform((v) => [...new Set(v)]),
    location: z
      .strictObject({
        city: text(100).default(''),
        state: text(100).default(''),
        country: text(100).default(''),
      })
      .default({ city: '', state: '', country: '' }),
    fuelType: text(40).default(''),
    transmission: text(40).default(''),
    exteriorColor: text(40).default(''),
    features: z.array(text(120)).max(100, 'At most 100 features').default([]),
  })
  .superRefine((v, ctx) => {
    const missing = REQUIRED_VEHICLE_FIELDS.filter((f) => (f === 'year' ? !v.year : String(v[f]).trim() === ''));
    if (missing.length > 0) {
      ctx.addIssue({ code: 'custom', message: MSG.requiredVehicleFields([...missing]), path: [] });
      return;
    }
    if (v.year < FIRST_CAR_YEAR || v.year > maxVehicleYear()) {
      ctx.addIssue({
        code: 'custom',
        message: `Year must be between ${FIRST_CAR_YEAR} and ${maxVehicleYear()}`,
        path: ['year'],
      });
    }
  });
export type VehicleInput = z.output<typeof vehicleInputSchema>;
export type VehicleInputRaw = z.input<typeof vehicleInputSchema>;

/** A search filter's query parameters, by kind (search-filters.ts). */
const csv = z
  .string()
  .max(1000)
  .optional()
  .transform((v) =>
    v
      ? v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      : [],
  );

/** A value from a known list, or undefined (with older spellings read as the new ones). */
const knownValue = (values: readonly string[], aliases: Record<string, string> = {}) =>
  z
    .string()
    .optional()
    .transform((v) => {
      const value = v === undefined ? undefined : (aliases[v] ?? v);
      return value !== undefined && values.includes(value) ? value : undefined;
    });

/** The query schema of one filter's parameters: nonsense values are dropped, never refused. */
function paramSchemas(spec: FilterSpec): Record<string, z.ZodType> {
  switch (spec.kind) {
    case 'words':
      // A shared link with a long query is refused with a message the search page shows (issue #20).
      return {
        [spec.param]: z
          .string()
          .max(200, MSG.searchWordsTooLong)
          .optional()
          .transform((v) => (v && v.trim() !== '' ? v.trim() : undefined)),
      };
    case 'exact':
      return { [spec.param]: spec.values ? knownValue(spec.values, spec.valueAliases) : optionalQueryText };
    case 'anyOf':
      return { [spec.param]: csv };
    case 'range':
      return Object.fromEntries(
        [spec.min, spec.max, ...(spec.aliases ?? [])].map((param) => [param, lenientOptionalNumber]),
      );
  }
}

/** The filter part of GET /vehicles/search's query schema: every parameter of the table in search-filters.ts. */
const filterQueryShape = Object.fromEntries(
  FILTER_NAMES.flatMap((name) => Object.entries(paramSchemas(specOf(name)))),
) as { [P in keyof FilterQuery]: z.ZodType<FilterQuery[P], unknown> };

/** A year or an amount of dollars in a query string: one a vehicle could have, else none. */
const queryYear = lenientBoundedNumber(0, 9999, { integer: true });
export const queryMoney = lenientBoundedNumber(0, MAX_MONEY);

/** GET /vehicles/search. Nonsense values fall back to defaults, never a 500. */
export const vehicleSearchQuerySchema = z.object({
  // Every filter of the table in search-filters.ts.
  ...filterQueryShape,
  sort: z
    .string()
    .optional()
    .transform((v) =>
      (VEHICLE_SORTS as readonly string[]).includes(v ?? '') ? (v as (typeof VEHICLE_SORTS)[number]) : undefined,
    ),
  random: z
    .string()
    .optional()
    .transform((v) => v === 'true' || v === '1'),
  page: lenientInt(1, 1, 1_000_000),
  limit: lenientInt(PUBLIC_SEARCH_PAGE_SIZE, 1, MAX_PAGE_SIZE),
});
export type VehicleSearchQuery = z.output<typeof vehicleSearchQuerySchema>;

/**
 * GET /vehicles/search as the route reads it: the search query, with a negative bound or a
 * minimum above its maximum refused with the message the search page shows (rangeProblems,
 * issue #20) rather than silently dropped or swapped. Saved searches keep the plain schema.
 */
export const checkedVehicleSearchQuerySchema = vehicleSearchQuerySchema.superRefine((q, ctx) => {
  for (const problem of rangeProblems(q))
    ctx.addIssue({ code: 'custom', path: [problem.param], message: problem.message });
});

export const vehicleSearchResponseSchema = z.object({
  vehicles: z.array(vehicleSummarySchema),
  total: z.number(),
  pages: z.number(),
  page: z.number(),
  /**
   * Present (true) only when a keyword search matched more vehicles than it counts and pages
   * (its 500 most recently added matches): `total` is then a lower bound, shown as "500+".
   */
  totalIsLowerBound: z.literal(true).optional(),
});
export type VehicleSearchResponse = z.infer<typeof vehicleSearchResponseSchema>;

/** GET /vehicles (admin list). */
export const adminVehicleListQuerySchema = z
  .object({
    search: optionalQueryText,
    make: optionalQueryText,
    model: optionalQueryText,
    year: queryYear,
    minYear: queryYear,
    maxYear: queryYear,
    bodyType: optionalQueryText,
    category: optionalQueryText,
    status: optionalQueryText,
    sort: z.enum(ADMIN_VEHICLE_SORT_FIELDS).optional().default('createdAt'),
    order: sortOrderSchema.optional().default('desc'),
    page: lenientInt(1, 1, 1_000_000),
    limit: lenientInt(DEFAULT_ADMIN_PAGE_SIZE, 1, MAX_PAGE_SIZE),
  })
  .superRefine((q, ctx) => {
    // Explained rather than answered with nothing (issue #20), as on the offers screen.
    if (q.minYear !== undefined && q.maxYear !== undefined && q.minYear > q.maxYear)
      ctx.addIssue({ code: 'custom', path: ['maxYear'], message: MSG.maxYearBelowMinYear });
  });
export type AdminVehicleListQuery = z.output<typeof adminVehicleListQuerySchema>;

export const vehicleListResponseSchema = z.object({
  vehicles: z.array(vehicleSummarySchema),
  totalVehicles: z.number(),
  totalPages: z.number(),
  page: z.number(),
});

export const taggedQuerySchema = z.object({
  tag: z.enum(TAGS, { error: 'Unknown tag' }),
  limit: lenientInt(TAGGED_DEFAULT_LIMIT, 1, 24),
});

export const similarQuerySchema = z.object({
  make: optionalQueryText,
  model: optionalQueryText,
  year: queryYear,
  price: queryMoney,
  exclude: optionalQueryText,
  limit: lenientInt(SIMILAR_DEFAULT_LIMIT, 1, 12),
});

export const vehicleListSchema = z.object({ vehicles: z.array(vehicleSummarySchema) });

/** GET /api/vehicles/:id/offer-counts (staff): what deleting the vehicle would end. */
export const vehicleOfferCountsSchema = z.object({ openOffers: z.number(), acceptedOffers: z.number() });
export type VehicleOfferCounts = z.infer<typeof vehicleOfferCountsSchema>;

export const makesResponseSchema = z.object({ makes: z.array(z.string()) });
export const modelsResponseSchema = z.object({ models: z.array(z.string()) });
export const makesModelsResponseSchema = z.object({
  makes: z.array(z.object({ make: z.string(), models: z.array(z.string()) })),
});

export const viewBodySchema = z.strictObject({ fingerprint: z.string().trim().min(8).max(128) });
export const viewResponseSchema = z.object({
  success: z.boolean(),
  isNewView: z.boolean(),
  viewCount: z.number(),
});

export const watchBodySchema = z.strictObject({ watching: z.boolean() });
export const watchResponseSchema = z.object({ isWatching: z.boolean(), watchCount: z.number() });

export const defaultImageBodySchema = z.strictObject({
  defaultImage: z.union([z.number().int().min(0), z.string().min(1).max(300)]),
});

/** A vehicle's images after an upload, a delete or a reorder, with the current default. */
export const vehicleImagesResponseSchema = z.object({
  images: z.array(vehicleImageSchema),
  defaultImage: z.string().nullable(),
  defaultImageIndex: z.number(),
});
export type VehicleImagesResponse = z.infer<typeof vehicleImagesResponseSchema>;

export const defaultImageResponseSchema = z.object({
  defaultImage: z.string(),
  defaultImageIndex: z.number(),
});

/** PUT /vehicles/:id/images/order: every image id of the vehicle, in the new order. */
export const imageOrderBodySchema = z.strictObject({
  imageIds: z.array(z.string().min(1).max(200)).max(100),
});
