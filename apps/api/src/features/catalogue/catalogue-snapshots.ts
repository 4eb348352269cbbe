import type { Kysely } from 'kysely';
import type { Dialect } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';
import type { CacheLookups } from './cache-lookups.ts';
import {
  readCatalogueVersion,
  readSnapshotChanges,
  readSnapshotRows,
  type SnapshotRow,
  type SnapshotTag,
} from './catalogue-repository.ts';
import { CatalogueSnapshot } from './catalogue-snapshot.ts';

/** The rows the latest snapshot was made of (SQLite), by vehicle id, and the highest stamp read. */
interface SnapshotSource {
  rows: Map<string, SnapshotRow>;
  tags: Map<string, SnapshotTag[]>;
  highestStamp: number;
}

/**
 * The latest snapshot of the public catalogue, rebuilt when the catalogue version moves on.
 * The version is read before the rows, so a snapshot is never older than its label; requests
 * that need a newer one while it is being read share that one read, and one snapshot is made
 * at a time. Reading 100,000 vehicles takes most of a second. On SQLite it is done once: each
 * later snapshot reads only the vehicles changed since, by their card stamps, and patches the
 * rows the last one was made of (docs/decisions/138-card-stamps.md); the counted lookups of kind
 * `snapshot rows` say which (hits: patched, misses: read whole).
 */
export class CatalogueSnapshots {
  private latest: Promise<CatalogueSnapshot> | undefined;
  private latestVersion = -1;
  /** SQLite: what the latest snapshot was made of. */
  private source: SnapshotSource | undefined;
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
    if (this.dialect !== 'sqlite') {
      const { rows, tags } = await readSnapshotRows(this.db, this.dialect);
      return new CatalogueSnapshot(version, rows, tags, this.lookups);
    }
    const patched = this.source !== undefined && (await this.patchSource(this.source));
    this.lookups?.count('snapshot rows', patched);
    if (!patched) {
      const { rows, tags, highestStamp } = await readSnapshotRows(this.db, this.dialect);
      this.source = { rows: new Map(rows.map((r) => [r.id, r])), tags: byVehicle(tags), highestStamp };
    }
    const source = this.source as SnapshotSource;
    return new CatalogueSnapshot(version, [...source.rows.values()], [...source.tags.values()].flat(), this.lookups);
  }

  /**
   * Patches the rows of the last snapshot with the vehicles changed since: each one public now
   * replaces its row and tags, each one archived leaves. False when a vehicle was deleted (the
   * public count is smaller than the rows patched): the rows are then read whole.
   */
  private async patchSource(source: SnapshotSource): Promise<boolean> {
    const changes = await readSnapshotChanges(this.db, source.highestStamp);
    const tags = byVehicle(changes.tags);
    for (const { status, ...row } of changes.rows) {
      source.tags.delete(row.id);
      if (status === 'Archived') {
        source.rows.delete(row.id);
        continue;
      }
      source.rows.set(row.id, row);
      const own = tags.get(row.id);
      if (own) source.tags.set(row.id, own);
    }
    source.highestStamp = changes.highestStamp;
    return source.rows.size === changes.publicCount;
  }
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
