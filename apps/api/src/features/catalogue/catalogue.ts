import type { Kysely } from 'kysely';
import { DEFAULT_MAKES } from '@vm/shared/constants';
import type { Tag } from '@vm/shared/constants';
import {
  makesResponseSchema,
  modelsResponseSchema,
  type VehicleSearchQuery,
  vehicleListSchema,
  vehicleSearchResponseSchema,
} from '@vm/shared/vehicle';
import type { Dialect } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';
import { PrecompressedBody } from '../../plugins/precompressed.ts';
import type { CacheLookups } from './cache-lookups.ts';
import {
  readCatalogueVersion,
  readIdOfSlug,
  readPublicMakes,
  readPublicModels,
  readSlugNow,
} from './catalogue-repository.ts';
import type { CatalogueSnapshot } from './catalogue-snapshot.ts';
import { CatalogueSnapshots } from './catalogue-snapshots.ts';
import { NO_FILTERS, type SearchFilters, type SearchOrder, toSearchFilters } from './search-filters.ts';
import { similarSlots } from './similar-vehicles.ts';
import { snapshotWordMatches, textSearchPage } from './text-search.ts';
import { cardListJson, VehicleCards } from './vehicle-cards.ts';
import { type StampedAnswer, VehicleDetails, type VehicleStamp } from './vehicle-details.ts';
import { VersionedCache } from './versioned-cache.ts';

export type { StampedAnswer, VehicleStamp };

const JSON_TYPE = 'application/json; charset=utf-8';
/** What a search or list answer holds besides its cards (see cardListJson). */
const searchRest = vehicleSearchResponseSchema.omit({ vehicles: true });
const listRest = vehicleListSchema.omit({ vehicles: true });

/** What the similar-vehicles list is chosen to be close to. */
export interface SimilarTo {
  make?: string | undefined;
  model?: string | undefined;
  year?: number | undefined;
  priceCents?: number | undefined;
  exclude?: string | undefined;
  limit: number;
}

export interface CatalogueOptions {
  /** Counts lookups of what the catalogue keeps (tests and the search benchmark). */
  lookups?: CacheLookups | undefined;
  /** How many vehicle cards are kept (KEPT_CARDS unless a test says otherwise). */
  keptCards?: number;
}

/**
 * The storefront's catalogue: every public search and list, answered from what it keeps per
 * catalogue version (docs/decisions/110). Made once at start-up (app.ts); the
 * snapshot, word matches, cards and kept answers behind it are its own, and nothing else
 * imports them.
 *
 * Kept answers come back as a PrecompressedBody: JSON checked against the route's response
 * schema and serialized once, compressed once per encoding, then sent as they are.
 */
export class Catalogue {
  private readonly snapshots: CatalogueSnapshots;
  private readonly cards: VehicleCards;
  private readonly kept: VersionedCache;
  private readonly details: VehicleDetails;
  /** The catalogue version readCardsAhead saw last, and the last one whose cards it read to the end. */
  private aheadSeen = -1;
  private aheadDone = -1;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly dialect: Dialect,
    options: CatalogueOptions = {},
  ) {
    this.snapshots = new CatalogueSnapshots(db, dialect, options.lookups);
    this.cards = new VehicleCards(options.keptCards, options.lookups, dialect);
    this.kept = new VersionedCache(undefined, options.lookups);
    this.details = new VehicleDetails(undefined, options.lookups);
  }

  /** Reads the snapshot and makes its sort orders before the first visitor asks (about half a second on 100,000 vehicles). */
  async warm(): Promise<void> {
    await this.snapshots.warm(await readCatalogueVersion(this.db));
  }

  /**
   * Reads ahead the card of every public vehicle, newest first, so that the searches and lists
   * of a large catalogue show cards already made (docs/decisions/134-cards-read-ahead.md). The
   * server's background work calls it every second (background-work.ts). It reads only once
   * the catalogue version has held since the call before (a catalogue being changed is left
   * alone), reads each version's cards once, stops when the version moves on, and reads
   * nothing when there are more public vehicles than cards kept. Returns how many it read.
   */
  async readCardsAhead(): Promise<number> {
    const version = await readCatalogueVersion(this.db);
    const quiet = version === this.aheadSeen;
    this.aheadSeen = version;
    if (!quiet || version === this.aheadDone) return 0;
    const snapshot = await this.snapshots.at(version);
    const ids = snapshot.vehicleIds;
    if (snapshot.version !== version || ids.length > this.cards.maxCards) return 0;
    const stillCurrent = async () => (await readCatalogueVersion(this.db)) === version;
    const read = await this.cards.readAhead(this.db, ids, snapshot, stillCurrent);
    if (await stillCurrent()) this.aheadDone = version;
    return read;
  }

  /**
   * A page of public vehicles matching a search, with the count (SEARCH-01..05).
   *
   * `known`, here and in makes, tagged and similar: the catalogue version the caller has just
   * read (version(), vehicleStamp()), so a page asking several calls reads it once
   * (docs/decisions/132-make-orders.md). What is read after it is at least that new, which is
   * all an answer kept under a version needs; read here when not given.
   */
  async search(q: VehicleSearchQuery, known?: number): Promise<PrecompressedBody> {
    const filters = toSearchFilters(q);
    const version = known ?? (await readCatalogueVersion(this.db));
    const order = q.sort ?? 'relevance';
    return this.keep(version, `search ${keyOf(q, filters)}`, async () => {
      const { ids, total, totalIsLowerBound, snapshot } = await this.page(version, filters, order, q.page, q.limit);
      const vehicles = await this.cards.jsonOf(this.db, ids, snapshot);
      const rest = {
        total,
        pages: Math.ceil(total / q.limit),
        page: q.page,
        ...(totalIsLowerBound ? { totalIsLowerBound } : {}),
      };
      return cardListJson(vehicles, rest, searchRest);
    });
  }

  /**
   * Of the given vehicles, those the search would find, in the order given: public at the
   * current catalogue version, passing every filter of the query, and holding all its words.
   * The saved-search alerts ask this of the few vehicles published since a search last looked
   * (docs/decisions/115-saved-searches.md), so the one pass over them costs nothing at 100,000
   * vehicles. The keyword search's window of 500 matches is a limit of counting and paging, not
   * of matching: a vehicle holding the words matches wherever it would rank.
   */
  async matching(q: VehicleSearchQuery, ids: readonly string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const filters = toSearchFilters(q);
    const snapshot = await this.snapshots.at(await readCatalogueVersion(this.db));
    const test = snapshot.matcher(filters);
    if (!test) return [];
    let slots = ids.flatMap((id) => {
      const slot = snapshot.slotOf(id);
      return slot !== undefined && test(slot) ? [slot] : [];
    });
    if (filters.terms.length > 0 && slots.length > 0) {
      const { terms } = filters;
      const words = await snapshot.wordMatches(terms.join(' '), () =>
        snapshotWordMatches(this.db, this.dialect, snapshot, terms),
      );
      const holding = new Set(words.slots);
      slots = slots.filter((slot) => holding.has(slot));
    }
    return slots.map((slot) => snapshot.idOf(slot));
  }

  /** Up to `limit` random public vehicles matching the search (the home page fallback), as JSON; never kept. */
  async random(q: VehicleSearchQuery): Promise<string> {
    const snapshot = await this.snapshots.at(await readCatalogueVersion(this.db));
    const ids = snapshot.matchingIds(toSearchFilters(q));
    const picked = new Set<string>();
    if (ids.length <= q.limit) for (const id of ids) picked.add(id);
    else while (picked.size < q.limit) picked.add(ids[Math.floor(Math.random() * ids.length)] as string);
    const vehicles = await this.cards.jsonOf(this.db, shuffle([...picked]), snapshot);
    const total = ids.length;
    return cardListJson(vehicles, { total, pages: Math.ceil(total / q.limit), page: 1 }, searchRest);
  }

  /** The newest public vehicles carrying a tag (HOME-12, HOME-13). */
  async tagged(tag: Tag, limit: number, known?: number): Promise<PrecompressedBody> {
    const version = known ?? (await readCatalogueVersion(this.db));
    return this.keep(version, `tagged ${tag} ${limit}`, async () => {
      // The newest tagged vehicles are the first page of a search by that tag.
      const filters: SearchFilters = { ...NO_FILTERS, values: { tags: [tag] } };
      const { ids, snapshot } = await this.page(version, filters, 'newest', 1, limit);
      return cardListJson(await this.cards.jsonOf(this.db, ids, snapshot), {}, listRest);
    });
  }

  /** Makes of public vehicles merged with the default list, sorted. */
  async makes(known?: number): Promise<PrecompressedBody> {
    const version = known ?? (await readCatalogueVersion(this.db));
    return this.keep(version, 'makes', async () => {
      const makes = new Set<string>(DEFAULT_MAKES);
      for (const make of await readPublicMakes(this.db)) if (make.trim()) makes.add(make);
      return JSON.stringify(makesResponseSchema.parse({ makes: [...makes].sort(byName) }));
    });
  }

  /** Models of a make among public vehicles, sorted. */
  async models(make: string): Promise<PrecompressedBody> {
    const version = await readCatalogueVersion(this.db);
    return this.keep(version, `models ${make}`, async () => {
      const models = (await readPublicModels(this.db, make)).filter((m) => m.trim() !== '').sort(byName);
      return JSON.stringify(modelsResponseSchema.parse({ models }));
    });
  }

  /**
   * Vehicles like the given one (DETAIL-29), as the JSON of a vehicle list: the rule is in
   * similar-vehicles.ts, read from the snapshot, so neither the catalogue's size nor a make's
   * size matters (docs/decisions/120-pages-at-any-size.md). Kept per catalogue version like a
   * search: a vehicle page asks the same list every time it is shown.
   */
  async similar(target: SimilarTo, known?: number): Promise<PrecompressedBody> {
    const version = known ?? (await readCatalogueVersion(this.db));
    const { make, model, year, priceCents, exclude, limit } = target;
    return this.keep(
      version,
      `similar ${JSON.stringify([make, model, year, priceCents, exclude, limit])}`,
      async () => {
        const snapshot = await this.snapshots.at(version);
        // `exclude` is an id or a slug; the snapshot knows ids.
        let excludeSlot = exclude === undefined ? undefined : snapshot.slotOf(exclude);
        if (exclude !== undefined && excludeSlot === undefined) {
          const id = await readIdOfSlug(this.db, exclude);
          excludeSlot = id === undefined ? undefined : snapshot.slotOf(id);
        }
        const slots = similarSlots(snapshot.similarSource(), { make, model, year, priceCents, excludeSlot, limit });
        const vehicles = await this.cards.jsonOf(
          this.db,
          slots.map((slot) => snapshot.idOf(slot)),
          snapshot,
        );
        return cardListJson(vehicles, {}, listRest);
      },
    );
  }

  /**
   * The answer of one public vehicle by id or slug (GET /api/vehicles/:id, a vehicle page's
   * data), kept per vehicle while its stamp and the catalogue version hold
   * (vehicle-details.ts, docs/decisions/129-per-request-answers.md): a request costs one read of
   * the vehicle's stamp and the catalogue version together. Undefined for an archived or unknown
   * vehicle, which the vehicle routes answer themselves.
   */
  vehicle(idOrSlug: string): Promise<PrecompressedBody | undefined> {
    return this.details.get(this.db, idOrSlug);
  }

  /**
   * Where a link to a former address of a public vehicle leads: its slug now, when `formerSlug`
   * was its slug before its title changed (docs/decisions/135-former-slugs.md); undefined
   * otherwise. Asked only for a vehicle page nothing else answers, so it keeps nothing.
   */
  slugNow(formerSlug: string): Promise<string | undefined> {
    return readSlugNow(this.db, formerSlug);
  }

  /**
   * What a vehicle's answer is made from: the catalogue version and the vehicle's status, update
   * time, view and watch count, read in one statement; undefined for an unknown vehicle. The page
   * renderer keeps a vehicle page under its text (storefront-pages/page-html.ts): the page shows
   * the vehicle's answer and cards of this catalogue version.
   */
  vehicleStamp(idOrSlug: string): Promise<VehicleStamp | undefined> {
    return this.details.stamp(this.db, idOrSlug);
  }

  /**
   * The vehicle's answer for a stamp just read (vehicleStamp), with no second read of it, and
   * whether the answer is exactly what the stamp describes: a page made from it is kept only then.
   */
  vehicleFromStamp(stamp: VehicleStamp): Promise<StampedAnswer> {
    return this.details.answer(this.db, stamp);
  }

  /**
   * The catalogue version every list and card is valid for (one one-row read): the page
   * renderer keeps rendered pages under it (storefront-pages/kept-pages.ts).
   */
  version(): Promise<number> {
    return readCatalogueVersion(this.db);
  }

  /**
   * One page of ids matching the filters: from the snapshot, or from the kept matches of the
   * words; with the snapshot they come from, whose card stamps the page's cards are shown at
   * (docs/decisions/138-card-stamps.md).
   */
  private async page(
    version: number,
    filters: SearchFilters,
    order: SearchOrder,
    page: number,
    limit: number,
  ): Promise<{ ids: string[]; total: number; totalIsLowerBound?: boolean; snapshot: CatalogueSnapshot }> {
    const snapshot = await this.snapshots.at(version);
    const offset = (page - 1) * limit;
    if (filters.terms.length === 0) {
      // Without words there is nothing to rank: relevance is newest first (SEARCH-04).
      return { ...snapshot.search(filters, order === 'relevance' ? 'newest' : order, offset, limit), snapshot };
    }
    const found = await this.kept.get(version, `text ${order} ${page} ${limit} ${JSON.stringify(filters)}`, () =>
      textSearchPage(this.db, this.dialect, snapshot, filters, { order, offset, limit }),
    );
    return {
      ids: found.ids,
      total: found.total,
      ...(found.totalIsLowerBound ? { totalIsLowerBound: true } : {}),
      snapshot,
    };
  }

  /** The answer kept under `key` for this catalogue version, computing its JSON on a miss. */
  private keep(version: number, key: string, computeJson: () => Promise<string>): Promise<PrecompressedBody> {
    return this.kept.get(version, key, async () => new PrecompressedBody(Buffer.from(await computeJson()), JSON_TYPE));
  }
}

/**
 * What tells two searches apart: their filters as the catalogue applies them, order, page and
 * size. Two queries with the same key get the same answer (the search benchmark counts distinct
 * searches with it).
 */
export function searchKey(q: VehicleSearchQuery): string {
  return keyOf(q, toSearchFilters(q));
}

/** searchKey of a query whose filters are already made. */
const keyOf = (q: VehicleSearchQuery, filters: SearchFilters) =>
  `${q.sort ?? 'relevance'} ${q.page} ${q.limit} ${JSON.stringify(filters)}`;

const byName = (a: string, b: string) => a.localeCompare(b, 'en', { sensitivity: 'base' });

function shuffle<T>(items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [items[i], items[j]] = [items[j] as T, items[i] as T];
  }
  return items;
}
