import { BUYER_ROLE, type OfferStatus, QUICK_ACCEPT_RESPONSE, QUICK_REJECT_RESPONSE } from '@vm/shared/constants';
import type { NotificationPrefs } from '@vm/shared/user';

/**
 * Demo people and what they did. Vehicles are referred to by their title (see demoTitle), so a
 * typo fails the seed loudly instead of silently skipping an offer.
 */

/** Every demo buyer signs in with this password (documented in docs/decisions/050-demo-data.md). */
export const DEMO_BUYER_PASSWORD = 'demo-buyer-1';

export interface DemoPerson {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  role: string;
  isActive: boolean;
  address: string;
  city: string;
  state: string;
  zipCode: string;
  registeredDaysAgo: number;
  prefs: NotificationPrefs;
  /** Titles of the vehicles this person watches. */
  watches: readonly string[];
}

const prefs = (overrides: Partial<NotificationPrefs> = {}): NotificationPrefs => ({
  watchlistUpdates: true,
  newMatches: false,
  priceChanges: true,
  publicWatchlist: false,
  showContact: false,
  ...overrides,
});

export const DEMO_BUYERS: readonly DemoPerson[] = [
  {
    firstName: 'Jordan',
    lastName: 'Reyes',
    email: 'jordan.buyer@example.com',
    phone: '+1 (303) 555-0141',
    role: BUYER_ROLE,
    isActive: true,
    address: '1450 Larimer Street',
    city: 'Denver',
    state: 'CO',
    zipCode: '80202',
    registeredDaysAgo: 160,
    prefs: prefs({ newMatches: true }),
    watches: [
      '1969 Dodge Charger R/T 440 Magnum',
      '1969 Chevrolet Camaro SS Restomod',
      '2006 Ford GT',
      '1979 Ford Bronco Ranger XLT',
    ],
  },
  {
    firstName: 'Priya',
    lastName: 'Natarajan',
    email: 'priya.buyer@example.com',
    phone: '+1 (206) 555-0178',
    role: BUYER_ROLE,
    isActive: true,
    address: '808 Pike Street',
    city: 'Seattle',
    state: 'WA',
    zipCode: '98101',
    registeredDaysAgo: 120,
    prefs: prefs({ publicWatchlist: true }),
    watches: [
      '1995 Nissan Skyline GT-R V-Spec',
      '1994 Toyota Supra RZ',
      '1993 Mazda RX-7 Type R',
      "1971 Plymouth 'Cuda Hemi",
      '1965 Jaguar E-Type Series 1 4.2 Coupe',
    ],
  },
  {
    firstName: 'Marcus',
    lastName: 'Webb',
    email: 'marcus.buyer@example.com',
    phone: '+1 (404) 555-0193',
    role: BUYER_ROLE,
    isActive: true,
    address: '220 Peachtree Street NW',
    city: 'Atlanta',
    state: 'GA',
    zipCode: '30303',
    registeredDaysAgo: 95,
    prefs: prefs({ priceChanges: false }),
    watches: [
      '1988 Porsche 911 Carrera 3.2 Coupe',
      '1989 BMW M3',
      '1959 Cadillac Eldorado Biarritz',
      '2019 Porsche 911 GT3 Touring',
      '1978 Pontiac Firebird Trans Am',
      '1990 Lamborghini Countach 25th Anniversary',
    ],
  },
  {
    firstName: 'Elena',
    lastName: 'Kowalski',
    email: 'elena.buyer@example.com',
    phone: '+1 (312) 555-0116',
    role: BUYER_ROLE,
    isActive: true,
    address: '55 West Monroe Street',
    city: 'Chicago',
    state: 'IL',
    zipCode: '60603',
    registeredDaysAgo: 70,
    prefs: prefs({ newMatches: true, showContact: true }),
    watches: [
      '1970 Mercedes-Benz 280SL',
      '2020 Audi RS 6 Avant',
      '1979 Mercedes-Benz 300TD Wagon',
      '1974 Volkswagen Type 2 Westfalia Camper',
    ],
  },
  {
    firstName: 'Samuel',
    lastName: 'Okafor',
    email: 'samuel.buyer@example.com',
    phone: '+1 (713) 555-0164',
    role: BUYER_ROLE,
    isActive: true,
    address: '1001 Fannin Street',
    city: 'Houston',
    state: 'TX',
    zipCode: '77002',
    registeredDaysAgo: 41,
    prefs: prefs(),
    watches: [
      '1978 Toyota Land Cruiser FJ40',
      '1972 Land Rover Series III 88',
      '1991 Jeep Grand Wagoneer',
      '2019 Porsche 911 GT3 Touring',
      '1995 Nissan Skyline GT-R V-Spec',
    ],
  },
  {
    // An inactive account, so the admin user filters and the sign-in refusal have something to show.
    firstName: 'Dana',
    lastName: 'Whitfield',
    email: 'dana.buyer@example.com',
    phone: '+1 (619) 555-0107',
    role: BUYER_ROLE,
    isActive: false,
    address: '',
    city: 'San Diego',
    state: 'CA',
    zipCode: '92101',
    registeredDaysAgo: 150,
    prefs: prefs({ watchlistUpdates: false, priceChanges: false }),
    watches: ['1966 Ford Mustang Convertible'],
  },
];

/** A staff member for the admin screens. Its password is random and never shown (see decision 050). */
export const DEMO_STAFF: DemoPerson = {
  firstName: 'Alex',
  lastName: 'Morgan',
  email: 'alex.admin@example.com',
  phone: '+1 (562) 555-0150',
  role: 'Admin',
  isActive: true,
  address: '1200 Harbor Boulevard',
  city: 'Long Beach',
  state: 'CA',
  zipCode: '90802',
  registeredDaysAgo: 200,
  prefs: prefs(),
  watches: [],
};

export interface DemoOffer {
  buyer: string;
  vehicle: string;
  amount: number;
  message: string;
  status: OfferStatus;
  responseMessage?: string;
  daysAgo: number;
}

export const DEMO_OFFERS: readonly DemoOffer[] = [
  {
    buyer: 'jordan.buyer@example.com',
    vehicle: '1969 Dodge Charger R/T 440 Magnum',
    amount: 115000,
    message: 'Would you consider $115k? I can wire funds and arrange transport within the week.',
    status: 'pending',
    daysAgo: 2,
  },
  {
    buyer: 'priya.buyer@example.com',
    vehicle: '1995 Nissan Skyline GT-R V-Spec',
    amount: 68000,
    message: 'Offer subject to a pre-purchase inspection. Are the EPA and DOT import documents in hand?',
    status: 'pending',
    daysAgo: 1,
  },
  {
    buyer: 'samuel.buyer@example.com',
    vehicle: '1978 Toyota Land Cruiser FJ40',
    amount: 64000,
    message: 'Love the colour. Could you include the bikini top and the original hardtop hardware?',
    status: 'pending',
    daysAgo: 3,
  },
  {
    buyer: 'marcus.buyer@example.com',
    vehicle: '1988 Porsche 911 Carrera 3.2 Coupe',
    amount: 88000,
    message: 'My mechanic in Charleston can do a PPI on Friday. Offer stands until then.',
    status: 'under_review',
    daysAgo: 5,
  },
  {
    buyer: 'elena.buyer@example.com',
    vehicle: '1970 Mercedes-Benz 280SL',
    amount: 130000,
    message: 'Is the hardtop stand included? Happy to fly out to Carmel to see the car.',
    status: 'under_review',
    daysAgo: 4,
  },
  {
    buyer: 'marcus.buyer@example.com',
    vehicle: '1959 Cadillac Eldorado Biarritz',
    amount: 215000,
    message: 'Cash buyer, no trade. I would like to close this month.',
    status: 'accepted',
    responseMessage: QUICK_ACCEPT_RESPONSE,
    daysAgo: 9,
  },
  {
    buyer: 'jordan.buyer@example.com',
    vehicle: '1956 Ford F-100 Restomod',
    amount: 80000,
    message: 'I am in Denver and can pick it up myself.',
    status: 'accepted',
    responseMessage: 'Accepted. We will send the purchase agreement and wire details today.',
    daysAgo: 12,
  },
  {
    buyer: 'priya.buyer@example.com',
    vehicle: '1965 Jaguar E-Type Series 1 4.2 Coupe',
    amount: 182000,
    message: 'Offer includes enclosed transport to Seattle at my cost.',
    status: 'accepted',
    responseMessage: QUICK_ACCEPT_RESPONSE,
    daysAgo: 7,
  },
  {
    buyer: 'elena.buyer@example.com',
    vehicle: '1987 Volvo 240 DL Wagon',
    amount: 14000,
    message: 'A manual 240 wagon is exactly what I have been looking for.',
    status: 'accepted',
    responseMessage: 'Accepted. Congratulations, it is a great example.',
    daysAgo: 20,
  },
  {
    buyer: 'jordan.buyer@example.com',
    vehicle: '2006 Ford GT',
    amount: 450000,
    message: 'Market has softened; this is a strong offer.',
    status: 'rejected',
    responseMessage: QUICK_REJECT_RESPONSE,
    daysAgo: 15,
  },
  {
    buyer: 'priya.buyer@example.com',
    vehicle: "1971 Plymouth 'Cuda Hemi",
    amount: 250000,
    message: 'Would you sell before the auction?',
    status: 'rejected',
    responseMessage: 'Thank you. The consignor prefers to let the auction run, and the reserve is above this figure.',
    daysAgo: 10,
  },
  {
    buyer: 'samuel.buyer@example.com',
    vehicle: '2019 Porsche 911 GT3 Touring',
    amount: 170000,
    message: 'Offer valid for 72 hours.',
    status: 'expired',
    daysAgo: 25,
  },
  {
    buyer: 'dana.buyer@example.com',
    vehicle: '1966 Ford Mustang Convertible',
    amount: 48000,
    message: 'Is there any flexibility on the price?',
    status: 'expired',
    daysAgo: 6,
  },
  {
    buyer: 'marcus.buyer@example.com',
    vehicle: '1989 BMW M3',
    amount: 90000,
    message: 'Including shipping from Munich to Savannah?',
    status: 'countered',
    responseMessage: 'We can meet you at $95,500 including shipping and import to Savannah.',
    daysAgo: 8,
  },
  {
    buyer: 'elena.buyer@example.com',
    vehicle: '2020 Audi RS 6 Avant',
    amount: 98000,
    message: 'Would you take $98,000 with my 2016 Volvo V60 as a trade?',
    status: 'countered',
    responseMessage: 'Our best is $104,000 with the trade and a fresh service before delivery.',
    daysAgo: 3,
  },
];
