import type { Vehicle, VehicleInputRaw } from '@vm/shared/vehicle';

/** What the form's inputs hold: text for every number so an empty box stays empty while typing. */
export interface VehicleFormValues {
  title: string;
  longTitle: string;
  year: string;
  vin: string;
  make: string;
  model: string;
  name: string;
  description: string;
  mileage: string;
  bodyType: string;
  category: string;
  price: string;
  msrp: string;
  status: string;
  sections: { exterior: string; interior: string; other: string };
  listingType: string;
  tags: string[];
  location: { city: string; state: string; country: string };
  fuelType: string;
  transmission: string;
  exteriorColor: string;
  features: string;
}

/** ADMIN-VEH-35..38: a new vehicle starts with vin UNKNOWN, an SUV, category Other, this year. */
export function emptyVehicleForm(now: Date = new Date()): VehicleFormValues {
  return {
    title: '',
    longTitle: '',
    year: String(now.getFullYear()),
    vin: 'UNKNOWN',
    make: '',
    model: '',
    name: '',
    description: '',
    mileage: '',
    bodyType: 'SUV',
    category: 'Other',
    price: '',
    msrp: '',
    status: 'Available',
    sections: { exterior: '', interior: '', other: '' },
    listingType: 'listing',
    tags: [],
    location: { city: '', state: '', country: '' },
    fuelType: '',
    transmission: '',
    exteriorColor: '',
    features: '',
  };
}

export function vehicleToForm(v: Vehicle): VehicleFormValues {
  return {
    title: v.title,
    longTitle: v.longTitle,
    year: String(v.year),
    vin: v.vin,
    make: v.make,
    model: v.model,
    name: v.name,
    description: v.description,
    mileage: String(v.mileage),
    bodyType: v.bodyType,
    category: v.category,
    price: v.price ? String(v.price) : '',
    msrp: v.msrp ? String(v.msrp) : '',
    status: v.status,
    sections: { ...v.sections },
    listingType: v.listingType,
    tags: [...v.tags],
    location: { ...v.location },
    fuelType: v.fuelType,
    transmission: v.transmission,
    exteriorColor: v.exteriorColor,
    features: v.features.join('\n'),
  };
}

/** VALID-04, VALID-05: numbers are coerced, an empty box becomes 0; text the schema then refuses. */
const toNumber = (text: string): number => (text.trim() === '' ? 0 : Number(text));

/** The request body, before validation by the shared vehicleInputSchema. */
export function formToInput(f: VehicleFormValues): VehicleInputRaw {
  return {
    ...f,
    year: toNumber(f.year),
    mileage: toNumber(f.mileage),
    price: toNumber(f.price),
    msrp: toNumber(f.msrp),
    bodyType: f.bodyType as VehicleInputRaw['bodyType'],
    category: f.category as VehicleInputRaw['category'],
    status: f.status as VehicleInputRaw['status'],
    listingType: f.listingType as VehicleInputRaw['listingType'],
    tags: f.tags as VehicleInputRaw['tags'],
    features: f.features
      .split('\n')
      .map((s) => s.trim())
      .filter(Boolean),
  };
}
