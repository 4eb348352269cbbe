import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';
import { IS_PUBLIC, type SearchFilters, type SearchOrder, SORT_KEYS } from './vehicle-search-filters.ts';
import { countLookup } from './versioned-cache.ts';

type SortOrder = Exclude<SearchOrder, 'relevance'>;

/**
 * How the full-text side names a vehicle: its rowid on SQLite (the full-text tables' key), its
 * id on PostgreSQL. Both grow with the time a vehicle was added.
 */
export type MatchKey = number | string;

/** A test of one slot against every filter but the words. */
export type SlotTest = (slot: number) => boolean;

/** One page of slots in a sort order, and how many slots match in all. */
export interface IndexPage {
  total: number;
  ids: string[];
}

/**
 * Every public vehicle holding a set of words, newest added first, and each one's relevance tier
 * (vehicle-text-search.ts), aligned: `tiers[i]` is the tier of `slots[i]`.
 */
export interface WordMatches {
  slots: Int32Array;
  tiers: Uint8Array;
}

/**
 * Word matches a snapshot keeps, in slots over all its sets of words (about 5 bytes a slot): a
 * hundred common words of the 100,000-vehicle catalogue, far more rarer ones.
 */
const WORD_MATCHES_KEPT = 2_000_000;

/** Code of a string no vehicle carries: a filter on it matches nothing. */
const ABSENT = -1;

/** Some slots in some order, with their prices and years in that order. */
interface SlotGroup {
  /** Undefined for every slot in slot order (newest first). */
  slots: Int32Array | undefined;
  priceCents: Float64Array;
  year: Int32Array;
}

/** The filters but the words, ready to test slots with (CatalogueSnapshot.criteria). */
interface Criteria {
  minPrice: number;
  maxPrice: number;
  minYear: number;
  maxYear: number;
  /**
   * One pair per filtered field: a table holding 1 at each value allowed, and the column whose
   * value at a slot indexes it (a code; for tags the slot itself).
   */
  tables: [Uint8Array, Int32Array | Uint8Array][];
}

/**
 * The filter and sort fields of every public vehicle at one catalogue version, in typed arrays
 * (about 12 MB for 100,000 vehicles). A search without words is one pass over them: about a
 * millisecond whatever the filters, where SQL must count every match through an index and
 * sort the matches again for the page (decision 100). Slot 0 is the newest vehicle.
 */
export class CatalogueSnapshot {
  private readonly codes = new Map<string, number>();
  readonly size: number;
  private readonly ids: string[];
  private readonly slotById: Map<string, number>;
  /** SQLite: slot of each rowid, -1 for a rowid that is not a public vehicle. */
  private readonly slotByRowid: Int32Array | undefined;
  /** Each slot's place in id order, made when first needed: ties in a sort break on id. */
  private idRanks: Int32Array | undefined;
  private readonly year: Int32Array;
  private readonly priceCents: Float64Array;
  private readonly mileage: Float64Array;
  private readonly make: Int32Array;
  private readonly model: Int32Array;
  private readonly category: Int32Array;
  private readonly listingType: Int32Array;
  /** Slots of the vehicles carrying each tag. */
  private readonly tagSlots = new Map<string, number[]>();
  /** Each make's vehicles, newest first: a search by make reads only these. */
  private readonly makeGroups = new Map<number, SlotGroup>();
  /** Every slot, newest first. */
  private readonly newest: SlotGroup;
  /** Slot orders other than newest first, made when first asked for. */
  private readonly orders = new Map<SortOrder, SlotGroup>();
  private slotNumbers: Int32Array | undefined;
  /** Word matches by set of words, least recently used first, and their slots in all. */
  private readonly wordLists = new Map<string, { matches: Promise<WordMatches>; slots: number }>();
  private wordListSlots = 0;

  constructor(
    readonly version: number,
    rows: readonly VehicleFields[],
    tags: readonly { vehicle_id: string; tag: string }[],
    private readonly wordMatchesKept = WORD_MATCHES_KEPT,
  ) {
    const sorted = [...rows].sort((a, b) => descending(a.created_at, b.created_at) || descending(a.id, b.id));
    const n = sorted.length;
    this.size = n;
    this.ids = sorted.map((r) => r.id);
    this.year = Int32Array.from(sorted, (r) => r.year);
    this.priceCents = Float64Array.from(sorted, (r) => Number(r.price_cents));
    this.mileage = Float64Array.from(sorted, (r) => r.mileage);
    this.make = Int32Array.from(sorted, (r) => this.code(r.make));
    this.model = Int32Array.from(sorted, (r) => this.code(r.model));
    this.category = Int32Array.from(sorted, (r) => this.code(r.category));
    this.listingType = Int32Array.from(sorted, (r) => this.code(r.listing_type));
    this.slotById = new Map(this.ids.map((id, slot) => [id, slot]));
    this.newest = { slots: undefined, priceCents: this.priceCents, year: this.year };
    const byMake = new Map<number, number[]>();
    for (const [slot, make] of this.make.entries()) {
      const slots = byMake.get(make);
      if (slots) slots.push(slot);
      else byMake.set(make, [slot]);
    }
    for (const [make, slots] of byMake) this.makeGroups.set(make, this.group(Int32Array.from(slots)));
    if (sorted.every((r) => r.rowid !== undefined)) {
      const maxRowid = sorted.reduce((max, r) => Math.max(max, r.rowid ?? 0), 0);
      this.slotByRowid = new Int32Array(maxRowid + 1).fill(-1);
      for (const [slot, r] of sorted.entries()) this.slotByRowid[r.rowid ?? 0] = slot;
    }
    for (const { vehicle_id, tag } of tags) {
      const slot = this.slotById.get(vehicle_id);
      if (slot === undefined) continue; // an Archived vehicle's tag
      const slots = this.tagSlots.get(tag);
      if (slots) slots.push(slot);
      else this.tagSlots.set(tag, [slot]);
    }
  }

  private code(value: string): number {
    let code = this.codes.get(value);
    if (code === undefined) {
      code = this.codes.size;
      this.codes.set(value, code);
    }
    return code;
  }

  /** The code of a filter value, ABSENT when no public vehicle has it. */
  private lookup(value: string): number {
    return this.codes.get(value) ?? ABSENT;
  }

  /** The slot of a full-text match, undefined when it is not in this snapshot. */
  slotOf(key: MatchKey): number | undefined {
    if (typeof key === 'string') return this.slotById.get(key);
    const slot = this.slotByRowid?.[key];
    return slot === undefined || slot < 0 ? undefined : slot;
  }

  idOf(slot: number): string {
    return this.ids[slot] as string;
  }

  /**
   * The filters (words aside) as bounds and tables: a table holds 1 for each code a field may
   * have (for tags: each slot with a wanted tag); a field that is not filtered has none.
   * Null when some filter can match nothing (a make no public vehicle has).
   */
  private criteria(f: SearchFilters): Criteria | null {
    const make = this.allowed(f.make === undefined ? [] : [f.make]);
    const model = this.allowed(f.model === undefined ? [] : [f.model]);
    const listingType = this.allowed(f.listingType === undefined ? [] : [f.listingType]);
    const category = this.allowed(f.categories);
    if (make === null || model === null || listingType === null || category === null) return null;
    let tagged: Uint8Array | undefined;
    if (f.tags.length > 0) {
      tagged = new Uint8Array(this.size);
      for (const tag of f.tags) for (const slot of this.tagSlots.get(tag) ?? []) tagged[slot] = 1;
    }
    const tables: [Uint8Array, Int32Array | Uint8Array][] = [];
    if (make) tables.push([make, this.make]);
    if (model) tables.push([model, this.model]);
    if (listingType) tables.push([listingType, this.listingType]);
    if (category) tables.push([category, this.category]);
    if (tagged) tables.push([tagged, this.slots()]);
    return {
      minPrice: f.minPriceCents ?? Number.NEGATIVE_INFINITY,
      maxPrice: f.maxPriceCents ?? Number.POSITIVE_INFINITY,
      minYear: f.minYear ?? Number.NEGATIVE_INFINITY,
      maxYear: f.maxYear ?? Number.POSITIVE_INFINITY,
      tables,
    };
  }

  /** A table of the codes a field may have: undefined when it is not filtered, null when no vehicle has any. */
  private allowed(values: readonly string[]): Uint8Array | undefined | null {
    if (values.length === 0) return undefined;
    const table = new Uint8Array(this.codes.size);
    let any = false;
    for (const value of values) {
      const code = this.lookup(value);
      if (code === ABSENT) continue;
      table[code] = 1;
      any = true;
    }
    return any ? table : null;
  }

  /** Every slot's own number: the column a tag table is read through. */
  private slots(): Int32Array {
    this.slotNumbers ??= Int32Array.from({ length: this.size }, (_, i) => i);
    return this.slotNumbers;
  }

  /** A test of one slot against every filter but the words, or null when some filter can match nothing. */
  matcher(f: SearchFilters): SlotTest | null {
    const c = this.criteria(f);
    if (!c) return null;
    const { priceCents, year } = this;
    return (slot) => {
      const price = priceCents[slot] as number;
      const made = year[slot] as number;
      if (price < c.minPrice || price > c.maxPrice || made < c.minYear || made > c.maxYear) return false;
      return c.tables.every(([table, column]) => table[column[slot] as number] === 1);
    };
  }

  /**
   * The slots that pass the filters (words aside), in the order given (every slot, newest first,
   * when none is). Prices and years first, without a branch: every slot is written and the count
   * moves by 0 or 1, because a range that keeps about half the vehicles makes an `if` guess wrong
   * half the time (three times the cost). Then the codes and tags, on what is left. A group's
   * prices and years are its own copies in its own order, read one after the other rather than
   * gathered from all over the catalogue's columns (a search by make: 43 -> 24 microseconds).
   */
  private matchingSlots(c: Criteria, group: SlotGroup = this.newest): Int32Array {
    const { slots, priceCents, year } = group;
    const n = priceCents.length;
    const { minPrice, maxPrice, minYear, maxYear } = c;
    const out = new Int32Array(n);
    let found = 0;
    for (let i = 0; i < n; i++) {
      const price = priceCents[i] as number;
      const made = year[i] as number;
      out[found] = slots ? (slots[i] as number) : i;
      found += +(price >= minPrice) & +(price <= maxPrice) & +(made >= minYear) & +(made <= maxYear);
    }
    for (const [table, column] of c.tables) {
      const kept = found;
      found = 0;
      for (let i = 0; i < kept; i++) {
        const slot = out[i] as number;
        out[found] = slot;
        found += table[column[slot] as number] as number;
      }
    }
    return out.subarray(0, found);
  }

  /**
   * Compares two slots in a sort order: the sort column, then the id, both in the order's
   * direction (SORT_KEYS). Ids are compared by rank, numbers only.
   */
  comparator(sort: SortOrder): (a: number, b: number) => number {
    if (sort === 'newest') return (a, b) => a - b;
    const [column, direction] = SORT_KEYS[sort];
    const values = column === 'price_cents' ? this.priceCents : column === 'year' ? this.year : this.mileage;
    const ranks = this.ranks();
    const sign = direction === 'asc' ? 1 : -1;
    return (a, b) =>
      sign * ((values[a] as number) - (values[b] as number) || (ranks[a] as number) - (ranks[b] as number));
  }

  private ranks(): Int32Array {
    if (!this.idRanks) {
      const { ids } = this;
      const byId = Int32Array.from({ length: this.size }, (_, i) => i).sort((a, b) =>
        ascending(ids[a] as string, ids[b] as string),
      );
      this.idRanks = new Int32Array(this.size);
      for (const [rank, slot] of byId.entries()) this.idRanks[slot] = rank;
    }
    return this.idRanks;
  }

  /**
   * The matches of a set of words, read once per snapshot (`read` runs on the first search of
   * those words; concurrent searches share it) and kept while the snapshot lives, the least
   * recently searched going first past `wordMatchesKept` slots. A failed read is not kept.
   */
  async wordMatches(words: string, read: () => Promise<WordMatches>): Promise<WordMatches> {
    const kept = this.wordLists.get(words);
    countLookup(`words ${words}`, kept !== undefined);
    if (kept) {
      this.wordLists.delete(words);
      this.wordLists.set(words, kept);
      return kept.matches;
    }
    const entry = { matches: read(), slots: 0 };
    this.wordLists.set(words, entry);
    try {
      const matches = await entry.matches;
      if (this.wordLists.get(words) === entry) {
        entry.slots = matches.slots.length;
        this.wordListSlots += entry.slots;
        for (const [oldest, list] of this.wordLists) {
          if (this.wordListSlots <= this.wordMatchesKept || list === entry) break;
          this.wordLists.delete(oldest);
          this.wordListSlots -= list.slots;
        }
      }
      return matches;
    } catch (err) {
      if (this.wordLists.get(words) === entry) this.wordLists.delete(words);
      throw err;
    }
  }

  /** Makes every sort order now rather than on the first search that asks for it. */
  prepareOrders(): void {
    for (const sort of Object.keys(SORT_KEYS) as SortOrder[]) this.order(sort);
  }

  /** Some slots in their order, with copies of their prices and years in that order. */
  private group(slots: Int32Array): SlotGroup {
    return {
      slots,
      priceCents: Float64Array.from(slots, (slot) => this.priceCents[slot] as number),
      year: Int32Array.from(slots, (slot) => this.year[slot] as number),
    };
  }

  /** Every slot in a sort order, made once per order and snapshot. */
  private order(sort: SortOrder): SlotGroup {
    if (sort === 'newest') return this.newest;
    let order = this.orders.get(sort);
    if (!order) {
      order = this.group(Int32Array.from({ length: this.size }, (_, i) => i).sort(this.comparator(sort)));
      this.orders.set(sort, order);
    }
    return order;
  }

  /** One page of the public vehicles matching the filters (words aside), and how many match. */
  search(f: SearchFilters, sort: SortOrder, offset: number, limit: number): IndexPage {
    const order = this.order(sort);
    if (narrowsNothing(f)) {
      const ids: string[] = [];
      for (let i = offset; i < Math.min(offset + limit, this.size); i++) {
        ids.push(this.ids[order.slots ? (order.slots[i] as number) : i] as string);
      }
      return { total: this.size, ids };
    }
    const sameMake = f.make === undefined ? undefined : this.makeGroups.get(this.lookup(f.make));
    // Every vehicle of the make's group has the make: no need to test it again.
    const c = this.criteria(sameMake ? { ...f, make: undefined } : f);
    if (!c) return { total: 0, ids: [] };
    let matches: Int32Array;
    if (sameMake) {
      // A make holds a few percent of the catalogue: test only its vehicles, sort only the matches.
      matches = this.matchingSlots(c, sameMake);
      if (sort !== 'newest') matches.sort(this.comparator(sort));
    } else {
      matches = this.matchingSlots(c, order);
    }
    const page = matches.subarray(offset, offset + limit);
    return { total: matches.length, ids: Array.from(page, (slot) => this.ids[slot] as string) };
  }

  /** Every match's id, newest first. */
  matchingIds(f: SearchFilters): string[] {
    const c = this.criteria(f);
    return c ? Array.from(this.matchingSlots(c), (slot) => this.ids[slot] as string) : [];
  }
}

/** True when no filter but the words is set: every public vehicle matches. */
const narrowsNothing = (f: SearchFilters): boolean =>
  f.make === undefined &&
  f.model === undefined &&
  f.minPriceCents === undefined &&
  f.maxPriceCents === undefined &&
  f.minYear === undefined &&
  f.maxYear === undefined &&
  f.listingType === undefined &&
  f.tags.length === 0 &&
  f.categories.length === 0;

const ascending = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const descending = (a: string, b: string) => ascending(b, a);

/** The columns the snapshot keeps, as read from the database. */
export interface VehicleFields {
  /** SQLite only: the key of the full-text tables. */
  rowid?: number;
  id: string;
  created_at: string;
  year: number;
  price_cents: number | string;
  mileage: number;
  make: string;
  model: string;
  category: string;
  listing_type: string;
}

/**
 * The latest snapshot of the public catalogue, rebuilt when the catalogue version moves on.
 * The version is read before the rows, so a snapshot is never older than its label; requests
 * that need a newer one while it is being read share that one read. Reading 100,000 vehicles
 * takes a few hundred milliseconds, once per catalogue change.
 */
export class CatalogueIndex {
  private latest: Promise<CatalogueSnapshot> | undefined;
  private latestVersion = -1;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly dialect: Dialect,
    private readonly readVersion: (db: Kysely<DB>) => Promise<number>,
  ) {}

  /** A snapshot at least as new as `version`. */
  async at(version: number): Promise<CatalogueSnapshot> {
    if (this.latest && this.latestVersion >= version) return this.latest;
    const building = this.build();
    this.latest = building;
    this.latestVersion = version;
    try {
      const snapshot = await building;
      if (this.latest === building) this.latestVersion = snapshot.version;
      return snapshot;
    } catch (err) {
      // A failed read (database briefly down) must not be kept.
      if (this.latest === building) {
        this.latest = undefined;
        this.latestVersion = -1;
      }
      throw err;
    }
  }

  /**
   * Reads the current snapshot and makes its sort orders, so the first visitors after a start
   * do not wait for them (about half a second on 100,000 vehicles).
   */
  async warm(): Promise<void> {
    (await this.at(await this.readVersion(this.db))).prepareOrders();
  }

  private async build(): Promise<CatalogueSnapshot> {
    const version = await this.readVersion(this.db);
    const columns = [
      'id',
      'created_at',
      'year',
      'price_cents',
      'mileage',
      'make',
      'model',
      'category',
      'listing_type',
    ] as const;
    const [rows, tags] = await Promise.all([
      this.dialect === 'sqlite'
        ? this.db
            .selectFrom('vehicles')
            .select([...columns, sql<number>`vehicles.rowid`.as('rowid')])
            .where(IS_PUBLIC)
            .execute()
        : this.db.selectFrom('vehicles').select(columns).where(IS_PUBLIC).execute(),
      this.db.selectFrom('vehicle_tags').select(['vehicle_id', 'tag']).execute(),
    ]);
    return new CatalogueSnapshot(version, rows, tags);
  }
}
