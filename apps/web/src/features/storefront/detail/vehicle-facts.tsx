import { formatLocation } from '@vm/shared/location';
import { formatMoney } from '@vm/shared/money';
import type { Vehicle } from '@vm/shared/vehicle';
import { isVinChecked } from '@vm/shared/vin';
import { BadgeCheck } from 'lucide-react';

const miles = new Intl.NumberFormat('en-US');

/**
 * DETAIL-08: the facts of the public vehicle read, skipping the ones that are not filled in. A VIN
 * whose check digit matches carries the badge "VIN checked" (issue #18, docs/product-rules.md#vehicles).
 */
export function vehicleFacts(vehicle: Vehicle): { label: string; value: string; badge?: string }[] {
  const facts: [string, string][] = [
    ['Year', String(vehicle.year)],
    ['Make', vehicle.make],
    ['Model', vehicle.model],
    ['Mileage', `${miles.format(vehicle.mileage)} mi`],
    ['Body type', vehicle.bodyType],
    ['Category', vehicle.category],
    ['Fuel', vehicle.fuelType],
    ['Transmission', vehicle.transmission],
    ['Exterior colour', vehicle.exteriorColor],
    ['VIN', vehicle.vin],
    ['Location', formatLocation(vehicle.location)],
    ['Price', vehicle.price > 0 ? formatMoney(vehicle.price) : 'Price on request'],
    ['Original MSRP', vehicle.msrp > 0 ? formatMoney(vehicle.msrp) : ''],
    ['Listing', vehicle.listingType === 'auction' ? 'Auction' : 'Listing'],
    ['Status', vehicle.status],
  ];
  return facts
    .filter(([, value]) => value.trim() !== '')
    .map(([label, value]) =>
      label === 'VIN' && isVinChecked(value) ? { label, value, badge: 'VIN checked' } : { label, value },
    );
}

export function VehicleFacts({ vehicle }: { vehicle: Vehicle }) {
  return (
    <dl>
      {vehicleFacts(vehicle).map(({ label, value, badge }) => (
        <div key={label} className="flex justify-between gap-4 border-b border-slate-100 py-2.5 text-sm">
          <dt className="text-slate-600">{label}</dt>
          <dd className="text-right font-medium [overflow-wrap:anywhere] text-ink-900">
            {value}
            {badge ? (
              <span
                className="ml-2 inline-flex items-center gap-1 rounded-full bg-green-50 px-2 py-0.5 align-middle text-xs font-medium text-green-800"
                title="The VIN's check digit matches (49 CFR 565)"
              >
                <BadgeCheck className="h-3.5 w-3.5" aria-hidden="true" />
                {badge}
              </span>
            ) : null}
          </dd>
        </div>
      ))}
    </dl>
  );
}
