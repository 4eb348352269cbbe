import type { Kysely } from 'kysely';
import type { Dialect } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';
import type { CacheLookups } from './cache-lookups.ts';
import {
  inOneView,
  readCatalogueVersion,
  readChangesOf,
  readPublicCardStamps,
  readPublicIds,
  readSnapshotChanges,
  readSnapshotRows,
  type SnapshotChanges,
  type SnapshotRow,
  type SnapshotTag,
} from './catalogue-repository.ts';
import { CatalogueSnapshot } from './catalogue-snapshot.ts';

/** The rows the latest snapshot was made of, by vehicle id, and (SQLite) the highest stamp read. */
interface SnapshotSource {
  rows: Map<string, SnapshotRow>;
  tags: Map<string, SnapshotTag[]>;
  highestStamp: number;
}

/**
 * The latest snapshot of the public catalogue, made again when the catalogue version moves on.
 * The version is read before the rows, so a snapshot is never older than its label; requests
 * that need a newer one while it is being made share it, and one snapshot is made at a time.
 * Reading 100,000 vehicles takes most of a second, so it is done once: each later snapshot reads
 * only the vehicles changed since, by their card stamps, and patches the rows the last one was
 * made of (docs/decisions/138-card-stamps.md; on PostgreSQL by comparing every public vehicle's
 * stamp, decision 139); the counted lookups of kind `snapshot rows` say which (hits: patched,
 * misses: read whole). The snapshot itself is made from the last one and the changed rows
 * (CatalogueSnapshot.patched, docs/decisions/139-patched-snapshots.md); the lookups of kind
 * `snapshot arrays` say which (hits: made from the last one, misses: made whole).
 */
export class CatalogueSnapshots {
  private latest: Promise<CatalogueSnapshot> | undefined;
  private latestVersion = -1;
  /** What the latest snapshot was made of. */
  private source: SnapshotSource | undefined;
  /** The snapshot made last, of `source`; the next one is made from it and the changes since. */
  private lastMade: CatalogueSnapshot | undefined;
  /** The snapshot being made: the next one waits for it. */
  private making: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly db: Kysely<DB>,
    private readonly dialect: Dialect,
    private readonly lookups: CacheLookups | undefined,
  ) {}

  /** A snapshot at least as new as `version`. */
  async at(version: number): Promise<CatalogueSnapshot> {
    if (this.latest && this.latestVersion >= version) return this.latest;
    const building = this.making.then(() => this.build());
    this.making = building.catch(() => undefined);
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

  /** Reads the snapshot of `version` and makes its sort orders, so the first visitors after a start do not wait for them. */
  async warm(version: number): Promise<void> {
    (await this.at(version)).prepareOrders();
  }

  private async build(): Promise<CatalogueSnapshot> {
    const version = await readCatalogueVersion(this.db);
    // The last snapshot is made of the rows before this patch: not used again if this build fails.
    const previous = this.lastMade;
    this.lastMade = undefined;
    let snapshot: CatalogueSnapshot | undefined;
    if (this.source) {
      const changes = await this.changesSince(this.source);
      const patched = changes !== undefined && this.patchSource(this.source, changes);
      this.lookups?.count('snapshot rows', patched);
      if (patched && previous) snapshot = previous.patched(version, changes.rows, changes.gone, changes.tags);
      if (!patched) this.source = undefined;
      this.lookups?.count('snapshot arrays', snapshot !== undefined);
    }
    if (!this.source) {
      const { rows, tags, highestStamp } = await readSnapshotRows(this.db, this.dialect);
      this.source = { rows: new Map(rows.map((r) => [r.id, r])), tags: byVehicle(tags), highestStamp };
    }
    const { rows, tags } = this.source;
    snapshot ??= new CatalogueSnapshot(
      version,
      { rows: [...rows.values()], tags: [...tags.values()].flat() },
      this.lookups,
    );
    this.lastMade = snapshot;
    return snapshot;
  }

  /**
   * The vehicles changed since the rows were read, in one view. SQLite: those whose stamp is
   * above the highest one seen (one sequence, one writer at a time), and, when the count of
   * public vehicles says some were deleted, the kept ones no longer public
   * (docs/decisions/140-deletions-patched.md). PostgreSQL: those whose stamp differs from the one
   * kept, or public no more, found in every public vehicle's id and stamp; undefined when more
   * changed than a patch is worth (the rows are then read whole).
   */
  private async changesSince(source: SnapshotSource): Promise<SnapshotChanges | undefined> {
    return inOneView(this.db, this.dialect, async (trx) => {
      if (this.dialect === 'sqlite') {
        const changes = await readSnapshotChanges(trx, source.highestStamp);
        if (rowsAfter(source, changes) === changes.publicCount) return changes;
        const publicNow = new Set(await readPublicIds(trx));
        return { ...changes, gone: [...changes.gone, ...noLongerPublic(source, publicNow, changes.gone)] };
      }
      const stamps = await readPublicCardStamps(trx);
      const changed: string[] = [];
      let stillPublic = 0;
      for (const { id, card_version } of stamps) {
        const kept = source.rows.get(id);
        if (kept) stillPublic++;
        if (kept?.card_version !== card_version) changed.push(id);
      }
      if (changed.length * 4 > stamps.length) return undefined;
      const left = stillPublic < source.rows.size ? noLongerPublic(source, new Set(stamps.map((s) => s.id))) : [];
      return readChangesOf(trx, changed, left, stamps.length);
    });
  }

  /**
   * Patches the rows of the last snapshot with the vehicles changed since: each one public now
   * replaces its row and tags, each one gone leaves. False when the rows then do not number the
   * public vehicles (the changes missed one): the rows are then read whole.
   */
  private patchSource(source: SnapshotSource, changes: SnapshotChanges): boolean {
    const tags = byVehicle(changes.tags);
    for (const id of changes.gone) {
      source.rows.delete(id);
      source.tags.delete(id);
    }
    for (const row of changes.rows) {
      source.rows.set(row.id, row);
      source.tags.delete(row.id);
      const own = tags.get(row.id);
      if (own) source.tags.set(row.id, own);
    }
    source.highestStamp = changes.highestStamp;
    return source.rows.size === changes.publicCount;
  }
}

/** How many rows the kept ones would number, patched with these changes. */
function rowsAfter(source: SnapshotSource, changes: SnapshotChanges): number {
  let count = source.rows.size;
  for (const row of changes.rows) if (!source.rows.has(row.id)) count++;
  for (const id of changes.gone) if (source.rows.has(id)) count--;
  return count;
}

/** The kept vehicles not among those public now (archived or deleted), but those already known gone. */
function noLongerPublic(
  source: SnapshotSource,
  publicNow: ReadonlySet<string>,
  known: readonly string[] = [],
): string[] {
  const gone = new Set(known);
  return [...source.rows.keys()].filter((id) => !publicNow.has(id) && !gone.has(id));
}

function byVehicle(tags: readonly SnapshotTag[]): Map<string, SnapshotTag[]> {
  const map = new Map<string, SnapshotTag[]>();
  for (const tag of tags) {
    const own = map.get(tag.vehicle_id);
    if (own) own.push(tag);
    else map.set(tag.vehicle_id, [tag]);
  }
  return map;
}
