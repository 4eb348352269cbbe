import { z } from 'zod';
import { formatMoney } from './money.ts';
import {
  FILTER_PARAMS,
  type FilterParam,
  type FilterQuery,
  type FilterSpec,
  SEARCH_FILTERS,
} from './search-filters.ts';
import { FILTER_KEYS } from './search-url-state.ts';
import { vehicleSearchQuerySchema } from './vehicle.ts';

/*
 * A buyer's saved searches with alerts (issue #16, docs/decisions/115-saved-searches.md,
 * docs/product-rules.md#saved-searches). The filters are the filter part of the public search
 * query (vehicleSearchQuerySchema, whose filters come from the table in search-filters.ts): each
 * value is read by the search's own schema for that parameter, so a saved search filters exactly
 * as the search page does. Page, limit, sort and random are not part of it: a saved search is a
 * set of vehicles, its alerts list new ones, and running it opens the first page in the default
 * order. The older names of the year range (yearFrom, yearTo) are not accepted: a saved search
 * keeps the current names only.
 */

export const MAX_SAVED_SEARCHES = 25;
export const MAX_SAVED_SEARCH_NAME = 80;
export const SAVED_SEARCH_FREQUENCIES = ['instant', 'daily'] as const;
export type SavedSearchFrequency = (typeof SAVED_SEARCH_FREQUENCIES)[number];

/** The words the web app shows for each frequency (the select's options). */
export const FREQUENCY_LABELS: Record<SavedSearchFrequency, string> = {
  instant: 'Instant',
  daily: 'Daily digest',
};

/** What a person calls each filter parameter, in messages and in a saved search's summary. */
export const FILTER_PARAM_LABELS: Record<FilterParam, string> = {
  query: 'Keywords',
  make: 'Make',
  model: 'Model',
  minPrice: 'Minimum price',
  maxPrice: 'Maximum price',
  minYear: 'Minimum year',
  maxYear: 'Maximum year',
  tags: 'Tags',
  listingType: 'Listing type',
  category: 'Category',
};

export const SAVED_SEARCH_MESSAGES = {
  nameRequired: 'Name is required',
  nameTooLong: `Name must be at most ${MAX_SAVED_SEARCH_NAME} characters`,
  frequency: 'Frequency must be instant or daily',
  filtersRequired: 'Filters are required',
  badFilter: (label: string) => `${label} is not a valid search filter value`,
  unknownFilter: (field: string) => `${field} is not a search filter`,
  unknownField: (field: string) => `${field} is not a field of a saved search`,
  nothingToChange: 'Send a new name, filters or frequency',
  tooMany: `You can save at most ${MAX_SAVED_SEARCHES} searches. Delete one to save another.`,
  notFound: 'Saved search not found',
  saved: 'Search saved. We will email you new matches.',
  deleted: 'Saved search deleted',
} as const;

/** A saved search's filters, as the search query schema reads them (lists as arrays, bounds as numbers). */
export type SavedSearchFilters = { [P in FilterParam]?: Exclude<FilterQuery[P], undefined> };

function specOfParam(param: FilterParam): FilterSpec {
  for (const spec of Object.values(SEARCH_FILTERS) as FilterSpec[]) {
    if (spec.kind === 'range' ? spec.min === param || spec.max === param : spec.param === param) return spec;
  }
  throw new Error(`${param} is not a search filter parameter`);
}

const searchParamSchemas = vehicleSearchQuerySchema.shape as unknown as Record<FilterParam, z.ZodType>;

const isBlank = (raw: unknown) =>
  raw === undefined ||
  raw === null ||
  (typeof raw === 'string' && raw.trim() === '') ||
  (Array.isArray(raw) && raw.length === 0);

/**
 * One filter parameter: the value as the search query would carry it (a list may be an array,
 * a bound a number), read by the search's schema for it. The search drops a value it cannot use
 * (a listing type it does not know, a bound that is not a number); a saved search refuses it
 * with a message instead, since a dropped filter would silently widen the alerts. An `anyOf`
 * filter with known values (tags) refuses an unknown one, as the search page's URL state drops it.
 */
function savedParamSchema(param: FilterParam) {
  const spec = specOfParam(param);
  const searchSchema = searchParamSchemas[param];
  const message = SAVED_SEARCH_MESSAGES.badFilter(FILTER_PARAM_LABELS[param]);
  return z
    .unknown()
    .transform((raw, ctx) => {
      if (isBlank(raw)) return undefined;
      let input = raw;
      if (Array.isArray(raw) && raw.every((v) => typeof v === 'string')) input = raw.join(',');
      else if (typeof raw === 'number' && spec.kind === 'range') input = String(raw);
      const parsed = searchSchema.safeParse(input);
      const value: unknown = parsed.success ? parsed.data : undefined;
      const known = spec.kind === 'anyOf' && spec.values ? spec.values : undefined;
      const refused =
        value === undefined ||
        (Array.isArray(value) && (value.length === 0 || (known && value.some((v) => !known.includes(v)))));
      if (refused) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return value;
    })
    .optional();
}

/** `filters` of a saved search's body: only the search's filter parameters, each valid. */
export const savedSearchFiltersSchema = z
  .strictObject(Object.fromEntries(FILTER_PARAMS.map((p) => [p, savedParamSchema(p)])), {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? SAVED_SEARCH_MESSAGES.unknownFilter(issue.keys.join(', '))
        : SAVED_SEARCH_MESSAGES.filtersRequired,
  })
  .transform((filters) => dropEmpty(filters) as SavedSearchFilters);

function dropEmpty(filters: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined));
}

/** A saved search's name (the account page's rename uses it alone). */
export const savedSearchNameSchema = z
  .string({ error: SAVED_SEARCH_MESSAGES.nameRequired })
  .trim()
  .min(1, SAVED_SEARCH_MESSAGES.nameRequired)
  .max(MAX_SAVED_SEARCH_NAME, SAVED_SEARCH_MESSAGES.nameTooLong);

export const savedSearchFrequencySchema = z.enum(SAVED_SEARCH_FREQUENCIES, { error: SAVED_SEARCH_MESSAGES.frequency });

/** POST /saved-searches. */
export const savedSearchBodySchema = z.strictObject(
  {
    name: savedSearchNameSchema,
    filters: savedSearchFiltersSchema,
    frequency: savedSearchFrequencySchema,
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys' ? SAVED_SEARCH_MESSAGES.unknownField(issue.keys.join(', ')) : undefined,
  },
);
export type SavedSearchBody = z.output<typeof savedSearchBodySchema>;
export type SavedSearchBodyInput = z.input<typeof savedSearchBodySchema>;

/** PATCH /saved-searches/:id: any of the three, at least one. */
export const savedSearchPatchSchema = savedSearchBodySchema
  .partial()
  .refine((b) => b.name !== undefined || b.filters !== undefined || b.frequency !== undefined, {
    message: SAVED_SEARCH_MESSAGES.nothingToChange,
  });
export type SavedSearchPatch = z.output<typeof savedSearchPatchSchema>;

/** A filter parameter's value in an answer: text, a list of values, or a number. */
function answerSchemaOf(param: FilterParam): z.ZodType {
  const spec = specOfParam(param);
  if (spec.kind === 'range') return z.number();
  if (spec.kind === 'anyOf') return z.array(z.string());
  return z.string();
}

export const savedSearchFiltersAnswerSchema = z.object(
  Object.fromEntries(FILTER_PARAMS.map((p) => [p, answerSchemaOf(p).optional()])),
) as unknown as z.ZodType<SavedSearchFilters>;

export const savedSearchSchema = z.object({
  id: z.string(),
  name: z.string(),
  filters: savedSearchFiltersAnswerSchema,
  frequency: savedSearchFrequencySchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SavedSearch = z.infer<typeof savedSearchSchema>;

export const savedSearchListSchema = z.object({
  savedSearches: z.array(savedSearchSchema),
  max: z.number(),
});
export type SavedSearchList = z.infer<typeof savedSearchListSchema>;

/**
 * The filters as query-string parameters, in the table's order (lists comma-separated): what
 * the search API and the search page's URL read. Parsing them with vehicleSearchQuerySchema
 * gives the search a saved search stands for.
 */
export function savedFiltersToParams(filters: SavedSearchFilters): [FilterParam, string][] {
  const out: [FilterParam, string][] = [];
  for (const key of FILTER_KEYS) {
    const value = filters[key];
    if (value === undefined) continue;
    const text = Array.isArray(value) ? value.join(',') : String(value);
    if (text !== '') out.push([key, text]);
  }
  return out;
}

/** The search page showing a saved search's matches: /vehicles?make=... (the page URL state of search-url-state.ts). */
export function savedSearchPath(filters: SavedSearchFilters): string {
  const query = new URLSearchParams(savedFiltersToParams(filters)).toString();
  return query ? `/vehicles?${query}` : '/vehicles';
}

function rangeText(min: number | undefined, max: number | undefined, format: (n: number) => string): string {
  if (min !== undefined && max !== undefined) return `${format(Math.min(min, max))} – ${format(Math.max(min, max))}`;
  if (min !== undefined) return `from ${format(min)}`;
  return `up to ${format(max as number)}`;
}

/** A short line per filter set, for the account page's list: "Make: Ford", "Price: $10,000 – $20,000". */
export function describeSavedFilters(filters: SavedSearchFilters): string[] {
  const lines: string[] = [];
  for (const spec of Object.values(SEARCH_FILTERS) as FilterSpec[]) {
    if (spec.kind === 'range') {
      const min = filters[spec.min as FilterParam] as number | undefined;
      const max = filters[spec.max as FilterParam] as number | undefined;
      if (min === undefined && max === undefined) continue;
      const money = spec.min === 'minPrice';
      const label = money ? 'Price' : 'Year';
      lines.push(`${label}: ${rangeText(min, max, money ? formatMoney : String)}`);
      continue;
    }
    const value = filters[spec.param as FilterParam];
    if (value === undefined) continue;
    lines.push(`${FILTER_PARAM_LABELS[spec.param as FilterParam]}: ${Array.isArray(value) ? value.join(', ') : value}`);
  }
  return lines;
}

/** The name the save dialog suggests: the main filters in a few words, or "All vehicles". */
export function suggestedSavedSearchName(filters: SavedSearchFilters): string {
  const parts: string[] = [];
  const makeModel = [filters.make, filters.model].filter(Boolean).join(' ');
  if (makeModel) parts.push(makeModel);
  if (filters.query) parts.push(`“${filters.query}”`);
  if (filters.category?.length) parts.push(filters.category.join(', '));
  if (filters.listingType === 'auction') parts.push('auctions');
  if (filters.minYear !== undefined || filters.maxYear !== undefined)
    parts.push(rangeText(filters.minYear, filters.maxYear, String));
  if (filters.minPrice !== undefined || filters.maxPrice !== undefined)
    parts.push(rangeText(filters.minPrice, filters.maxPrice, formatMoney));
  if (filters.tags?.length) parts.push(filters.tags.join(', '));
  const name = parts.join(', ') || 'All vehicles';
  return name.length > MAX_SAVED_SEARCH_NAME ? `${name.slice(0, MAX_SAVED_SEARCH_NAME - 1)}…` : name;
}
