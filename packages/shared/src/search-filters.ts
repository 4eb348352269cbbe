import { LISTING_TYPES, TAGS } from './constants.ts';

/*
 * No zod here: the storefront's landing code reads the URL state from this table, and zod is
 * not in its first chunks.
 *
 * The storefront search's filters, one entry each. Everything about a filter follows from its
 * entry: the API query schema (vehicleSearchQuerySchema in vehicle.ts), the search state in the page URL
 * (search-url-state.ts), and on the server the catalogue's columns and the tests' plain-SQL
 * search (apps/api/src/features/catalogue/search-filters.ts gives each entry its column; the
 * compiler asks for it). Adding a filter is one entry here, its column there, and its test:
 * docs/ARCHITECTURE.md, "Add a search filter".
 *
 * Kinds:
 * - `words`: free text, matched by the full-text index.
 * - `exact`: one value the field must equal. `values` limits it to a known list (other values
 *   are dropped; `valueAliases` reads older spellings). `requires`: the page URL drops it unless
 *   that other filter is set, and a new value of that filter clears it (a model belongs to a
 *   make); the API applies it alone.
 * - `anyOf`: a comma-separated list; the field must equal one of them. With `values`, the URL
 *   state keeps only known ones, as a list.
 * - `range`: a lower and an upper bound, each optional, in two parameters (`aliases`: older names
 *   of the same two). A negative bound or a minimum above the maximum is explained, not
 *   swapped (rangeProblems; issue #20).
 */
export const SEARCH_FILTERS = {
  query: { kind: 'words', param: 'query' },
  make: { kind: 'exact', param: 'make' },
  model: { kind: 'exact', param: 'model', requires: 'make' },
  price: { kind: 'range', min: 'minPrice', max: 'maxPrice' },
  year: { kind: 'range', min: 'minYear', max: 'maxYear', aliases: ['yearFrom', 'yearTo'] },
  tags: { kind: 'anyOf', param: 'tags', values: TAGS },
  listingType: { kind: 'exact', param: 'listingType', values: LISTING_TYPES, valueAliases: { regular: 'listing' } },
  category: { kind: 'anyOf', param: 'category' },
} as const satisfies Record<string, FilterSpec>;

export type FilterSpec =
  | { kind: 'words'; param: string }
  | {
      kind: 'exact';
      param: string;
      values?: readonly string[];
      valueAliases?: Record<string, string>;
      requires?: string;
    }
  | { kind: 'anyOf'; param: string; values?: readonly string[] }
  | { kind: 'range'; min: string; max: string; aliases?: readonly [string, string] };

type Filters = typeof SEARCH_FILTERS;
export type FilterName = keyof Filters;
/** Filters of one kind, by name. */
export type FilterOfKind<K extends FilterSpec['kind']> = {
  [N in FilterName]: Filters[N]['kind'] extends K ? N : never;
}[FilterName];
export type RangeFilter = FilterOfKind<'range'>;
/** Filters that name values a field must have (exact and anyOf). */
export type ValueFilter = FilterOfKind<'exact' | 'anyOf'>;

/** Each query-string parameter of a filter (a range has two, and maybe two aliases) and what it parses to. */
type ParamEntries<S> = S extends { kind: 'range'; min: infer A extends string; max: infer B extends string }
  ? [A | B | AliasesOf<S>, number | undefined]
  : S extends { kind: 'anyOf'; param: infer P extends string }
    ? [P, string[]]
    : S extends { kind: 'exact'; param: infer P extends string; values: readonly (infer V)[] }
      ? [P, V | undefined]
      : S extends { param: infer P extends string }
        ? [P, string | undefined]
        : never;
type AliasesOf<S> = S extends { aliases: readonly [infer A extends string, infer B extends string] } ? A | B : never;
type QueryEntry = { [N in FilterName]: ParamEntries<Filters[N]> }[FilterName];
/** The filters of a parsed search query (vehicleSearchQuerySchema), by parameter. */
export type FilterQuery = { [E in QueryEntry as E[0]]: E[1] };

/** The parameters a page URL keeps for each filter (aliases are read, never written). */
type StateParam<S> = S extends { kind: 'range'; min: infer A; max: infer B }
  ? A | B
  : S extends { param: infer P }
    ? P
    : never;
export type FilterParam = { [N in FilterName]: StateParam<Filters[N]> }[FilterName] & string;
/** Parameters whose URL state is a list of known values (anyOf with `values`). */
type ListParam = {
  [N in FilterName]: Filters[N] extends { kind: 'anyOf'; values: readonly string[]; param: infer P } ? P : never;
}[FilterName];

export const FILTER_NAMES = Object.keys(SEARCH_FILTERS) as FilterName[];
export const specOf = (name: FilterName): FilterSpec => SEARCH_FILTERS[name];

/** Every filter parameter, in the table's order (aliases not included). */
export const FILTER_PARAMS = FILTER_NAMES.flatMap((name) => {
  const spec = specOf(name);
  return spec.kind === 'range' ? [spec.min, spec.max] : [spec.param];
}) as FilterParam[];

/** Older parameter names and the parameter each stands for (yearFrom → minYear). */
export const FILTER_PARAM_ALIASES: Partial<Record<FilterParam, string>> = Object.fromEntries(
  FILTER_NAMES.flatMap((name) => {
    const spec = specOf(name);
    return spec.kind === 'range' && spec.aliases
      ? [
          [spec.min, spec.aliases[0]],
          [spec.max, spec.aliases[1]],
        ]
      : [];
  }),
);

/** The search state of each filter parameter in a page URL: text, or a list of known values. */
export type FilterState = { [P in FilterParam]: P extends ListParam ? string[] : string };

/** The bounds a query gives a range filter as they come, lower first (aliases read when the name is absent). */
export function rawRangeOf(query: FilterQuery, name: RangeFilter): [number | undefined, number | undefined] {
  const spec: FilterSpec = SEARCH_FILTERS[name];
  if (spec.kind !== 'range') throw new Error(`${name} is not a range filter`);
  const read = (param: string, alias: string | undefined) => {
    const params = query as unknown as Record<string, number | undefined>;
    return params[param] ?? (alias === undefined ? undefined : params[alias]);
  };
  return [read(spec.min, spec.aliases?.[0]), read(spec.max, spec.aliases?.[1])];
}

/**
 * The bounds a query asks for on a range filter, lower first. The public search refuses a
 * swapped pair (rangeProblems); a saved search stored before that rule is read the way it was meant.
 */
export function rangeOf(query: FilterQuery, name: RangeFilter): [number | undefined, number | undefined] {
  const [min, max] = rawRangeOf(query, name);
  return min !== undefined && max !== undefined && min > max ? [max, min] : [min, max];
}

/** What a range filter is called in the messages that explain a bad bound. */
export const RANGE_LABELS: Record<RangeFilter, string> = { price: 'price', year: 'year' };

/** One explained bad bound of a search: the parameter to point at and what is wrong. */
export interface RangeProblem {
  param: string;
  message: string;
}

/** The message for a bound below zero, and for a maximum below its minimum (issue #20). */
export const rangeMessages = (name: RangeFilter) => ({
  negativeMin: `Min ${RANGE_LABELS[name]} must not be negative`,
  negativeMax: `Max ${RANGE_LABELS[name]} must not be negative`,
  swapped: `Max ${RANGE_LABELS[name]} must not be below min ${RANGE_LABELS[name]}`,
});

/**
 * The bad bounds of a search, explained rather than silently dropped or swapped (issue #20): a
 * negative bound, and a minimum above its maximum. The public search API answers them with a
 * 400 carrying these messages; the search page shows the same ones beside its fields.
 */
export function rangeProblems(query: FilterQuery): RangeProblem[] {
  const problems: RangeProblem[] = [];
  for (const name of FILTER_NAMES) {
    const spec = specOf(name);
    if (spec.kind !== 'range') continue;
    const messages = rangeMessages(name as RangeFilter);
    const [min, max] = rawRangeOf(query, name as RangeFilter);
    if (min !== undefined && min < 0) problems.push({ param: spec.min, message: messages.negativeMin });
    if (max !== undefined && max < 0) problems.push({ param: spec.max, message: messages.negativeMax });
    else if (min !== undefined && max !== undefined && min >= 0 && min > max)
      problems.push({ param: spec.max, message: messages.swapped });
  }
  return problems;
}

/** The values a query asks a value filter's field to have; empty when it does not filter on it. */
export function valuesOf(query: FilterQuery, name: ValueFilter): string[] {
  const spec: FilterSpec = SEARCH_FILTERS[name];
  if (spec.kind !== 'exact' && spec.kind !== 'anyOf') throw new Error(`${name} is not a value filter`);
  const value = (query as Record<string, string | string[] | undefined>)[spec.param];
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

function paramOf(name: FilterName): string {
  const spec = specOf(name);
  return spec.kind === 'range' ? spec.min : spec.param;
}

/** Reads one parameter's state from a page URL's value: unknown or malformed values are dropped. */
export function filterStateValue(param: FilterParam, raw: string): string | string[] {
  for (const name of FILTER_NAMES) {
    const spec = specOf(name);
    if (spec.kind === 'range') {
      if (param === spec.min || param === spec.max) return /^\d+(\.\d+)?$/.test(raw) ? raw : '';
      continue;
    }
    if (spec.param !== param) continue;
    if (spec.kind === 'exact' && spec.values) return spec.values.includes(raw) ? raw : '';
    if (spec.kind === 'anyOf' && spec.values) {
      const known = spec.values;
      return raw
        .split(',')
        .map((v) => v.trim())
        .filter((v) => known.includes(v));
    }
    return raw;
  }
  throw new Error(`${param} is not a search filter parameter`);
}

/** The parameter a filter depends on (model → make), when it has one. */
export function requiredParam(param: FilterParam): FilterParam | undefined {
  for (const name of FILTER_NAMES) {
    const spec = specOf(name);
    if (spec.kind === 'exact' && spec.param === param && spec.requires)
      return paramOf(spec.requires as FilterName) as FilterParam;
  }
  return undefined;
}
