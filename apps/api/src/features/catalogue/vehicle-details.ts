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

/** A vehicle's stamp as read (VehicleDetails.stamp): what its answer and page are kept under. */
export interface VehicleStamp {
  id: string;
  status: string;
  /** The catalogue version and the vehicle's status, update time, view and watch count, as one string. */
  stamp: string;
  /** The catalogue version in the stamp. */
  version: number;
}

/** An answer made for a stamp, and whether it is exactly what that stamp describes. */
export interface StampedAnswer {
  body: PrecompressedBody | undefined;
  /** False when the vehicle changed between the stamp's reading and its own (the answer is then not kept). */
  matches: boolean;
}

/** A stamp's text: the catalogue version, then the vehicle's columns that its every change moves. */
const stampText = (version: number, v: { status: string; updatedAt: string; viewCount: number; watchCount: number }) =>
  `${version} ${v.status} ${v.updatedAt} ${v.viewCount} ${v.watchCount}`;

/**
 * The storefront's answer for one public vehicle (GET /api/vehicles/:id), kept by vehicle under
 * a stamp of what it was made from (docs/decisions/129-per-request-answers.md): the catalogue
 * version (its tags and photos move the version) and the vehicle's own stamp (status,
 * `updated_at`, view and watch count), read together in one indexed read (readVersionedStamp). The
 * app moves `updated_at` on every edit of a vehicle and the counts on every view and watch, so a
 * request whose stamp matches gets the kept bytes; any change makes the answer again on the next
 * request. An answer made anew is kept only when the vehicle it read has the very status, update
 * time and counts of the stamp (docs/decisions/131-fresh-pages.md): a watch and an
 * unwatch in between would bring the stamp back to what was read first with the answer showing
 * the count between them. Its tags and photos need no such check: they move the catalogue
 * version, which only grows, so an answer that read newer ones is kept under a stamp that no
 * request will read again.
 *
 * Archived and unknown vehicles are not answered here (undefined): the vehicle routes answer
 * them as before (a 404, or the whole vehicle for an admin).
 */
export class VehicleDetails {
  private readonly kept: LRUCache<string, { stamp: string; made: Promise<StampedAnswer> }>;

  constructor(
    maxBytes = KEPT_BYTES,
    private readonly lookups?: CacheLookups,
  ) {
    this.kept = new LRUCache({ maxSize: maxBytes, sizeCalculation: () => 1 });
  }

  /** What a public vehicle's answer is made from, by id or slug, in one statement; undefined for an unknown vehicle. */
  async stamp(db: Kysely<DB>, idOrSlug: string): Promise<VehicleStamp | undefined> {
    const found = await readVersionedStamp(db, idOrSlug);
    if (!found) return undefined;
    const version = found.catalogue_version;
    const { id, status } = found;
    const stamp = stampText(version, {
      status,
      updatedAt: found.updated_at,
      viewCount: found.view_count,
      watchCount: found.watch_count,
    });
    return { id, status, stamp, version };
  }

  /** The answer of a public vehicle by id or slug, or undefined (archived or unknown). */
  async get(db: Kysely<DB>, idOrSlug: string): Promise<PrecompressedBody | undefined> {
    const found = await this.stamp(db, idOrSlug);
    return found ? (await this.answer(db, found)).body : undefined;
  }

  /** The answer for a stamp just read (stamp()): the kept one, or one made now. */
  async answer(db: Kysely<DB>, found: VehicleStamp): Promise<StampedAnswer> {
    if (found.status === 'Archived') return { body: undefined, matches: true };
    const { id, stamp } = found;
    const hit = this.kept.get(id);
    if (this.lookups) this.lookups.count('vehicle', hit?.stamp === stamp);
    if (hit && hit.stamp === stamp) return hit.made;
    const entry = {
      stamp,
      made: getVehicle(db, id).then((vehicle): StampedAnswer => {
        // Archived (or deleted) since its stamp was read: answered by the routes, and not kept.
        if (!vehicle || vehicle.status === 'Archived') return { body: undefined, matches: false };
        const json = JSON.stringify(vehicleSchema.parse(vehicle));
        return {
          body: new PrecompressedBody(Buffer.from(json), JSON_TYPE),
          matches: stampText(found.version, vehicle) === stamp,
        };
      }),
    };
    // The promise is kept at once, so concurrent requests for the same vehicle share one reading.
    this.kept.set(id, entry);
    try {
      const made = await entry.made;
      if (this.kept.peek(id) === entry) {
        // Weighed by its JSON now that it is known.
        if (made.body && made.matches)
          this.kept.set(id, { ...entry }, { size: Math.max(1, made.body.identity.length) });
        else this.kept.delete(id);
      }
      return made;
    } catch (err) {
      // A failed read (database briefly down) must not be served afterwards.
      if (this.kept.peek(id) === entry) this.kept.delete(id);
      throw err;
    }
  }
}
