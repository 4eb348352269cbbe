import type { Kysely } from 'kysely';
import { DEFAULT_MAKES, MAX_IMAGES_PER_VEHICLE } from '@vm/shared/constants';
import { MSG } from '@vm/shared/messages';
import { totalPages } from '@vm/shared/pagination';
import type {
  AdminVehicleListQuery,
  Vehicle,
  VehicleImagesResponse,
  VehicleInput,
  VehicleSummary,
} from '@vm/shared/vehicle';
import type { Dialect } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';
import { badRequest, conflict, notFound } from '../../lib/http-errors.ts';
import { nowIso } from '../../lib/time.ts';
import { recordActivity } from '../activity/activity-repository.ts';
import { checkImage, removeStoredImages, storeVehicleImages, VEHICLE_IMAGE_MIMES } from '../images/image-upload.ts';
import type { FileStorage } from '../images/local-storage.ts';
import { removeVehicleFolder, removeVehicleImage } from '../images/vehicle-image-files.ts';
import {
  countVehicleImages,
  deleteVehicleImageRow,
  deleteVehicleRows,
  distinctMakesModels,
  insertVehicleImages,
  listAdminVehicles,
  reorderVehicleImages,
} from './admin-vehicle-repository.ts';
import { findOpenAuctionOfVehicle, type HeldVehicle, holdVehicle } from './vehicle-holds.ts';
import { toVehicleImage, type VehicleImageRow, type VehicleRow } from './vehicle-mapper.ts';
import { queueWatcherNotices } from './watcher-notices.ts';
import {
  findVehicleRow,
  findVehicleState,
  getVehicle,
  insertVehicle,
  listVehicleImages,
  toSummaries,
  updateVehicle,
} from './vehicle-repository.ts';
import { setDefaultImage } from './vehicle-writes.ts';

const IMAGE_NOT_FOUND = 'Image not found';

/**
 * What a staff change of a vehicle needs of its offers (docs/decisions/121-one-sale-per-vehicle.md).
 * The offers feature gives it (offer-sale-service.ts, `vehicleOffers`), through the admin routes'
 * options: offers depend on vehicles, never the reverse (docs/ARCHITECTURE.md, the boundaries).
 */
export interface VehicleOffers {
  /** How many open (waiting) and accepted offers the vehicle has. */
  counts(db: Kysely<DB>, vehicleId: string): Promise<{ openOffers: number; acceptedOffers: number }>;
  /** The vehicle was just marked Sold: its waiting offers expire and their buyers are told. */
  sold(
    trx: Kysely<DB>,
    vehicle: { id: string; title: string; slug: string },
    links: { publicUrl: string },
  ): Promise<void>;
  /** The held vehicle is about to be deleted: its offers stay in history, their buyers are told. */
  deleting(trx: Kysely<DB>, vehicle: HeldVehicle, links: { publicUrl: string }): Promise<void>;
}

async function requireVehicle(db: Kysely<DB>, idOrSlug: string): Promise<VehicleRow> {
  const row = await findVehicleRow(db, idOrSlug);
  if (!row) throw notFound(MSG.vehicleNotFound);
  return row;
}

/** The full vehicle as just written. */
async function readBack(db: Kysely<DB>, id: string): Promise<Vehicle> {
  const vehicle = await getVehicle(db, id);
  if (!vehicle) throw notFound(MSG.vehicleNotFound);
  return vehicle;
}

/** What every image write answers: the images in order and the default (docs/decisions/030). */
async function imagesOf(db: Kysely<DB>, vehicleId: string): Promise<VehicleImagesResponse> {
  const vehicle = await readBack(db, vehicleId);
  return { images: vehicle.images, defaultImage: vehicle.defaultImage, defaultImageIndex: vehicle.defaultImageIndex };
}

/**
 * Dashboard events of a create or an update, recorded in the same transaction
 * (docs/decisions/032-vehicle-activity-events.md).
 */
async function recordVehicleEvents(db: Kysely<DB>, id: string, before: VehicleRow | null, after: VehicleInput) {
  const label = `${after.year} ${after.make} ${after.model}`.trim();
  if (!before) await recordActivity(db, 'vehicle_listed', id, `New vehicle listed: ${after.title}`);
  const wasAuction = before?.listing_type === 'auction';
  if (after.listingType === 'auction' && !wasAuction)
    await recordActivity(db, 'auction_started', id, `Auction started: ${after.title}`);
  const statusChanged = before?.status !== after.status;
  if (statusChanged && after.status === 'Sold') await recordActivity(db, 'vehicle_sold', id, `Vehicle sold: ${label}`);
  const wasOpenAuction = wasAuction && before?.status !== 'Sold' && before?.status !== 'Archived';
  if (wasOpenAuction && (after.status === 'Sold' || after.status === 'Archived'))
    await recordActivity(db, 'auction_ended', id, `Auction ended (${after.status.toLowerCase()}): ${after.title}`);
}

/** One page of the admin list, every status included. */
export async function adminVehiclePage(
  db: Kysely<DB>,
  query: AdminVehicleListQuery,
): Promise<{ vehicles: VehicleSummary[]; totalVehicles: number; totalPages: number; page: number }> {
  const { rows, total } = await listAdminVehicles(db, query);
  return {
    vehicles: await toSummaries(db, rows),
    totalVehicles: total,
    totalPages: totalPages(total, query.limit),
    page: query.page,
  };
}

/** The default makes merged with every make and model in the catalogue, sorted without case. */
export async function makesAndModels(db: Kysely<DB>): Promise<{ make: string; models: string[] }[]> {
  const rows = await distinctMakesModels(db);
  const byKey = new Map<string, { make: string; models: Set<string> }>();
  const entry = (make: string) => {
    const key = make.toLowerCase();
    let found = byKey.get(key);
    if (!found) {
      found = { make, models: new Set() };
      byKey.set(key, found);
    }
    return found;
  };
  for (const make of DEFAULT_MAKES) entry(make);
  for (const row of rows) {
    if (!row.make.trim()) continue;
    const e = entry(row.make.trim());
    if (row.model.trim()) e.models.add(row.model.trim());
  }
  const byName = (a: string, b: string) => a.localeCompare(b, 'en', { sensitivity: 'base' });
  return [...byKey.values()]
    .sort((a, b) => byName(a.make, b.make))
    .map((e) => ({ make: e.make, models: [...e.models].sort(byName) }));
}

/** The full vehicle whatever its status, for the edit form (the public read hides archived ones). */
export async function vehicleForEdit(db: Kysely<DB>, idOrSlug: string): Promise<Vehicle> {
  const vehicle = await getVehicle(db, idOrSlug);
  if (!vehicle) throw notFound(MSG.vehicleNotFound);
  return vehicle;
}

/** Lists a new vehicle with its dashboard events, in one transaction. */
export async function createVehicle(db: Kysely<DB>, input: VehicleInput): Promise<Vehicle> {
  const id = await db.transaction().execute(async (trx) => {
    const newId = await insertVehicle(trx, input);
    await recordVehicleEvents(trx, newId, null, input);
    return newId;
  });
  return readBack(db, id);
}

/**
 * Saves a vehicle (id or slug) with the dashboard events its change makes and the watchers'
 * notices (a price drop, sold or archived: docs/product-rules.md#notifications), in one transaction.
 */
export async function editVehicle(
  db: Kysely<DB>,
  dialect: Dialect,
  idOrSlug: string,
  input: VehicleInput,
  links: { publicUrl: string },
  offers: VehicleOffers,
): Promise<Vehicle> {
  const found = await findVehicleState(db, idOrSlug);
  if (!found) throw notFound(MSG.vehicleNotFound);
  const id = await db.transaction().execute(async (trx) => {
    // Two saves of one vehicle take turns (a row lock on PostgreSQL; SQLite runs one transaction
    // at a time), so each starts from what the other wrote: its slug above all, which the former
    // addresses keep (docs/decisions/135-former-slugs.md).
    if (!(await holdVehicle(trx, dialect, found.id))) throw notFound(MSG.vehicleNotFound);
    const before = await requireVehicle(trx, found.id);
    // An accepted offer holds the vehicle (Pending): a form opened before the acceptance must not
    // put it back on sale; releasing the offer does that (docs/decisions/121-one-sale-per-vehicle.md).
    if (input.status === 'Available' && before.status !== 'Available') {
      if ((await offers.counts(trx, before.id)).acceptedOffers > 0) throw conflict(MSG.vehicleHeldByAcceptedOffer);
    }
    // A Scheduled or Live auction holds the vehicle Available and listed as an auction: its close
    // decides the sale, and staff cancel it first (docs/decisions/125-auctions.md).
    const movesOffAuction = input.status !== before.status || input.listingType !== 'auction';
    if (movesOffAuction && (await findOpenAuctionOfVehicle(trx, before.id))) throw conflict(MSG.vehicleHeldByAuction);
    // Taken out of Archived, the vehicle is published again: saved-search alerts announce it as
    // new (docs/decisions/115-saved-searches.md).
    const republished = before.status === 'Archived' && input.status !== 'Archived';
    await updateVehicle(trx, before, input, republished ? nowIso() : undefined);
    await recordVehicleEvents(trx, before.id, before, input);
    const after = await requireVehicle(trx, before.id);
    await queueWatcherNotices(trx, before, after, links.publicUrl);
    // Sold: the offers still waiting expire and their buyers are told (docs/product-rules.md#offers).
    if (before.status !== 'Sold' && after.status === 'Sold') await offers.sold(trx, after, links);
    return before.id;
  });
  return readBack(db, id);
}

/**
 * Deletes a vehicle's rows in one transaction, then its files: files go only after the rows, so
 * a failed delete never leaves rows without files (docs/decisions/030-admin-vehicle-api.md). Its
 * offers stay in history: the open and accepted ones expire and their buyers are told, in the
 * same transaction (docs/decisions/121-one-sale-per-vehicle.md).
 */
export async function deleteVehicle(
  db: Kysely<DB>,
  dialect: Dialect,
  storage: FileStorage,
  idOrSlug: string,
  links: { publicUrl: string },
  offers: VehicleOffers,
): Promise<void> {
  const row = await requireVehicle(db, idOrSlug);
  await db.transaction().execute(async (trx) => {
    const held = await holdVehicle(trx, dialect, row.id);
    if (!held) throw notFound(MSG.vehicleNotFound);
    // Bidders committed money: the auction is cancelled, with its reason, before the vehicle goes.
    if (await findOpenAuctionOfVehicle(trx, held.id)) throw conflict(MSG.vehicleHeldByAuction);
    await offers.deleting(trx, held, links);
    await deleteVehicleRows(trx, row.id);
  });
  await removeVehicleFolder(storage, row.id);
}

/** How many open and accepted offers a vehicle (id or slug) has: the delete confirmation names them. */
export async function vehicleOfferCounts(
  db: Kysely<DB>,
  idOrSlug: string,
  offers: VehicleOffers,
): Promise<{ openOffers: number; acceptedOffers: number }> {
  const row = await requireVehicle(db, idOrSlug);
  return offers.counts(db, row.id);
}

/**
 * Adds uploaded photos to a vehicle (docs/decisions/031-image-uploads.md). `readFiles` reads the
 * upload, and only once the vehicle is known to exist. Every file is checked before any is
 * encoded, so one bad file refuses the whole upload; the rows go in one transaction after the
 * files exist, and the files are removed again when it fails. The first photo becomes the
 * default when the vehicle had none.
 */
export async function addVehicleImages(
  db: Kysely<DB>,
  storage: FileStorage,
  idOrSlug: string,
  readFiles: () => Promise<Buffer[]>,
): Promise<VehicleImagesResponse> {
  const vehicle = await requireVehicle(db, idOrSlug);
  const files = await readFiles();
  if ((await countVehicleImages(db, vehicle.id)) + files.length > MAX_IMAGES_PER_VEHICLE)
    throw badRequest(MSG.tooManyImages, 'images');
  const checked = [];
  for (const file of files) checked.push(await checkImage(file, VEHICLE_IMAGE_MIMES, MSG.notAnImage));
  const stored = await storeVehicleImages(storage, vehicle.id, checked);
  try {
    await db.transaction().execute(async (trx) => {
      // Counted again inside the transaction: another upload may have landed while these encoded.
      if ((await countVehicleImages(trx, vehicle.id)) + stored.length > MAX_IMAGES_PER_VEHICLE)
        throw badRequest(MSG.tooManyImages, 'images');
      await insertVehicleImages(trx, vehicle.id, stored);
      const current = await requireVehicle(trx, vehicle.id);
      const first = stored[0];
      if (!current.default_image_id && first) await setDefaultImage(trx, vehicle.id, first.id, nowIso());
    });
  } catch (err) {
    await removeStoredImages(
      storage,
      vehicle.id,
      stored.map((s) => s.id),
    );
    throw err;
  }
  return imagesOf(db, vehicle.id);
}

/** Picks an image by index into the ordered list, by id, or by its URL. */
function findImage(images: VehicleImageRow[], ref: number | string): VehicleImageRow | undefined {
  if (typeof ref === 'number') return images[ref];
  return images.find((img) => img.id === ref || toVehicleImage(img).url === ref);
}

/** Makes one of the vehicle's images the default: by index, id or url; an unknown one is a 400. */
export async function chooseDefaultImage(
  db: Kysely<DB>,
  idOrSlug: string,
  ref: number | string,
): Promise<{ defaultImage: string; defaultImageIndex: number }> {
  const vehicle = await requireVehicle(db, idOrSlug);
  const images = await listVehicleImages(db, vehicle.id);
  const chosen = findImage(images, ref);
  if (!chosen) throw badRequest(IMAGE_NOT_FOUND, 'defaultImage');
  await setDefaultImage(db, vehicle.id, chosen.id, nowIso());
  return { defaultImage: toVehicleImage(chosen).url, defaultImageIndex: images.indexOf(chosen) };
}

/**
 * Puts the vehicle's images in the given order. The list must hold every image of the vehicle
 * exactly once, so a stale form gets a 400 instead of dropping a newcomer
 * (docs/decisions/030-admin-vehicle-api.md).
 */
export async function reorderImages(
  db: Kysely<DB>,
  idOrSlug: string,
  imageIds: string[],
): Promise<VehicleImagesResponse> {
  const vehicle = await requireVehicle(db, idOrSlug);
  await db.transaction().execute(async (trx) => {
    const current = (await listVehicleImages(trx, vehicle.id)).map((i) => i.id);
    const sameSet =
      imageIds.length === current.length &&
      new Set(imageIds).size === imageIds.length &&
      imageIds.every((id) => current.includes(id));
    if (!sameSet) throw badRequest('List every image of the vehicle exactly once', 'imageIds');
    await reorderVehicleImages(trx, vehicle.id, imageIds);
  });
  return imagesOf(db, vehicle.id);
}

/**
 * Deletes one image: its row, then its files. When it was the default (or there was none), the
 * first remaining image becomes the default (ADMIN-VEH-51, docs/decisions/030-admin-vehicle-api.md).
 */
export async function deleteVehicleImage(
  db: Kysely<DB>,
  storage: FileStorage,
  idOrSlug: string,
  imageId: string,
): Promise<VehicleImagesResponse> {
  const vehicle = await requireVehicle(db, idOrSlug);
  await db.transaction().execute(async (trx) => {
    const images = await listVehicleImages(trx, vehicle.id);
    if (!images.some((i) => i.id === imageId)) throw notFound(IMAGE_NOT_FOUND);
    await deleteVehicleImageRow(trx, vehicle.id, imageId);
    const current = await findVehicleRow(trx, vehicle.id);
    if (current && (current.default_image_id === imageId || !current.default_image_id)) {
      const firstRemaining = images.find((i) => i.id !== imageId);
      await setDefaultImage(trx, vehicle.id, firstRemaining?.id ?? null, nowIso());
    }
  });
  await removeVehicleImage(storage, vehicle.id, imageId);
  return imagesOf(db, vehicle.id);
}
