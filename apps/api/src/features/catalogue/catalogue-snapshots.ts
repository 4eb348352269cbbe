import type { Kysely } from 'kysely';
import type { Dialect } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';
import type { CacheLookups } from './cache-lookups.ts';
import { readCatalogueVersion, readSnapshotRows } from './catalogue-repository.ts';
import { CatalogueSnapshot } from './catalogue-snapshot.ts';

/**
 * The latest snapshot of the public catalogue, rebuilt when the catalogue version moves on.
 * The version is read before the rows, so a snapshot is never older than its label; requests
 * that need a newer one while it is being read share that one read. Reading 100,000 vehicles
 * takes a few hundred milliseconds, once per catalogue change.
 */
export class CatalogueSnapshots {
  private latest: Promise<CatalogueSnapshot> | undefined;
  private latestVersion = -1;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly dialect: Dialect,
    private readonly lookups: CacheLookups | undefined,
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

  /** Reads the snapshot of `version` and makes its sort orders, so the first visitors after a start do not wait for them. */
  async warm(version: number): Promise<void> {
    (await this.at(version)).prepareOrders();
  }

  private async build(): Promise<CatalogueSnapshot> {
    const version = await readCatalogueVersion(this.db);
    const { rows, tags } = await readSnapshotRows(this.db, this.dialect);
    return new CatalogueSnapshot(version, rows, tags, this.lookups);
  }
}
