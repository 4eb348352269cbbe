import { formatLocation } from '@vm/shared/location';
import { formatMoney } from '@vm/shared/money';
import type { VehicleSummary } from '@vm/shared/vehicle';
import { Gauge, MapPin } from 'lucide-react';
import { Link } from 'react-router';
import { useCardAuction } from '../features/storefront/api/auctions';
import { CardAuction } from '../features/storefront/auctions/card-auction';
import { VehicleBadges } from './vehicle-badges';
import { VehicleImage } from './vehicle-image';

const miles = new Intl.NumberFormat('en-US');

/** The path of a vehicle's page; the id never changes, unlike the slug that follows the title. */
export const vehiclePath = (vehicle: Pick<VehicleSummary, 'id'>) => `/vehicles/${encodeURIComponent(vehicle.id)}`;

/**
 * A vehicle in a grid or carousel: photo, highlights, title, year and mileage, place and price (or,
 * for a live auction, its bid and time left).
 * The whole card is one link (the title's, stretched), so it is one tab stop.
 */
export function VehicleCard({
  vehicle,
  sizes = '(min-width: 1024px) 400px, (min-width: 640px) 50vw, 100vw',
  priority = false,
}: {
  vehicle: VehicleSummary;
  sizes?: string;
  /** The first card of a page, likely its largest paint: fetched early, never lazily. */
  priority?: boolean;
}) {
  // Live auctions show their bid and countdown: one shared request for every card on the page.
  const auction = useCardAuction(vehicle);
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition-shadow focus-within:ring-2 focus-within:ring-brand-600 hover:shadow-md">
      <div className="relative aspect-[16/10] overflow-hidden bg-slate-100">
        <VehicleImage
          image={vehicle.image}
          alt=""
          sizes={sizes}
          priority={priority}
          className="h-full w-full object-cover transition-transform duration-300 group-hover:scale-[1.03]"
        />
        <div className="absolute top-3 left-3">
          <VehicleBadges vehicle={vehicle} />
        </div>
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h3 className="text-base leading-snug font-semibold text-ink-900">
          <Link to={vehiclePath(vehicle)} className="after:absolute after:inset-0 focus:outline-none">
            {vehicle.title}
          </Link>
        </h3>
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">
          <span>{vehicle.year}</span>
          <span className="inline-flex items-center gap-1">
            <Gauge className="h-4 w-4" aria-hidden="true" />
            {miles.format(vehicle.mileage)} mi
          </span>
        </p>
        <p className="inline-flex items-center gap-1 text-sm text-slate-600">
          <MapPin className="h-4 w-4 shrink-0" aria-hidden="true" />
          {formatLocation(vehicle.location)}
        </p>
        {auction ? (
          <CardAuction auction={auction} />
        ) : (
          <p className="mt-auto pt-2 text-xl font-bold text-brand-700">
            {vehicle.price > 0 ? formatMoney(vehicle.price) : 'Price on request'}
          </p>
        )}
      </div>
    </article>
  );
}

/** A card-shaped grey block while vehicles load, so the layout does not jump. */
export function VehicleCardSkeleton() {
  return (
    <div
      className="flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white"
      aria-hidden="true"
    >
      <div className="aspect-[16/10] animate-pulse bg-slate-200" />
      <div className="space-y-3 p-4">
        <div className="h-4 w-3/4 animate-pulse rounded bg-slate-200" />
        <div className="h-3 w-1/2 animate-pulse rounded bg-slate-200" />
        <div className="h-5 w-1/3 animate-pulse rounded bg-slate-200" />
      </div>
    </div>
  );
}
