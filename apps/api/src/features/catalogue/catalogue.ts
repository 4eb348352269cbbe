import type { Kysely } from 'kysely';
import { DEFAULT_MAKES, type Tag } from '@vm/shared/constants';
import type { VehicleSearchQuery, VehicleSearchResponse, VehicleSummary } from '@vm/shared/vehicle';
import type { Dialect } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';
import { cardsByIds } from '../vehicles/vehicle-repository.ts';
import {
  COUNT_CAP,
  countMatches,
  readCardPage,
  readCatalogueVersion,
  readMatchingIds,
  readMatchingOf,
  readPublicMakes,
  readPublicModels,
  readSlugNow,
  readWordPage,
  TEXT_SEARCH_WINDOW,
} from './catalogue-repository.ts';
import { NO_FILTERS, toSearchFilters } from './search-filters.ts';
import { type SimilarTo, similarVehicles } from './similar-vehicles.ts';

export type { SimilarTo };

/** A list of cards (the tagged and similar lists' answer). */
interface VehicleList {
  vehicles: VehicleSummary[];
}

/**
 * The storefront's catalogue: every public search and list, read with SQL on each call
 * (docs/decisions/143-one-plain-read-path.md). It keeps nothing: the routes and the page
 * renderer send what it answers with the catalogue version as their ETag, and HTTP caches
 * (the browser's, a CDN's) keep the answers. Made once at start-up (app.ts, `app.catalogue`).
 */
export class Catalogue {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly dialect: Dialect,
  ) {}

  /**
   * The catalogue version every list and card is valid for (one one-row read): the validator of
   * every answer below.
   */
  version(): Promise<number> {
    return readCatalogueVersion(this.db);
  }

  /**
   * A page of public vehicles matching a search, with the count (SEARCH-01..05): exact up to
   * COUNT_CAP, and for words up to their window (TEXT_SEARCH_WINDOW); past either the count is
   * a lower bound.
   */
  async search(q: VehicleSearchQuery): Promise<VehicleSearchResponse> {
    const filters = toSearchFilters(q);
    const offset = (q.page - 1) * q.limit;
    const order = q.sort ?? 'relevance';
    let vehicles: VehicleSummary[];
    let total: number;
    let cap = COUNT_CAP;
    if (filters.terms.length > 0) {
      const found = await readWordPage(this.db, this.dialect, filters, order, offset, q.limit);
      vehicles = await cardsByIds(this.db, this.dialect, found.ids);
      total = found.matched;
      cap = TEXT_SEARCH_WINDOW;
    } else {
      // Without words there is nothing to rank: relevance is newest first (SEARCH-04). The count
      // and the page are asked at once (on PostgreSQL two connections answer them side by side).
      const sort = order === 'relevance' ? 'newest' : order;
      [total, vehicles] = await Promise.all([
        countMatches(this.db, filters),
        readCardPage(this.db, this.dialect, filters, sort, offset, q.limit),
      ]);
    }
    const lowerBound = total > cap;
    if (lowerBound) total = cap;
    return {
      vehicles,
      total,
      pages: Math.ceil(total / q.limit),
      page: q.page,
      ...(lowerBound ? { totalIsLowerBound: true as const } : {}),
    };
  }

  /** Up to `limit` random public vehicles matching the search (the home page fallback), among the newest COUNT_CAP. */
  async random(q: VehicleSearchQuery): Promise<VehicleSearchResponse> {
    const ids = await readMatchingIds(this.db, toSearchFilters(q), COUNT_CAP);
    for (let i = ids.length - 1; i > 0; i--) {
      const j = Math.floor(Math.random() * (i + 1));
      [ids[i], ids[j]] = [ids[j] as string, ids[i] as string];
    }
    const vehicles = await cardsByIds(this.db, this.dialect, ids.slice(0, q.limit));
    return { vehicles, total: ids.length, pages: Math.ceil(ids.length / q.limit), page: 1 };
  }

  /**
   * Of the given vehicles, those the search would find, in the order given: public, passing
   * every filter of the query, and holding all its words. The saved-search alerts ask this of
   * the few vehicles published since a search last looked (docs/decisions/115-saved-searches.md).
   * The keyword window is a limit of counting and paging, not of matching.
   */
  async matching(q: VehicleSearchQuery, ids: readonly string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const found = await readMatchingOf(this.db, this.dialect, toSearchFilters(q), ids);
    return ids.filter((id) => found.has(id));
  }

  /** The cards of these vehicles, in the order given (a vehicle that is gone is left out). */
  cards(ids: readonly string[]): Promise<VehicleSummary[]> {
    return cardsByIds(this.db, this.dialect, ids);
  }

  /** The newest public vehicles carrying a tag (HOME-12, HOME-13). */
  async tagged(tag: Tag, limit: number): Promise<VehicleList> {
    const filters = { ...NO_FILTERS, values: { tags: [tag] } };
    return { vehicles: await readCardPage(this.db, this.dialect, filters, 'newest', 0, limit) };
  }

  /** Makes of public vehicles merged with the default list, sorted. */
  async makes(): Promise<{ makes: string[] }> {
    const makes = new Set<string>(DEFAULT_MAKES);
    for (const make of await readPublicMakes(this.db)) if (make.trim()) makes.add(make);
    return { makes: [...makes].sort(byName) };
  }

  /** Models of a make among public vehicles, sorted. */
  async models(make: string): Promise<{ models: string[] }> {
    const models = await readPublicModels(this.db, make);
    return { models: models.filter((m) => m.trim() !== '').sort(byName) };
  }

  /** Vehicles like the given one (DETAIL-29; the rule is in similar-vehicles.ts). */
  async similar(target: SimilarTo): Promise<VehicleList> {
    return { vehicles: await similarVehicles(this.db, this.dialect, target) };
  }

  /**
   * Where a link to a former address of a public vehicle leads: its slug now, when `formerSlug`
   * was its slug before its title changed (docs/decisions/135-former-slugs.md); undefined otherwise.
   */
  slugNow(formerSlug: string): Promise<string | undefined> {
    return readSlugNow(this.db, formerSlug);
  }
}

const byName = (a: string, b: string) => a.localeCompare(b, 'en', { sensitivity: 'base' });
