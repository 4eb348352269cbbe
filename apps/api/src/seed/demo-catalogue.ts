import { type VehicleInput, vehicleInputSchema } from '@vm/shared/vehicle';
import { AMERICAN_VEHICLES } from './demo-catalogue-american.ts';
import { ASIAN_VEHICLES } from './demo-catalogue-asian.ts';
import { EUROPEAN_VEHICLES } from './demo-catalogue-european.ts';
import type { DemoVehicle } from './demo-vehicle.ts';

export const DEMO_VEHICLES: readonly DemoVehicle[] = [...AMERICAN_VEHICLES, ...EUROPEAN_VEHICLES, ...ASIAN_VEHICLES];

export function demoTitle(v: DemoVehicle): string {
  return [v.year, v.make, v.model, v.trim].filter(Boolean).join(' ');
}

/**
 * The admin form's input for a demo vehicle, run through the same schema the API validates
 * with, so the demo data can never hold something the product would refuse.
 */
export function demoVehicleInput(v: DemoVehicle): VehicleInput {
  const title = demoTitle(v);
  return vehicleInputSchema.parse({
    title,
    longTitle: `${title} – ${v.tagline}`,
    year: v.year,
    vin: v.vin,
    make: v.make,
    model: v.model,
    name: v.name ?? '',
    description: v.description,
    mileage: v.mileage,
    bodyType: v.bodyType,
    category: v.category,
    price: v.price,
    msrp: v.msrp,
    status: v.status ?? 'Available',
    sections: v.sections,
    listingType: v.auction ? 'auction' : 'listing',
    tags: [...(v.tags ?? [])],
    location: { city: v.location[0], state: v.location[1], country: v.location[2] },
    fuelType: v.fuelType,
    transmission: v.transmission,
    exteriorColor: v.exteriorColor,
    features: [...v.features],
  });
}
