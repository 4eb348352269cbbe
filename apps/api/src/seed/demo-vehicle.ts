import type { BodyType, Category, FUEL_TYPES, Tag, TRANSMISSIONS, VehicleStatus } from '@vm/shared/constants';
import type { Paint, Silhouette } from './demo-photo-cars.ts';

/** One hand-written demo listing; prices in dollars, as an admin would type them. */
export interface DemoVehicle {
  year: number;
  make: string;
  model: string;
  /** Trim or variant, appended to the title. */
  trim?: string;
  /** The optional friendly name (a nickname or chassis code). */
  name?: string;
  /** Completes the SEO long title: "<title> – <tagline>". */
  tagline: string;
  bodyType: BodyType;
  category: Category;
  silhouette: Silhouette;
  paint: Paint;
  exteriorColor: string;
  fuelType: (typeof FUEL_TYPES)[number];
  transmission: (typeof TRANSMISSIONS)[number];
  price: number;
  msrp: number;
  mileage: number;
  location: readonly [city: string, state: string, country: string];
  status?: VehicleStatus;
  auction?: boolean;
  tags?: readonly Tag[];
  vin: string;
  description: string;
  sections: { exterior: string; interior: string; other: string };
  features: readonly string[];
}
