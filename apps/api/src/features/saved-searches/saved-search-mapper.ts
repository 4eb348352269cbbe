import { type SavedSearch, type SavedSearchFilters, savedSearchFiltersSchema } from '@vm/shared/saved-search';
import type { SavedSearchRow } from './saved-search-repository.ts';

/**
 * Stored filters (JSON) read with the body's schema, the one the route checked them with;
 * undefined when they no longer read (a filter the search stopped offering): such a search is
 * shown without filters and sends no alert, rather than announcing every vehicle.
 */
export function parseSavedFilters(json: string): SavedSearchFilters | undefined {
  try {
    const parsed = savedSearchFiltersSchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

export function toSavedSearch(row: SavedSearchRow): SavedSearch {
  return {
    id: row.id,
    name: row.name,
    filters: parseSavedFilters(row.filters) ?? {},
    frequency: row.frequency === 'daily' ? 'daily' : 'instant',
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
