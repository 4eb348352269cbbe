import { LRUCache } from 'lru-cache';
import type { RangeFilter } from '@vm/shared/search-filters';
import type { CacheLookups } from './cache-lookups.ts';
import type { SnapshotRow, SnapshotTag } from './catalogue-repository.ts';
import {
  COLUMN_VALUE_FILTERS,
  type ColumnValueFilter,
  FILTER_COLUMNS,
  narrowsNothing,
  RANGE_FILTERS,
  type SearchFilters,
  SORT_KEYS,
  type SortOrder,
} from './search-filters.ts';
import type { SimilarSource } from './similar-vehicles.ts';

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
 * (text-search.ts), aligned: `tiers[i]` is the tier of `slots[i]`.
 */
export interface WordMatches {
  slots: Int32Array;
  tiers: Uint8Array;
}

/**
 * Word matches a snapshot keeps, in slots over all its sets of words (about 5 bytes a slot): a
 * hundred common words of the 100,000-vehicle catalogue, far more rarer ones. A set of words
 * that matches nothing counts as one slot, and at most WORD_SETS_KEPT sets are kept, so words
 * that match nothing cannot fill memory either.
 */
const WORD_MATCHES_KEPT = 2_000_000;
const WORD_SETS_KEPT = 20_000;

const NO_SLOTS = new Int32Array(0);

/** Code of a string no vehicle carries: a filter on it matches nothing. */
const ABSENT = -1;

/** The filter that groups the snapshot: a search by make reads only that make's vehicles. */
const GROUP_FILTER = 'make' satisfies ColumnValueFilter;

/** Some slots in some order, with each range filter's column in that order. */
interface SlotGroup {
  /** Undefined for every slot in slot order (newest first). */
  slots: Int32Array | undefined;
  ranges: Record<RangeFilter, Float64Array>;
}

/** The filters but the words, ready to test slots with (CatalogueSnapshot.criteria). */
interface Criteria {
  /** The range filters set, with their bounds (an open end is infinite). */
  ranges: [RangeFilter, number, number][];
  /**
   * One pair per filtered field: a table holding 1 at each value allowed, and the column whose
   * value at a slot indexes it (a code; for tags the slot itself).
   */
  tables: [Uint8Array, Int32Array | Uint8Array][];
}

/** What a snapshot is made of: every public vehicle's row and tags, or the last snapshot and the changes since. */
type SnapshotContent =
  | { rows: readonly SnapshotRow[]; tags: readonly SnapshotTag[] }
  | { previous: CatalogueSnapshot; plan: SlotPlan; tags: readonly SnapshotTag[] };

/** A vehicle's row to write at a slot. */
interface SlotWrite {
  slot: number;
  row: SnapshotRow;
}

/** How the slots of a snapshot made from the last one follow from the last one's (CatalogueSnapshot.patched). */
interface SlotPlan {
  /** Each old slot's new slot; -1 for a vehicle changed since (its row is written again) or gone. */
  newSlotOf: Int32Array;
  /** The rows of the vehicles changed since, at their new slots. */
  writes: SlotWrite[];
  /**
   * Undefined when every vehicle keeps its slot (edits only). Otherwise the new slots' ids and
   * created times, and each new slot's old one (-1 for a row written).
   */
  moved?: { ids: string[]; createdAts: string[]; oldSlotOf: Int32Array };
}

/** Newest added first; ties on the created time broken by id, the same way (the slot order). */
const newestFirst = (a: Pick<SnapshotRow, 'created_at' | 'id'>, b: Pick<SnapshotRow, 'created_at' | 'id'>) =>
  descending(a.created_at, b.created_at) || descending(a.id, b.id);

/**
 * The numeric columns a snapshot keeps: each sort's column and each range filter's. The created
 * time is the slot order itself.
 */
const NUMBER_COLUMNS = [
  ...new Set([
    ...Object.values(SORT_KEYS).map(([column]) => column as string),
    ...RANGE_FILTERS.map((name) => FILTER_COLUMNS[name].column as string),
  ]),
].filter((column) => column !== 'created_at');

/**
 * The filter and sort fields of every public vehicle at one catalogue version, in typed arrays
 * (about 12 MB for 100,000 vehicles, and 8 MB more for each make's own sort orders). A search
 * without words is one pass over them: well under a millisecond whatever the filters, where SQL
 * must count every match through an index and sort the matches again for the page
 * (docs/decisions/110). Slot 0 is the newest vehicle.
 */
export class CatalogueSnapshot {
  private readonly codes: Map<string, number>;
  readonly size: number;
  private readonly ids: string[];
  /** Each slot's created time: an edit that keeps it keeps the vehicle's slot (patched). */
  private readonly createdAts: string[];
  private readonly slotById: Map<string, number>;
  /** Each slot's card stamp (vehicles.card_version, docs/decisions/138-card-stamps.md). */
  private readonly cardStamps: Float64Array;
  /** SQLite: slot of each rowid, -1 for a rowid that is not a public vehicle. */
  private readonly slotByRowid: Int32Array | undefined;
  /** Each slot's place in id order, made when first needed: ties in a sort break on id. */
  private idRanks: Int32Array | undefined;
  /** Each numeric column a range filter or a sort reads, by column name. */
  private readonly numbers = new Map<string, Float64Array>();
  /** Each value filter's column, as codes. */
  private readonly valueCodes = {} as Record<ColumnValueFilter, Int32Array>;
  /** Slots of the vehicles carrying each tag. */
  private readonly tagSlots = new Map<string, number[]>();
  /** Each make's vehicles, newest first: a search by make reads only these. */
  private readonly groups = new Map<number, SlotGroup>();
  /** Each make's vehicles in another sort order, by order and make code (groupInOrder). */
  private readonly sortedGroups = new Map<SortOrder, Map<number, SlotGroup>>();
  /** Every slot, newest first. */
  private readonly newest: SlotGroup;
  /** Slot orders other than newest first, made when first asked for. */
  private readonly orders = new Map<SortOrder, SlotGroup>();
  /** Each slot's place in a sort order, made by the first search within a make in that order. */
  private readonly places = new Map<SortOrder, Int32Array>();
  private slotNumbers: Int32Array | undefined;
  /** Word matches by set of words; the least recently searched go first past the bounds. */
  private readonly wordLists: LRUCache<string, { matches: Promise<WordMatches> }>;

  /**
   * A snapshot of the public vehicles' rows and tags, or the next snapshot made from the last one
   * and the vehicles changed since (see `patched`).
   */
  constructor(
    readonly version: number,
    content: SnapshotContent,
    private readonly lookups?: CacheLookups,
    wordMatchesKept = WORD_MATCHES_KEPT,
  ) {
    this.wordLists = new LRUCache({ max: WORD_SETS_KEPT, maxSize: wordMatchesKept, sizeCalculation: () => 1 });
    if ('previous' in content) {
      // Every column is carried to the new slots and the changed rows written again. When no
      // vehicle moved, what follows from the slots alone is shared.
      const { previous, plan, tags } = content;
      const { moved, newSlotOf, writes } = plan;
      this.ids = moved?.ids ?? previous.ids;
      this.size = this.ids.length;
      this.createdAts = moved?.createdAts ?? previous.createdAts;
      this.slotById = moved ? slotsOfIds(this.ids) : previous.slotById;
      this.slotByRowid =
        moved && previous.slotByRowid ? rowidsMoved(previous.slotByRowid, newSlotOf, writes) : previous.slotByRowid;
      this.slotNumbers = moved ? undefined : previous.slotNumbers;
      this.codes = new Map(previous.codes);
      const oldSlotOf = moved?.oldSlotOf;
      this.cardStamps = carried(previous.cardStamps, oldSlotOf);
      for (const [column, values] of previous.numbers) this.numbers.set(column, carried(values, oldSlotOf));
      for (const name of COLUMN_VALUE_FILTERS) this.valueCodes[name] = carried(previous.valueCodes[name], oldSlotOf);
      for (const { slot, row } of writes) this.writeRow(slot, row);
      this.idRanks = moved && previous.idRanks ? this.ranksAfter(previous, plan) : previous.idRanks;
      for (const [tag, slots] of previous.tagSlots) this.tagSlots.set(tag, Array.from(movedSlots(slots, newSlotOf)));
      this.addTags(tags);
      this.newest = this.group(undefined);
      this.patchOrders(previous, plan);
      return;
    }
    const sorted = [...content.rows].sort(newestFirst);
    this.size = sorted.length;
    this.ids = sorted.map((r) => r.id);
    this.createdAts = sorted.map((r) => r.created_at);
    this.codes = new Map();
    this.cardStamps = new Float64Array(this.size);
    for (const column of NUMBER_COLUMNS) this.numbers.set(column, new Float64Array(this.size));
    for (const name of COLUMN_VALUE_FILTERS) this.valueCodes[name] = new Int32Array(this.size);
    for (let slot = 0; slot < sorted.length; slot++) this.writeRow(slot, sorted[slot] as SnapshotRow);
    this.slotById = slotsOfIds(this.ids);
    this.newest = this.group(undefined);
    for (const [code, slots] of this.slotsByMake()) this.groups.set(code, this.group(Int32Array.from(slots)));
    if (sorted.every((r) => r.rowid !== undefined)) {
      const maxRowid = sorted.reduce((max, r) => Math.max(max, r.rowid ?? 0), 0);
      this.slotByRowid = new Int32Array(maxRowid + 1).fill(-1);
      for (const [slot, r] of sorted.entries()) this.slotByRowid[r.rowid ?? 0] = slot;
    }
    this.addTags(content.tags);
  }

  /** Writes a vehicle's row into its slot of every column. */
  private writeRow(slot: number, row: SnapshotRow): void {
    this.cardStamps[slot] = row.card_version;
    for (const [column, values] of this.numbers) values[slot] = Number(row[column as keyof SnapshotRow]);
    for (const name of COLUMN_VALUE_FILTERS)
      this.valueCodes[name][slot] = this.code(String(row[FILTER_COLUMNS[name].column]));
  }

  /** Adds each tag to its vehicle's slot; a tag of a vehicle the snapshot does not hold (Archived) is skipped. */
  private addTags(tags: readonly SnapshotTag[]): void {
    for (const { vehicle_id, tag } of tags) {
      const slot = this.slotById.get(vehicle_id);
      if (slot === undefined) continue;
      const slots = this.tagSlots.get(tag);
      if (slots) slots.push(slot);
      else this.tagSlots.set(tag, [slot]);
    }
  }

  /** The slots of each make, newest first: of every make, or of the makes flagged in `only` (by code). */
  private slotsByMake(only?: Uint8Array): Map<number, number[]> {
    const makes = this.valueCodes[GROUP_FILTER];
    const byMake = new Map<number, number[]>();
    for (let slot = 0; slot < this.size; slot++) {
      const code = makes[slot] as number;
      if (only && only[code] !== 1) continue;
      const slots = byMake.get(code);
      if (slots) slots.push(slot);
      else byMake.set(code, [slot]);
    }
    return byMake;
  }

  /**
   * The next snapshot, made from this one and the vehicles changed since: `rows`, the public
   * ones, and `gone`, the ids of the others (archived or deleted). Its columns are copies of these carried
   * to the new slots with the changed rows written again, and each sort order made is this
   * one's with the changed slots placed again by binary search: tens of milliseconds at 100,000
   * vehicles, where making a snapshot whole takes most of a second
   * (docs/decisions/139-patched-snapshots.md). When every change is an edit (a vehicle this
   * snapshot holds, with the same created time and rowid) no vehicle moves, and what follows from
   * the slots alone is shared. Undefined when so many vehicles changed that making it whole costs
   * as little.
   */
  patched(
    version: number,
    rows: readonly SnapshotRow[],
    gone: readonly string[],
    tags: readonly SnapshotTag[],
  ): CatalogueSnapshot | undefined {
    if ((rows.length + gone.length) * 4 > this.size) return undefined;
    if (this.slotByRowid && rows.some((row) => row.rowid === undefined)) return undefined;
    // Each vehicle once: the databases' reads cannot give one twice, and a plan would place it twice.
    if (new Set(rows.map((row) => row.id)).size !== rows.length) return undefined;
    const plan = this.editsOnly(rows, gone) ?? this.slotsMoved(rows, gone);
    return new CatalogueSnapshot(version, { previous: this, plan, tags }, this.lookups, this.wordLists.maxSize);
  }

  /** The plan when every change is an edit and no vehicle left: each keeps its slot. */
  private editsOnly(rows: readonly SnapshotRow[], gone: readonly string[]): SlotPlan | undefined {
    if (gone.some((id) => this.slotById.has(id))) return undefined;
    const writes: SlotWrite[] = [];
    for (const row of rows) {
      const slot = this.slotById.get(row.id);
      if (slot === undefined || this.createdAts[slot] !== row.created_at) return undefined;
      if (this.slotByRowid && (row.rowid === undefined || this.slotByRowid[row.rowid] !== slot)) return undefined;
      writes.push({ slot, row });
    }
    const newSlotOf = everySlot(this.size);
    for (const { slot } of writes) newSlotOf[slot] = -1;
    return { newSlotOf, writes };
  }

  /**
   * The plan when vehicles were added, left or moved: every changed vehicle leaves its slot and
   * its row is placed again among the others, newest first, in one pass.
   */
  private slotsMoved(rows: readonly SnapshotRow[], gone: readonly string[]): SlotPlan {
    const newSlotOf = new Int32Array(this.size).fill(-1);
    const leaving = new Uint8Array(this.size);
    for (const id of [...gone, ...rows.map((r) => r.id)]) {
      const slot = this.slotById.get(id);
      if (slot !== undefined) leaving[slot] = 1;
    }
    const arriving = [...rows].sort(newestFirst);
    const ids: string[] = [];
    const createdAts: string[] = [];
    const oldSlots: number[] = [];
    const writes: SlotWrite[] = [];
    let next = 0;
    for (let old = 0; old <= this.size; old++) {
      if (old < this.size && leaving[old] === 1) continue;
      const here =
        old < this.size ? { created_at: this.createdAts[old] as string, id: this.ids[old] as string } : undefined;
      for (let row = arriving[next]; row && (!here || newestFirst(row, here) < 0); row = arriving[++next]) {
        writes.push({ slot: ids.length, row });
        ids.push(row.id);
        createdAts.push(row.created_at);
        oldSlots.push(-1);
      }
      if (!here) break;
      newSlotOf[old] = ids.length;
      ids.push(here.id);
      createdAts.push(here.created_at);
      oldSlots.push(old);
    }
    return { newSlotOf, writes, moved: { ids, createdAts, oldSlotOf: Int32Array.from(oldSlots) } };
  }

  /** Each slot's place in id order after vehicles moved: the previous order kept, the written ones placed again. */
  private ranksAfter(previous: CatalogueSnapshot, { newSlotOf, writes }: SlotPlan): Int32Array {
    const byId = new Int32Array(previous.size);
    previous.ranks().forEach((rank, slot) => {
      byId[rank] = slot;
    });
    const compare = (a: number, b: number) => ascending(this.ids[a] as string, this.ids[b] as string);
    const inIdOrder = placeAmong(movedSlots(byId, newSlotOf), writes.map(({ slot }) => slot).sort(compare), compare);
    const ranks = new Int32Array(this.size);
    for (let rank = 0; rank < inIdOrder.length; rank++) ranks[inIdOrder[rank] as number] = rank;
    return ranks;
  }

  /**
   * The groups and sort orders of a snapshot made from the last one. When no vehicle moved, a
   * make none of whose vehicles changed (before or after the change) keeps its groups, which hold
   * the same values, and a changed make's group is made again; when vehicles moved, every make's
   * is. A make's own sort orders are made again when next asked for. Each catalogue order made
   * is the previous one carried to the new slots without the changed ones, with those placed
   * again by binary search.
   */
  private patchOrders(previous: CatalogueSnapshot, { moved, newSlotOf, writes }: SlotPlan): void {
    const changedMakes = new Uint8Array(this.codes.size);
    if (moved) changedMakes.fill(1);
    else
      for (const { slot } of writes) {
        changedMakes[previous.valueCodes[GROUP_FILTER][slot] as number] = 1;
        changedMakes[this.valueCodes[GROUP_FILTER][slot] as number] = 1;
      }
    if (!moved) {
      for (const [code, group] of previous.groups) if (changedMakes[code] === 0) this.groups.set(code, group);
      for (const [sort, groups] of previous.sortedGroups) {
        const kept = new Map<number, SlotGroup>();
        for (const [code, group] of groups) if (changedMakes[code] === 0) kept.set(code, group);
        this.sortedGroups.set(sort, kept);
      }
    }
    for (const [code, slots] of this.slotsByMake(changedMakes))
      this.groups.set(code, this.group(Int32Array.from(slots)));
    const written = writes.map(({ slot }) => slot);
    for (const [sort, order] of previous.orders) {
      const compare = this.comparator(sort);
      const others = movedSlots(order.slots as Int32Array, newSlotOf);
      this.orders.set(sort, this.group(placeAmong(others, [...written].sort(compare), compare)));
    }
  }

  private column(name: string): Float64Array {
    const column = this.numbers.get(name);
    if (!column) throw new Error(`the catalogue snapshot keeps no column ${name}`);
    return column;
  }

  private code(value: string): number {
    let code = this.codes.get(value);
    if (code === undefined) {
      code = this.codes.size;
      this.codes.set(value, code);
    }
    return code;
  }

  /**
   * The code of a filter value, ABSENT when no public vehicle has it. A snapshot made from the
   * last one keeps the last one's codes, so a value no vehicle has any more keeps its code: a
   * filter on it then matches nothing by testing the slots rather than at once.
   */
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

  /** Every public vehicle's id, newest first. */
  get vehicleIds(): readonly string[] {
    return this.ids;
  }

  /**
   * The stamp of a vehicle's card at this snapshot (VehicleCards keeps each card under its
   * stamp). Infinite for a vehicle the snapshot does not hold: no card kept can be known to be
   * as new as the snapshot, so the card is read.
   */
  cardStampOf(id: string): number {
    const slot = this.slotById.get(id);
    return slot === undefined ? Number.POSITIVE_INFINITY : (this.cardStamps[slot] as number);
  }

  /**
   * What the similar-vehicles rule reads (similar-vehicles.ts): prices and years by slot, each
   * make's slots newest first (its group), models as codes, and the slots by price (the
   * price_asc order, made once per snapshot).
   */
  similarSource(): SimilarSource {
    const models = this.valueCodes.model;
    return {
      size: this.size,
      price: this.column(FILTER_COLUMNS.price.column),
      year: this.column(FILTER_COLUMNS.year.column),
      slotsOfMake: (make) => this.groups.get(this.lookup(make))?.slots ?? NO_SLOTS,
      modelTest: (model) => {
        const code = this.lookup(model);
        return (slot) => models[slot] === code;
      },
      byPrice: () => {
        const order = this.order('price_asc');
        return { slots: order.slots ?? NO_SLOTS, prices: order.ranges.price };
      },
    };
  }

  /**
   * The filters (words aside) as bounds and tables: a table holds 1 for each code a field may
   * have (for tags: each slot with a wanted tag); a field that is not filtered has none.
   * Null when some filter can match nothing (a make no public vehicle ever had in this chain of
   * snapshots; see lookup).
   */
  private criteria(f: SearchFilters): Criteria | null {
    const tables: [Uint8Array, Int32Array | Uint8Array][] = [];
    for (const name of COLUMN_VALUE_FILTERS) {
      const values = f.values[name];
      if (!values) continue;
      const table = this.allowed(values);
      if (!table) return null;
      tables.push([table, this.valueCodes[name]]);
    }
    const tags = f.values.tags;
    if (tags) {
      const tagged = new Uint8Array(this.size);
      for (const tag of tags) for (const slot of this.tagSlots.get(tag) ?? []) tagged[slot] = 1;
      tables.push([tagged, this.slots()]);
    }
    const ranges: Criteria['ranges'] = [];
    for (const name of RANGE_FILTERS) {
      const bounds = f.ranges[name];
      if (bounds) ranges.push([name, bounds[0] ?? Number.NEGATIVE_INFINITY, bounds[1] ?? Number.POSITIVE_INFINITY]);
    }
    return { ranges, tables };
  }

  /** A table of the codes a field may have, or null when no vehicle has any of them. */
  private allowed(values: readonly string[]): Uint8Array | null {
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
    this.slotNumbers ??= everySlot(this.size);
    return this.slotNumbers;
  }

  /** A test of one slot against every filter but the words, or null when some filter can match nothing. */
  matcher(f: SearchFilters): SlotTest | null {
    const c = this.criteria(f);
    if (!c) return null;
    const ranges = c.ranges.map(([name, min, max]) => [this.newest.ranges[name], min, max] as const);
    return (slot) =>
      ranges.every(([values, min, max]) => {
        const value = values[slot] as number;
        return value >= min && value <= max;
      }) && c.tables.every(([table, column]) => table[column[slot] as number] === 1);
  }

  /**
   * The slots that pass the filters (words aside), in the group's order (every slot, newest
   * first, when none is given), and how many pass. Each range first, without a branch: every
   * position is written and the count moves by 0 or 1, because a range that keeps about half the
   * vehicles makes an `if` guess wrong half the time (three times the cost). A group's range
   * columns are its own copies in its own order, read one after the other rather than gathered
   * from all over the catalogue's columns. Then the codes and tags, on the slots that are left.
   * When only the ranges filter, the slots past the first `keep` are counted, not written
   * (a page needs its own slots and the total; docs/decisions/132-make-orders.md), and, given
   * `inOrder` (the same slots in another sort order), counted without reading them all
   * (countInRangeOrder).
   */
  private matchingSlots(
    c: Criteria,
    group: SlotGroup = this.newest,
    keep = Number.POSITIVE_INFINITY,
    inOrder?: (sort: SortOrder) => SlotGroup | undefined,
  ): { slots: Int32Array; total: number } {
    const { slots } = group;
    const n = slots ? slots.length : this.size;
    // With nothing but the first two ranges to check, only the first `keep` matches are written
    // (the rest are only counted): a page of a make's thousands of vehicles needs room for one page.
    const writesAll = c.ranges.length === 0 || c.tables.length > 0 || c.ranges.length > 2;
    const out = new Int32Array(writesAll ? n : Math.min(n, keep));
    let found = n;
    let total = n;
    if (c.ranges.length === 0) {
      for (let i = 0; i < n; i++) out[i] = slots ? (slots[i] as number) : i;
    } else {
      // Positions in the group first: the group's own columns are read by position. The first
      // two ranges (price and year today) in one pass, reading both columns side by side; any
      // further range on what is left.
      const [[first, min1, max1], second] = c.ranges as [Criteria['ranges'][number], ...Criteria['ranges']];
      const values1 = group.ranges[first];
      const [values2, min2, max2] = second
        ? [group.ranges[second[0]], second[1], second[2]]
        : [values1, Number.NEGATIVE_INFINITY, Number.POSITIVE_INFINITY];
      const written = writesAll ? n : out.length;
      found = 0;
      let i = 0;
      for (; i < n && found < written; i++) {
        const value1 = values1[i] as number;
        const value2 = values2[i] as number;
        out[found] = i;
        found += +(value1 >= min1) & +(value1 <= max1) & +(value2 >= min2) & +(value2 <= max2);
      }
      total = found;
      const counted = i < n && inOrder ? this.countInRangeOrder(c.ranges, inOrder) : undefined;
      if (counted !== undefined) total = counted;
      else
        for (; i < n; i++) {
          const value1 = values1[i] as number;
          const value2 = values2[i] as number;
          total += +(value1 >= min1) & +(value1 <= max1) & +(value2 >= min2) & +(value2 <= max2);
        }
      for (const [name, min, max] of c.ranges.slice(2)) {
        const values = group.ranges[name];
        const kept = found;
        found = 0;
        for (let i = 0; i < kept; i++) {
          const position = out[i] as number;
          const value = values[position] as number;
          out[found] = position;
          found += +(value >= min) & +(value <= max);
        }
        total = found;
      }
      if (slots) for (let i = 0; i < found; i++) out[i] = slots[out[i] as number] as number;
    }
    for (const [table, column] of c.tables) {
      const kept = found;
      found = 0;
      for (let i = 0; i < kept; i++) {
        const slot = out[i] as number;
        out[found] = slot;
        found += table[column[slot] as number] as number;
      }
      total = found;
    }
    return { slots: out.subarray(0, found), total };
  }

  /**
   * How many slots of a group pass the ranges, read in a sort order over a range's own column,
   * where the slots in that range are one run: two binary searches find each range's run, and
   * only the shortest run is read, for the other range. A make's thousands of vehicles cost a
   * few dozen reads when only the price is asked, and the shorter of the price and year runs
   * otherwise (docs/decisions/137-counting-by-order.md). Undefined (the caller scans instead)
   * when a range has no order over its column, or `inOrder` has none made.
   */
  private countInRangeOrder(
    ranges: Criteria['ranges'],
    inOrder: (sort: SortOrder) => SlotGroup | undefined,
  ): number | undefined {
    // A safeguard: matchingSlots counts this way only with at most two ranges, and the run is
    // read for one other range.
    if (ranges.length > 2) return undefined;
    let shortest: { group: SlotGroup; name: RangeFilter; from: number; to: number } | undefined;
    for (const [name, min, max] of ranges) {
      const sort = RANGE_ORDERS[name];
      const group = sort === undefined ? undefined : inOrder(sort);
      if (sort === undefined || !group) return undefined;
      const values = group.ranges[name];
      // In an ascending column the run starts at the first value >= min and ends before the first > max.
      const [from, to] =
        SORT_KEYS[sort][1] === 'asc'
          ? [firstWhere(values, (v) => v >= min), firstWhere(values, (v) => v > max)]
          : [firstWhere(values, (v) => v <= max), firstWhere(values, (v) => v < min)];
      if (!shortest || to - from < shortest.to - shortest.from) shortest = { group, name, from, to };
    }
    if (!shortest) return undefined;
    const { group, from, to } = shortest;
    const other = ranges.find(([name]) => name !== shortest.name);
    if (!other) return Math.max(0, to - from);
    // One tight loop over the run, as matchingSlots reads its ranges: a loop over a list of ranges
    // inside it cost six times as much on a run of 1,500.
    const [name, min, max] = other;
    const values = group.ranges[name];
    let count = 0;
    for (let i = from; i < to; i++) {
      const value = values[i] as number;
      count += +(value >= min) & +(value <= max);
    }
    return count;
  }

  /**
   * Compares two slots in a sort order: the sort column, then the id, both in the order's
   * direction (SORT_KEYS). Ids are compared by rank, numbers only.
   */
  private comparator(sort: SortOrder): (a: number, b: number) => number {
    if (sort === 'newest') return (a, b) => a - b;
    const [column, direction] = SORT_KEYS[sort];
    const values = this.column(column);
    const ranks = this.ranks();
    const sign = direction === 'asc' ? 1 : -1;
    return (a, b) =>
      sign * ((values[a] as number) - (values[b] as number) || (ranks[a] as number) - (ranks[b] as number));
  }

  private ranks(): Int32Array {
    if (!this.idRanks) {
      const { ids } = this;
      const byId = everySlot(this.size).sort((a, b) => ascending(ids[a] as string, ids[b] as string));
      this.idRanks = new Int32Array(this.size);
      for (const [rank, slot] of byId.entries()) this.idRanks[slot] = rank;
    }
    return this.idRanks;
  }

  /**
   * The matches of a set of words, read once per snapshot (`read` runs on the first search of
   * those words; concurrent searches share it) and kept while the snapshot lives, the least
   * recently searched going first past the bounds. A failed read is not kept.
   */
  async wordMatches(words: string, read: () => Promise<WordMatches>): Promise<WordMatches> {
    const kept = this.wordLists.get(words);
    this.lookups?.count('words', kept !== undefined);
    if (kept) return kept.matches;
    const entry = { matches: read() };
    this.wordLists.set(words, entry);
    try {
      const matches = await entry.matches;
      // Now its size is known: kept again, weighed by its slots (at least one). A new entry
      // object, because lru-cache takes a set of the same value as no change of size.
      if (this.wordLists.peek(words) === entry)
        this.wordLists.set(words, { matches: entry.matches }, { size: Math.max(1, matches.slots.length) });
      return matches;
    } catch (err) {
      if (this.wordLists.peek(words) === entry) this.wordLists.delete(words);
      throw err;
    }
  }

  /**
   * Makes every sort order, of the whole catalogue and of each make, now rather than on the
   * first search that asks for it (about 0.6 s for 100,000 vehicles, a third of it the makes' orders).
   */
  prepareOrders(): void {
    for (const sort of Object.keys(SORT_KEYS) as SortOrder[]) {
      this.order(sort);
      for (const code of this.groups.keys()) this.groupInOrder(code, sort);
    }
  }

  /** Some slots in their order (every slot newest first when undefined), with copies of the range columns in that order. */
  private group(slots: Int32Array | undefined): SlotGroup {
    const ranges = {} as Record<RangeFilter, Float64Array>;
    for (const name of RANGE_FILTERS) {
      const column = this.column(FILTER_COLUMNS[name].column);
      ranges[name] = slots ? valuesAt(column, slots) : column;
    }
    return { slots, ranges };
  }

  /** Every slot in a sort order, made once per order and snapshot. */
  private order(sort: SortOrder): SlotGroup {
    if (sort === 'newest') return this.newest;
    let order = this.orders.get(sort);
    if (!order) {
      order = this.group(everySlot(this.size).sort(this.comparator(sort)));
      this.orders.set(sort, order);
    }
    return order;
  }

  /**
   * The first `count` of some slots (a word's matches, or all of a make's vehicles for the make's
   * own orders, groupInOrder) in a sort order. Each slot is read as its place in that order, a
   * number (newest first: the slot itself). The places are sorted by the engine's own numeric
   * sort, or, when the count is a small part of the slots (a page near the front), the smallest
   * are kept in a short sorted list as the slots go by. Comparing slots by their column and id
   * took a call per comparison, about 0.3 ms for a make's few thousand matches at 100,000
   * vehicles (docs/decisions/131-fresh-pages.md).
   */
  firstInOrder(slots: Int32Array, sort: SortOrder, count: number): Int32Array {
    // Newest first is the slot order itself: a slot is its own place.
    const ordered = this.order(sort).slots;
    let places: Int32Array | undefined;
    if (ordered) {
      places = this.places.get(sort);
      if (!places) {
        places = new Int32Array(this.size);
        for (let place = 0; place < ordered.length; place++) places[ordered[place] as number] = place;
        this.places.set(sort, places);
      }
    }
    const placeOf = (slot: number) => (places ? (places[slot] as number) : slot);
    const wanted = Math.min(count, slots.length);
    let first: Int32Array;
    if (wanted * 8 >= slots.length) {
      first = new Int32Array(slots.length);
      for (let i = 0; i < slots.length; i++) first[i] = placeOf(slots[i] as number);
      first = first.sort().subarray(0, wanted);
    } else {
      first = new Int32Array(wanted);
      let size = 0;
      for (let i = 0; i < slots.length; i++) {
        const place = placeOf(slots[i] as number);
        if (size === wanted && place >= (first[wanted - 1] as number)) continue;
        let at = size < wanted ? size++ : wanted - 1;
        for (; at > 0 && (first[at - 1] as number) > place; at--) first[at] = first[at - 1] as number;
        first[at] = place;
      }
    }
    if (ordered) for (let i = 0; i < first.length; i++) first[i] = ordered[first[i] as number] as number;
    return first;
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
    const grouped = f.values[GROUP_FILTER];
    const code = grouped?.length === 1 ? this.lookup(grouped[0] as string) : undefined;
    const group = code === undefined ? undefined : this.groupInOrder(code, sort);
    // Every vehicle of the make's group has the make: no need to test it again.
    const c = this.criteria(group ? { ...f, values: { ...f.values, [GROUP_FILTER]: undefined } } : f);
    if (!c) return { total: 0, ids: [] };
    // A make holds a few percent of the catalogue: only its vehicles are tested, already in the
    // sort order. Otherwise every slot is tested in the sort order itself. Either way the
    // matches past the page are counted in the same slots' other orders, once the catalogue's
    // order is made: making it sorts every vehicle (0.1-0.15 s at 100,000), far more than a scan.
    const inOrder = (other: SortOrder) =>
      !this.orders.has(other)
        ? undefined
        : group && code !== undefined
          ? this.groupInOrder(code, other)
          : this.order(other);
    const matches = this.matchingSlots(c, group ?? order, offset + limit, inOrder);
    const page = matches.slots.subarray(offset, offset + limit);
    return { total: matches.total, ids: Array.from(page, (slot) => this.ids[slot] as string) };
  }

  /**
   * A make's vehicles in a sort order, with their range columns in that order; undefined for a
   * make no public vehicle has. Made once per make, order and snapshot (prepareOrders), so a
   * search by make reads its matches in order and sorts nothing (docs/decisions/132-make-orders.md).
   */
  private groupInOrder(code: number, sort: SortOrder): SlotGroup | undefined {
    const newest = this.groups.get(code);
    if (!newest?.slots || sort === 'newest') return newest;
    let groups = this.sortedGroups.get(sort);
    if (!groups) {
      groups = new Map();
      this.sortedGroups.set(sort, groups);
    }
    let group = groups.get(code);
    if (!group) {
      group = this.group(this.firstInOrder(newest.slots, sort, newest.slots.length));
      groups.set(code, group);
    }
    return group;
  }

  /** Every match's id, newest first. */
  matchingIds(f: SearchFilters): string[] {
    const c = this.criteria(f);
    return c ? Array.from(this.matchingSlots(c).slots, (slot) => this.ids[slot] as string) : [];
  }
}

/** Each range filter's sort order: an order over the range's own column (countInRangeOrder). */
const RANGE_ORDERS: Partial<Record<RangeFilter, SortOrder>> = Object.fromEntries(
  RANGE_FILTERS.flatMap((name) => {
    const sort = (Object.keys(SORT_KEYS) as SortOrder[]).find((s) => SORT_KEYS[s][0] === FILTER_COLUMNS[name].column);
    return sort ? [[name, sort]] : [];
  }),
);

/** The first index whose value passes `test`, in values where it fails up to some index and passes from there on. */
function firstWhere(values: Float64Array, test: (value: number) => boolean): number {
  let low = 0;
  let high = values.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (test(values[mid] as number)) high = mid;
    else low = mid + 1;
  }
  return low;
}

const ascending = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const descending = (a: string, b: string) => ascending(b, a);

/**
 * A column's values at some slots, in their order, in a plain loop: `Float64Array.from(items,
 * fn)` went through the iterator protocol and took about ten times as long on 100,000 items
 * (docs/decisions/138-card-stamps.md).
 */
function valuesAt(column: Float64Array, slots: Int32Array): Float64Array {
  const out = new Float64Array(slots.length);
  for (let i = 0; i < slots.length; i++) out[i] = column[slots[i] as number] as number;
  return out;
}

/*
 * Helpers of a snapshot made from the last one (CatalogueSnapshot.patched). Plain loops over
 * typed arrays: a Set lookup or a typed array's `filter` with a callback per slot cost tens of
 * milliseconds at 100,000 vehicles (docs/decisions/139-patched-snapshots.md).
 */

/** Slots carried to their new numbers, in the same order, without those that have none (-1). */
function movedSlots(slots: ArrayLike<number>, newSlotOf: Int32Array): Int32Array {
  const out = new Int32Array(slots.length);
  let kept = 0;
  for (let i = 0; i < slots.length; i++) {
    const slot = newSlotOf[slots[i] as number] as number;
    out[kept] = slot;
    kept += +(slot >= 0);
  }
  return out.subarray(0, kept);
}

/** A column carried to the new slots (a copy when none moved); the slots of rows written are left to them. */
function carried<T extends Float64Array | Int32Array>(values: T, oldSlotOf: Int32Array | undefined): T {
  if (!oldSlotOf) return values.slice() as T;
  const out = new (values.constructor as new (length: number) => T)(oldSlotOf.length);
  for (let slot = 0; slot < oldSlotOf.length; slot++) {
    const old = oldSlotOf[slot] as number;
    if (old >= 0) out[slot] = values[old] as number;
  }
  return out;
}

/** The slot of each rowid after vehicles moved: each kept vehicle's new slot, and each written row's. */
function rowidsMoved(slotByRowid: Int32Array, newSlotOf: Int32Array, writes: readonly SlotWrite[]): Int32Array {
  const highest = writes.reduce((max, { row }) => Math.max(max, row.rowid ?? 0), slotByRowid.length - 1);
  const out = new Int32Array(highest + 1).fill(-1);
  for (let rowid = 0; rowid < slotByRowid.length; rowid++) {
    const old = slotByRowid[rowid] as number;
    if (old >= 0) out[rowid] = newSlotOf[old] as number;
  }
  for (const { slot, row } of writes) if (row.rowid !== undefined) out[row.rowid] = slot;
  return out;
}

function slotsOfIds(ids: readonly string[]): Map<string, number> {
  return new Map(ids.map((id, slot) => [id, slot]));
}

/**
 * Slots in a sort order: `others` already in it, `moved` sorted by the same comparison, each
 * placed by a binary search among the others after the last one placed.
 */
function placeAmong(
  others: Int32Array,
  moved: readonly number[],
  compare: (a: number, b: number) => number,
): Int32Array {
  const out = new Int32Array(others.length + moved.length);
  let from = 0;
  let at = 0;
  for (const slot of moved) {
    let low = from;
    let high = others.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (compare(others[mid] as number, slot) > 0) high = mid;
      else low = mid + 1;
    }
    out.set(others.subarray(from, low), at);
    at += low - from;
    from = low;
    out[at++] = slot;
  }
  out.set(others.subarray(from), at);
  return out;
}

/** Slots 0, 1, ... size - 1. */
function everySlot(size: number): Int32Array {
  const slots = new Int32Array(size);
  for (let i = 0; i < size; i++) slots[i] = i;
  return slots;
}
