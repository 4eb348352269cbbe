import { MSG } from '@vm/shared/messages';
import { FILTER_NAMES, type FilterQuery, type RangeProblem, rangeProblems, specOf } from '@vm/shared/search-filters';
import type { SearchState } from '@vm/shared/search-url-state';

/** The longest keyword search the API takes (vehicleSearchQuerySchema). */
export const MAX_SEARCH_WORDS = 200;

/** A range field's bound as the shared check reads it: a number, or none when empty or not a number. */
const bound = (text: string) => (text === '' || Number.isNaN(Number(text)) ? undefined : Number(text));

/**
 * What the search API would refuse in this state, with its own messages (issue #20): a minimum
 * above its maximum (rangeProblems, the shared check) and a query over 200 characters. The page
 * shows them beside the fields and does not send the search.
 */
export function searchProblems(state: SearchState): RangeProblem[] {
  // Only the range bounds: rangeProblems reads nothing else.
  const bounds: Record<string, number | undefined> = {};
  for (const name of FILTER_NAMES) {
    const spec = specOf(name);
    if (spec.kind !== 'range') continue;
    bounds[spec.min] = bound(state[spec.min as keyof SearchState] as string);
    bounds[spec.max] = bound(state[spec.max as keyof SearchState] as string);
  }
  const problems = rangeProblems(bounds as unknown as FilterQuery);
  if (state.query.length > MAX_SEARCH_WORDS) problems.unshift({ param: 'query', message: MSG.searchWordsTooLong });
  return problems;
}

/** The problem of one typed bound on its own (a negative price), before it is written to the URL. */
export function boundProblem(param: string, text: string): string | undefined {
  const value = bound(text.trim());
  if (value === undefined) return undefined;
  return rangeProblems({ [param]: value } as unknown as FilterQuery).find((p) => p.param === param)?.message;
}
