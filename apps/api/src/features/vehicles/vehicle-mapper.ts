import type { Selectable } from 'kysely';
import { IMAGE_WIDTHS } from '@vm/shared/constants';
import { vehicleImageFile } from '@vm/shared/image-path';
import { centsToDollars } from '@vm/shared/money';
import type { Vehicle, VehicleImage, VehicleSummary } from '@vm/shared/vehicle';
import type { VehicleImagesTable, VehiclesTable } from '../../db/schema.ts';
import { mediaUrl } from '../images/media-urls.ts';

export type VehicleRow = Selectable<VehiclesTable>;
export type VehicleImageRow = Selectable<VehicleImagesTable>;

/**
 * The columns a vehicle card (VehicleSummary) shows: setting any of them moves the catalogue
 * version (LISTED_COLUMNS of migration 002), which the catalogue's answers are validated
 * by (ETag). A column added here needs a migration adding it to those triggers.
 */
export const SUMMARY_COLUMNS = [
  'id',
  'slug',
  'title',
  'year',
  'make',
  'model',
  'vin',
  'price_cents',
  'mileage',
  'body_type',
  'category',
  'status',
  'listing_type',
  'city',
  'state',
  'country',
  'fuel_type',
  'transmission',
  'default_image_id',
  'created_at',
] as const satisfies readonly (keyof VehiclesTable)[];
export type SummaryRow = Pick<VehicleRow, (typeof SUMMARY_COLUMNS)[number]>;

const LARGEST = IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1] as number;

/**
 * Every width is stored (smaller originals are not upscaled, so their descriptors repeat). The
 * addresses are on MEDIA_PUBLIC_URL when it is set (media-urls.ts).
 */
/** What a photo's addresses and size are made from. */
export type CardImage = Pick<VehicleImageRow, 'id' | 'vehicle_id' | 'width' | 'height'>;

export function toVehicleImage(row: CardImage): VehicleImage {
  const seen = new Set<number>();
  const entries: string[] = [];
  for (const w of IMAGE_WIDTHS) {
    const actual = Math.min(w, row.width);
    if (seen.has(actual)) continue;
    seen.add(actual);
    entries.push(`${mediaUrl(vehicleImageFile(row.vehicle_id, row.id, w))} ${actual}w`);
  }
  return {
    id: row.id,
    url: mediaUrl(vehicleImageFile(row.vehicle_id, row.id, LARGEST)),
    srcSet: entries.join(', '),
    width: row.width,
    height: row.height,
    category: 'gallery',
  };
}

function parseFeatures(raw: string): string[] {
  try {
    const v: unknown = JSON.parse(raw);
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

const TAG_ORDER = ['featured', 'hot', 'popular', 'new', 'sale', 'limited'];
const sortTags = (tags: string[]) => [...tags].sort((a, b) => TAG_ORDER.indexOf(a) - TAG_ORDER.indexOf(b));

export function toVehicleSummary(row: SummaryRow, tags: string[], image: CardImage | undefined): VehicleSummary {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    year: row.year,
    make: row.make,
    model: row.model,
    vin: row.vin,
    price: centsToDollars(row.price_cents),
    mileage: row.mileage,
    bodyType: row.body_type,
    category: row.category,
    status: row.status,
    listingType: row.listing_type === 'auction' ? 'auction' : 'listing',
    tags: sortTags(tags),
    location: { city: row.city, state: row.state, country: row.country },
    fuelType: row.fuel_type,
    transmission: row.transmission,
    image: image ? toVehicleImage(image) : null,
    createdAt: row.created_at,
  };
}

/** The full vehicle; images come ordered by position. */
export function toVehicle(row: VehicleRow, tags: string[], images: VehicleImageRow[]): Vehicle {
  const defaultIndex = Math.max(
    0,
    images.findIndex((i) => i.id === row.default_image_id),
  );
  const defaultImage = images[defaultIndex];
  const summary = toVehicleSummary(row, tags, defaultImage);
  return {
    ...summary,
    longTitle: row.long_title,
    name: row.name,
    description: row.description,
    sections: { exterior: row.section_exterior, interior: row.section_interior, other: row.section_other },
    images: images.map(toVehicleImage),
    defaultImage: summary.image?.url ?? null,
    defaultImageIndex: defaultImage ? defaultIndex : 0,
    listing: { type: summary.listingType === 'auction' ? 'auction' : 'regular', tags: summary.tags },
    exteriorColor: row.exterior_color,
    features: parseFeatures(row.features),
    msrp: centsToDollars(row.msrp_cents),
    viewCount: row.view_count,
    watchCount: row.watch_count,
    updatedAt: row.updated_at,
  };
}
