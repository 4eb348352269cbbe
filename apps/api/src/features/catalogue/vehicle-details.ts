import type { Kysely } from 'kysely';
import { LRUCache } from 'lru-cache';
import { vehicleSchema } from '@vm/shared/vehicle';
import type { DB } from '../../db/schema.ts';
import { PrecompressedBody } from '../../plugins/precompressed.ts';
import { getVehicle } from '../vehicles/vehicle-repository.ts';
import type { CacheLookups } from './cache-lookups.ts';
import { readVersionedStamp } from './catalogue-repository.ts';

const JSON_TYPE = 'application/json; charset=utf-8';

/** Bytes of vehicle JSON kept (each answer also keeps its compressed copies, a fraction of that). */
const KEPT_BYTES = 64 * 1024 * 1024;

/**
 * The storefront's answer for one public vehicle (GET /api/vehicles/:id), kept by vehicle under
 * a stamp of what it was made from (docs/decisions/129-per-request-answers.md): the catalogue
 * version (its tags and photos move the version) and the vehicle's own stamp (status,
 * `updated_at`, view and watch count), read together in one indexed read (readVersionedStamp). The
 * app moves `updated_at` on every edit of a vehicle and the counts on every view and watch, so a
 * request whose stamp matches gets the kept bytes; any change makes the answer again on the next
 * request. The stamp is read before the vehicle and again after it, and the answer is kept only
 * when both agree, so a kept answer is always the one its stamp describes.
 *
 * Archived and unknown vehicles are not answered here (undefined): the vehicle routes answer
 * them as before (a 404, or the whole vehicle for an admin).
 */
export class VehicleDetails {
  private readonly kept: LRUCache<string, { stamp: string; body: Promise<PrecompressedBody | undefined> }>;

  constructor(
    maxBytes = KEPT_BYTES,
    private readonly lookups?: CacheLookups,
  ) {
    this.kept = new LRUCache({ maxSize: maxBytes, sizeCalculation: () => 1 });
  }

  /**
   * What a public vehicle's answer is made from, by id or slug: the catalogue version and the
   * vehicle's stamp as one string, read in one statement; undefined for an unknown vehicle.
   */
  async stamp(db: Kysely<DB>, idOrSlug: string): Promise<{ id: string; status: string; stamp: string } | undefined> {
    const found = await readVersionedStamp(db, idOrSlug);
    if (!found) return undefined;
    const { id, status } = found;
    return {
      id,
      status,
      stamp: `${found.catalogue_version} ${status} ${found.updated_at} ${found.view_count} ${found.watch_count}`,
    };
  }

  /** The answer of a public vehicle by id or slug, or undefined (archived or unknown). */
  async get(db: Kysely<DB>, idOrSlug: string): Promise<PrecompressedBody | undefined> {
    const found = await this.stamp(db, idOrSlug);
    if (!found || found.status === 'Archived') return undefined;
    const { id, stamp } = found;
    const hit = this.kept.get(id);
    if (this.lookups) this.lookups.count('vehicle', hit?.stamp === stamp);
    if (hit && hit.stamp === stamp) return hit.body;
    const entry = {
      stamp,
      body: getVehicle(db, id).then((vehicle) =>
        // Archived (or deleted) since its stamp was read: answered by the routes, and not kept.
        !vehicle || vehicle.status === 'Archived'
          ? undefined
          : new PrecompressedBody(Buffer.from(JSON.stringify(vehicleSchema.parse(vehicle))), JSON_TYPE),
      ),
    };
    // The promise is kept at once, so concurrent requests for the same vehicle share one reading.
    this.kept.set(id, entry);
    try {
      const body = await entry.body;
      // Kept only if the stamp still holds now that the answer is read: a watch and an unwatch
      // in between would bring the stamp back to what was read first, with the answer showing the
      // count between them.
      const unchanged = body !== undefined && (await this.stamp(db, id))?.stamp === stamp;
      if (this.kept.peek(id) === entry) {
        // Weighed by its JSON now that it is known.
        if (body && unchanged) this.kept.set(id, { ...entry }, { size: Math.max(1, body.identity.length) });
        else this.kept.delete(id);
      }
      return body;
    } catch (err) {
      // A failed read (database briefly down) must not be served afterwards.
      if (this.kept.peek(id) === entry) this.kept.delete(id);
      throw err;
    }
  }
}
