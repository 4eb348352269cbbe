/**
 * Word material for the generated catalogue: real makes and models with their era, body type,
 * category and price level, so filters and sorts hit realistic distributions, and a varied
 * vocabulary for descriptions, so full-text search has common, rare and absent words.
 */

/** [model, body type, category, first year, last year, typical price in dollars] */
export type ModelSpec = readonly [string, string, string, number, number, number];

export interface MakeSpec {
  make: string;
  origin: 'American' | 'British' | 'Japanese/JDM' | 'European';
  /** Relative share of the catalogue. */
  weight: number;
  models: readonly ModelSpec[];
}

export const MAKES: readonly MakeSpec[] = [
  {
    make: 'Chevrolet',
    origin: 'American',
    weight: 12,
    models: [
      ['Corvette', 'Coupe', 'Sports Cars', 1953, 2026, 65_000],
      ['Camaro', 'Coupe', 'Muscle Cars', 1967, 2024, 42_000],
      ['Chevelle', 'Coupe', 'Muscle Cars', 1964, 1977, 55_000],
      ['Bel Air', 'Sedan', 'Classics', 1950, 1975, 48_000],
      ['C10', 'Truck', 'Trucks', 1960, 1987, 35_000],
      ['Silverado', 'Truck', 'Trucks', 1999, 2026, 38_000],
      ['Tahoe', 'SUV', 'SUVs', 1995, 2026, 45_000],
      ['Impala', 'Sedan', 'Classics', 1958, 2020, 30_000],
      ['Nova', 'Coupe', 'Muscle Cars', 1962, 1979, 38_000],
    ],
  },
  {
    make: 'Ford',
    origin: 'American',
    weight: 12,
    models: [
      ['Mustang', 'Coupe', 'Muscle Cars', 1964, 2026, 45_000],
      ['F-100', 'Truck', 'Trucks', 1953, 1983, 32_000],
      ['F-150', 'Truck', 'Trucks', 1975, 2026, 40_000],
      ['Bronco', 'SUV', '4x4s', 1966, 2026, 52_000],
      ['Thunderbird', 'Convertible', 'Convertibles', 1955, 2005, 36_000],
      ['GT40', 'Coupe', 'Race/Competition', 1964, 1969, 2_500_000],
      ['GT', 'Coupe', 'Exotics', 2005, 2022, 650_000],
      ['Model A', 'Coupe', 'Classics', 1950, 1951, 28_000],
      ['Country Squire', 'Wagon', 'Wagons', 1950, 1991, 26_000],
    ],
  },
  {
    make: 'Dodge',
    origin: 'American',
    weight: 6,
    models: [
      ['Charger', 'Coupe', 'Muscle Cars', 1966, 2026, 55_000],
      ['Challenger', 'Coupe', 'Muscle Cars', 1970, 2023, 50_000],
      ['Viper', 'Convertible', 'Performance Cars', 1992, 2017, 95_000],
      ['Power Wagon', 'Truck', '4x4s', 1950, 1980, 60_000],
      ['Coronet', 'Sedan', 'Classics', 1950, 1976, 34_000],
    ],
  },
  {
    make: 'Pontiac',
    origin: 'American',
    weight: 4,
    models: [
      ['GTO', 'Coupe', 'Muscle Cars', 1964, 2006, 58_000],
      ['Firebird', 'Coupe', 'Muscle Cars', 1967, 2002, 36_000],
      ['Bonneville', 'Convertible', 'Classics', 1957, 2005, 30_000],
    ],
  },
  {
    make: 'Cadillac',
    origin: 'American',
    weight: 4,
    models: [
      ['Eldorado', 'Convertible', 'Luxury Cars', 1953, 2002, 45_000],
      ['DeVille', 'Sedan', 'Luxury Cars', 1959, 2005, 22_000],
      ['Escalade', 'SUV', 'SUVs', 1999, 2026, 70_000],
      ['Lyriq', 'SUV', 'Electric', 2023, 2026, 60_000],
    ],
  },
  {
    make: 'Jeep',
    origin: 'American',
    weight: 5,
    models: [
      ['CJ-5', 'SUV', '4x4s', 1955, 1983, 26_000],
      ['Wrangler', 'SUV', '4x4s', 1987, 2026, 35_000],
      ['Wagoneer', 'SUV', 'SUVs', 1963, 2026, 40_000],
      ['Gladiator', 'Truck', 'Trucks', 1963, 2026, 38_000],
    ],
  },
  {
    make: 'Tesla',
    origin: 'American',
    weight: 3,
    models: [
      ['Model S', 'Sedan', 'Electric', 2012, 2026, 55_000],
      ['Model 3', 'Sedan', 'Electric', 2017, 2026, 32_000],
      ['Roadster', 'Convertible', 'Electric', 2008, 2012, 90_000],
    ],
  },
  {
    make: 'Shelby',
    origin: 'American',
    weight: 1,
    models: [
      ['Cobra', 'Convertible', 'Race/Competition', 1962, 1967, 1_200_000],
      ['GT350', 'Coupe', 'Performance Cars', 1965, 2020, 160_000],
    ],
  },
  {
    make: 'Harley-Davidson',
    origin: 'American',
    weight: 3,
    models: [
      ['Panhead', 'Motorcycle', 'Motorcycles', 1950, 1965, 28_000],
      ['Sportster', 'Motorcycle', 'Motorcycles', 1957, 2026, 12_000],
      ['Electra Glide', 'Motorcycle', 'Motorcycles', 1965, 2026, 22_000],
    ],
  },
  {
    make: 'Airstream',
    origin: 'American',
    weight: 1,
    models: [
      ['Bambi', 'Other', 'Trailers & Boats', 1961, 2026, 45_000],
      ['Land Yacht', 'Van', 'RVs', 1970, 2026, 95_000],
    ],
  },
  {
    make: 'Winnebago',
    origin: 'American',
    weight: 1,
    models: [
      ['Brave', 'Van', 'RVs', 1966, 2022, 60_000],
      ['Revel', 'Van', 'RVs', 2018, 2026, 180_000],
    ],
  },
  {
    make: 'Jaguar',
    origin: 'British',
    weight: 4,
    models: [
      ['E-Type', 'Convertible', 'Classics', 1961, 1975, 140_000],
      ['XK120', 'Convertible', 'Classics', 1950, 1954, 180_000],
      ['XJ6', 'Sedan', 'Luxury Cars', 1968, 1992, 18_000],
      ['F-Type', 'Coupe', 'Sports Cars', 2014, 2024, 65_000],
    ],
  },
  {
    make: 'Land Rover',
    origin: 'British',
    weight: 4,
    models: [
      ['Series IIA', 'SUV', '4x4s', 1961, 1971, 45_000],
      ['Defender', 'SUV', '4x4s', 1983, 2026, 70_000],
      ['Range Rover', 'SUV', 'Luxury Cars', 1970, 2026, 60_000],
    ],
  },
  {
    make: 'Aston Martin',
    origin: 'British',
    weight: 2,
    models: [
      ['DB5', 'Coupe', 'Exotics', 1963, 1965, 950_000],
      ['Vantage', 'Coupe', 'Sports Cars', 1977, 2026, 120_000],
      ['DB11', 'Coupe', 'Luxury Cars', 2016, 2024, 160_000],
    ],
  },
  {
    make: 'MG',
    origin: 'British',
    weight: 3,
    models: [
      ['MGB', 'Convertible', 'Convertibles', 1962, 1980, 18_000],
      ['MGA', 'Convertible', 'Convertibles', 1955, 1962, 32_000],
      ['TD', 'Convertible', 'Classics', 1950, 1953, 30_000],
    ],
  },
  {
    make: 'Triumph',
    origin: 'British',
    weight: 3,
    models: [
      ['TR6', 'Convertible', 'Convertibles', 1968, 1976, 28_000],
      ['Spitfire', 'Convertible', 'Convertibles', 1962, 1980, 14_000],
      ['Bonneville', 'Motorcycle', 'Motorcycles', 1959, 2026, 11_000],
    ],
  },
  {
    make: 'Rolls-Royce',
    origin: 'British',
    weight: 1,
    models: [
      ['Silver Shadow', 'Sedan', 'Luxury Cars', 1965, 1980, 40_000],
      ['Phantom', 'Sedan', 'Luxury Cars', 1950, 2026, 300_000],
    ],
  },
  {
    make: 'Mini',
    origin: 'British',
    weight: 2,
    models: [
      ['Cooper', 'Hatchback', 'Classics', 1961, 2000, 25_000],
      ['Cooper S', 'Hatchback', 'Late Models', 2002, 2026, 24_000],
    ],
  },
  {
    make: 'Toyota',
    origin: 'Japanese/JDM',
    weight: 7,
    models: [
      ['Land Cruiser FJ40', 'SUV', '4x4s', 1960, 1984, 65_000],
      ['Land Cruiser', 'SUV', 'SUVs', 1985, 2026, 55_000],
      ['Supra', 'Coupe', 'Sports Cars', 1979, 2026, 60_000],
      ['2000GT', 'Coupe', 'Exotics', 1967, 1970, 900_000],
      ['Hilux', 'Truck', 'Trucks', 1968, 2026, 25_000],
      ['AE86 Corolla', 'Coupe', 'Japanese/JDM', 1983, 1987, 30_000],
    ],
  },
  {
    make: 'Nissan',
    origin: 'Japanese/JDM',
    weight: 6,
    models: [
      ['Skyline GT-R', 'Coupe', 'Japanese/JDM', 1969, 2002, 120_000],
      ['GT-R', 'Coupe', 'Performance Cars', 2008, 2025, 110_000],
      ['Fairlady Z', 'Coupe', 'Sports Cars', 1969, 2026, 40_000],
      ['Silvia', 'Coupe', 'Japanese/JDM', 1975, 2002, 35_000],
      ['Patrol', 'SUV', '4x4s', 1951, 2026, 35_000],
      ['Leaf', 'Hatchback', 'Electric', 2011, 2026, 14_000],
    ],
  },
  {
    make: 'Honda',
    origin: 'Japanese/JDM',
    weight: 5,
    models: [
      ['NSX', 'Coupe', 'Exotics', 1990, 2022, 120_000],
      ['S2000', 'Convertible', 'Sports Cars', 1999, 2009, 38_000],
      ['Civic Type R', 'Hatchback', 'Performance Cars', 1997, 2026, 42_000],
      ['CB750', 'Motorcycle', 'Motorcycles', 1969, 2003, 12_000],
      ['Acty', 'Truck', 'Japanese/JDM', 1977, 2021, 9_000],
    ],
  },
  {
    make: 'Mazda',
    origin: 'Japanese/JDM',
    weight: 4,
    models: [
      ['RX-7', 'Coupe', 'Japanese/JDM', 1978, 2002, 45_000],
      ['MX-5 Miata', 'Convertible', 'Convertibles', 1989, 2026, 18_000],
      ['Cosmo', 'Coupe', 'Classics', 1967, 1996, 95_000],
    ],
  },
  {
    make: 'Subaru',
    origin: 'Japanese/JDM',
    weight: 3,
    models: [
      ['Impreza WRX STI', 'Sedan', 'Performance Cars', 1994, 2021, 35_000],
      ['Sambar', 'Van', 'Japanese/JDM', 1961, 2026, 12_000],
      ['Outback', 'Wagon', 'Wagons', 1995, 2026, 22_000],
    ],
  },
  {
    make: 'Mitsubishi',
    origin: 'Japanese/JDM',
    weight: 2,
    models: [
      ['Lancer Evolution', 'Sedan', 'Performance Cars', 1992, 2016, 38_000],
      ['Delica', 'Van', 'Japanese/JDM', 1968, 2026, 22_000],
      ['Pajero', 'SUV', '4x4s', 1982, 2021, 18_000],
    ],
  },
  {
    make: 'Porsche',
    origin: 'European',
    weight: 6,
    models: [
      ['356', 'Coupe', 'Classics', 1950, 1965, 150_000],
      ['911', 'Coupe', 'Sports Cars', 1964, 2026, 120_000],
      ['914', 'Convertible', 'Sports Cars', 1969, 1976, 35_000],
      ['Cayenne', 'SUV', 'SUVs', 2003, 2026, 60_000],
      ['Taycan', 'Sedan', 'Electric', 2020, 2026, 95_000],
      ['Carrera GT', 'Convertible', 'Exotics', 2004, 2007, 1_400_000],
    ],
  },
  {
    make: 'Mercedes-Benz',
    origin: 'European',
    weight: 6,
    models: [
      ['300SL', 'Coupe', 'Exotics', 1954, 1963, 1_300_000],
      ['SL', 'Convertible', 'Luxury Cars', 1963, 2026, 55_000],
      ['G-Class', 'SUV', '4x4s', 1979, 2026, 120_000],
      ['W123', 'Sedan', 'Classics', 1976, 1986, 16_000],
      ['Unimog', 'Truck', '4x4s', 1951, 2026, 75_000],
      ['EQS', 'Sedan', 'Electric', 2022, 2026, 90_000],
    ],
  },
  {
    make: 'BMW',
    origin: 'European',
    weight: 6,
    models: [
      ['2002', 'Sedan', 'Classics', 1966, 1977, 32_000],
      ['M3', 'Sedan', 'Performance Cars', 1986, 2026, 60_000],
      ['Z3', 'Convertible', 'Convertibles', 1996, 2002, 15_000],
      ['R75', 'Motorcycle', 'Motorcycles', 1969, 1973, 14_000],
      ['i4', 'Sedan', 'Electric', 2022, 2026, 52_000],
      ['X5', 'SUV', 'SUVs', 2000, 2026, 45_000],
    ],
  },
  {
    make: 'Volkswagen',
    origin: 'European',
    weight: 5,
    models: [
      ['Beetle', 'Coupe', 'Classics', 1950, 2019, 16_000],
      ['Type 2 Bus', 'Van', 'Classics', 1950, 1979, 45_000],
      ['Golf GTI', 'Hatchback', 'Performance Cars', 1976, 2026, 22_000],
      ['Karmann Ghia', 'Coupe', 'Classics', 1955, 1974, 28_000],
      ['ID. Buzz', 'Van', 'Electric', 2024, 2026, 62_000],
    ],
  },
  {
    make: 'Ferrari',
    origin: 'European',
    weight: 2,
    models: [
      ['250 GT', 'Coupe', 'Exotics', 1954, 1964, 3_500_000],
      ['308 GTS', 'Convertible', 'Exotics', 1975, 1985, 95_000],
      ['Testarossa', 'Coupe', 'Exotics', 1984, 1996, 160_000],
      ['F40', 'Coupe', 'Exotics', 1987, 1992, 2_800_000],
      ['Roma', 'Coupe', 'Exotics', 2020, 2026, 240_000],
    ],
  },
  {
    make: 'Lamborghini',
    origin: 'European',
    weight: 1,
    models: [
      ['Miura', 'Coupe', 'Exotics', 1966, 1973, 2_200_000],
      ['Countach', 'Coupe', 'Exotics', 1974, 1990, 600_000],
      ['Huracan', 'Coupe', 'Exotics', 2014, 2024, 240_000],
    ],
  },
  {
    make: 'Alfa Romeo',
    origin: 'European',
    weight: 2,
    models: [
      ['Giulia Sprint GT', 'Coupe', 'Classics', 1963, 1977, 60_000],
      ['Spider', 'Convertible', 'Convertibles', 1966, 1994, 22_000],
      ['4C', 'Coupe', 'Sports Cars', 2014, 2020, 60_000],
    ],
  },
  {
    make: 'Volvo',
    origin: 'European',
    weight: 2,
    models: [
      ['P1800', 'Coupe', 'Classics', 1961, 1973, 38_000],
      ['240 Wagon', 'Wagon', 'Wagons', 1975, 1993, 12_000],
      ['XC90', 'SUV', 'SUVs', 2003, 2026, 40_000],
    ],
  },
  {
    make: 'Ducati',
    origin: 'European',
    weight: 2,
    models: [
      ['Monster', 'Motorcycle', 'Motorcycles', 1993, 2026, 11_000],
      ['916', 'Motorcycle', 'Motorcycles', 1994, 1998, 18_000],
    ],
  },
  {
    make: 'Citroen',
    origin: 'European',
    weight: 1,
    models: [
      ['DS', 'Sedan', 'Classics', 1955, 1975, 45_000],
      ['2CV', 'Hatchback', 'Classics', 1950, 1990, 15_000],
    ],
  },
];

export const COLORS = [
  'Black',
  'White',
  'Silver',
  'Red',
  'Guards Red',
  'British Racing Green',
  'Midnight Blue',
  'Grabber Orange',
  'Sublime Green',
  'Champagne',
  'Pearl White',
  'Gunmetal Grey',
  'Ivory',
  'Burgundy',
  'Sky Blue',
  'Canary Yellow',
];

export const FUELS = ['Gasoline', 'Gasoline', 'Gasoline', 'Diesel', 'Electric', 'Hybrid'];
export const TRANSMISSIONS = ['Manual', 'Automatic', 'Automatic', '5-speed manual', '4-speed manual', 'Dual-clutch'];

export const LOCATIONS: readonly (readonly [string, string, string])[] = [
  ['Los Angeles', 'CA', 'USA'],
  ['San Diego', 'CA', 'USA'],
  ['Phoenix', 'AZ', 'USA'],
  ['Scottsdale', 'AZ', 'USA'],
  ['Dallas', 'TX', 'USA'],
  ['Austin', 'TX', 'USA'],
  ['Miami', 'FL', 'USA'],
  ['Tampa', 'FL', 'USA'],
  ['Atlanta', 'GA', 'USA'],
  ['Chicago', 'IL', 'USA'],
  ['Detroit', 'MI', 'USA'],
  ['Denver', 'CO', 'USA'],
  ['Seattle', 'WA', 'USA'],
  ['Portland', 'OR', 'USA'],
  ['New York', 'NY', 'USA'],
  ['Boston', 'MA', 'USA'],
  ['Nashville', 'TN', 'USA'],
  ['Charlotte', 'NC', 'USA'],
  ['Toronto', 'ON', 'Canada'],
  ['Vancouver', 'BC', 'Canada'],
];

export const FEATURES = [
  'Air conditioning',
  'Power steering',
  'Disc brakes',
  'Leather seats',
  'Limited-slip differential',
  'Removable hardtop',
  'Soft top',
  'Wire wheels',
  'Alloy wheels',
  'Cruise control',
  'Heated seats',
  'Navigation',
  'Roll cage',
  'Sunroof',
  'Tow package',
  'Winch',
  'Locking hubs',
  'Factory radio',
  'Bluetooth audio',
  'Upgraded suspension',
];

export const FIRST_NAMES = [
  'James',
  'Mary',
  'Robert',
  'Patricia',
  'John',
  'Jennifer',
  'Michael',
  'Linda',
  'David',
  'Elizabeth',
  'William',
  'Barbara',
  'Richard',
  'Susan',
  'Joseph',
  'Jessica',
  'Thomas',
  'Sarah',
  'Carlos',
  'Yuki',
  'Priya',
  'Ahmed',
  'Olga',
  'Mateo',
];

export const LAST_NAMES = [
  'Smith',
  'Johnson',
  'Williams',
  'Brown',
  'Jones',
  'Garcia',
  'Miller',
  'Davis',
  'Rodriguez',
  'Martinez',
  'Hernandez',
  'Lopez',
  'Wilson',
  'Anderson',
  'Thomas',
  'Taylor',
  'Moore',
  'Jackson',
  'Tanaka',
  'Patel',
  'Kowalski',
  'Novak',
];

/** Description material: openings, history, condition, mechanical notes, closing lines. */
export const OPENINGS = [
  'This {year} {make} {model} is a {adj} example finished in {color}.',
  'Offered from a private collection, this {color} {model} has been {care}.',
  'A {adj} {make} {model} with {history}.',
  'Presented in {color}, this {year} {model} is one of the {adj} cars we have handled.',
  'Here is a {adj}, {adj2} {make} that has been {care}.',
  'Imported from {country}, this {model} arrives {condition}.',
];

export const ADJECTIVES = [
  'beautiful',
  'honest',
  'original',
  'rare',
  'sought-after',
  'well-documented',
  'unrestored',
  'restored',
  'driver-quality',
  'concours-level',
  'numbers-matching',
  'low-mileage',
  'stunning',
  'clean',
  'solid',
  'rust-free',
  'sympathetically restored',
  'meticulously maintained',
  'highly optioned',
  'collector-grade',
  'time-capsule',
  'tastefully modified',
  'period-correct',
  'freshly serviced',
];

export const CARE = [
  'garaged for most of its life',
  'maintained by a marque specialist',
  'stored in a climate-controlled facility',
  'driven sparingly on weekends',
  'the subject of a nut-and-bolt restoration',
  'cared for by two owners since new',
  'exercised regularly and never tracked',
  'kept under a cover in a heated garage',
];

export const HISTORY = [
  'a documented ownership history',
  'its original window sticker and build sheet',
  'service records going back decades',
  'a certificate of authenticity from the factory archive',
  'a history of concours awards',
  'a known racing history at regional events',
  'a barn-find story worth hearing',
  'the original owner manual and tool roll',
  'a clean title and a clear history report',
  'a recent pre-purchase inspection report',
];

export const CONDITIONS = [
  'in excellent condition',
  'ready to enjoy',
  'with fresh paint and new chrome',
  'with a sorted drivetrain and a clean interior',
  'needing only minor cosmetic attention',
  'as a rolling restoration project',
  'road-registered and fully legal',
];

export const MECHANICAL = [
  'The engine was rebuilt {n} miles ago and pulls strongly through every gear.',
  'Recent service included new brakes, fluids, belts and hoses.',
  'It runs on a rebuilt carburetor and a new stainless exhaust.',
  'The gearbox shifts cleanly and the clutch was replaced recently.',
  'Suspension bushings and dampers were renewed during the last service.',
  'A new radiator, water pump and electric fan keep it cool in summer traffic.',
  'It starts on the first turn and idles smoothly.',
  'The fuel tank was cleaned and sealed and the lines were replaced.',
  'The turbocharger was rebuilt and boost is within factory specification.',
  'The battery pack was tested at {pct}% of its original capacity.',
];

export const INTERIORS = [
  'Inside, the {trim} upholstery shows light patina.',
  'The cabin features {trim} seats, a period radio and a wooden steering wheel.',
  'The interior was retrimmed in {trim} with correct stitching.',
  'Gauges, switches and lights all work as they should.',
  'The dashboard is free of cracks and the carpets are new.',
];

export const TRIMS = [
  'black leather',
  'tan leather',
  'red vinyl',
  'houndstooth cloth',
  'Alcantara',
  'tweed',
  'oxblood leather',
];

export const CLOSINGS = [
  'Viewing is welcome by appointment.',
  'Worldwide shipping can be arranged.',
  'Financing and enclosed transport are available.',
  'A spare set of wheels and a car cover are included.',
  'Offers from serious buyers are considered.',
  'Inspection reports and a video walk-around are available on request.',
  'It would make a fine addition to any collection.',
];

export const COUNTRIES = ['Japan', 'Germany', 'Italy', 'the United Kingdom', 'France', 'Australia', 'Sweden'];
