import { formatLocation } from '@vm/shared/location';
import { formatMoney } from '@vm/shared/money';
import type { Vehicle } from '@vm/shared/vehicle';

const miles = new Intl.NumberFormat('en-US');

/** DETAIL-08: the facts of the public vehicle read, skipping the ones that are not filled in. */
export function vehicleFacts(vehicle: Vehicle): { label: string; value: string }[] {
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
    ['MSRP', vehicle.msrp > 0 ? formatMoney(vehicle.msrp) : ''],
    ['Listing', vehicle.listingType === 'auction' ? 'Auction' : 'Listing'],
    ['Status', vehicle.status],
  ];
  return facts.filter(([, value]) => value.trim() !== '').map(([label, value]) => ({ label, value }));
}

export function VehicleFacts({ vehicle }: { vehicle: Vehicle }) {
  return (
    <dl>
      {vehicleFacts(vehicle).map(({ label, value }) => (
        <div key={label} className="flex justify-between gap-4 border-b border-slate-100 py-2.5 text-sm">
          <dt className="text-slate-600">{label}</dt>
          <dd className="text-right font-medium [overflow-wrap:anywhere] text-ink-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
