import { isVinChecked, normalizeVin, VIN_CHARACTERS, type VinProblem, vinModelYear } from './vin.ts';
import { WMI_TABLE } from './vin-wmi.ts';

/**
 * A VIN decoded offline (docs/decisions/118-vin-decoder.md): the check digit, the model year,
 * the maker from the WMI table and the country from the first two characters. Used by the API's
 * GET /api/vin/:vin and by nothing in the storefront, which needs only isVinChecked (vin.ts).
 */

/**
 * The order of VIN characters in ISO 3780's region ranges: the letters, then 1 to 9, then 0.
 * "SA-SM" is every code from SA to SM in this order.
 */
const RANGE_ORDER = 'ABCDEFGHJKLMNPRSTUVWXYZ1234567890';

/**
 * The countries the first two characters are allocated to (ISO 3780 as kept by SAE for NHTSA),
 * as [first, last, country]. Ranges not allocated, or whose country we could not state for sure,
 * are absent: they decode to no country. A WMI's country is where its holder registered it,
 * usually where the vehicle was built.
 */
const COUNTRY_RANGES: readonly (readonly [from: string, to: string, country: string])[] = [
  ['AA', 'AH', 'South Africa'],
  ['DA', 'DE', 'Egypt'],
  ['DF', 'DK', 'Morocco'],
  ['JA', 'J0', 'Japan'],
  ['KF', 'KK', 'Israel'],
  ['KL', 'KR', 'South Korea'],
  ['KS', 'K0', 'Kazakhstan'],
  ['LA', 'L0', 'China'],
  ['MA', 'ME', 'India'],
  ['MF', 'MK', 'Indonesia'],
  ['ML', 'MR', 'Thailand'],
  ['NA', 'NE', 'Iran'],
  ['NF', 'NK', 'Pakistan'],
  ['NL', 'NR', 'Turkey'],
  ['PA', 'PE', 'Philippines'],
  ['PF', 'PK', 'Singapore'],
  ['PL', 'PR', 'Malaysia'],
  ['RA', 'RE', 'United Arab Emirates'],
  ['RF', 'RK', 'Taiwan'],
  ['RL', 'RM', 'Vietnam'],
  ['SA', 'SM', 'United Kingdom'],
  ['SN', 'ST', 'Germany'],
  ['SU', 'SZ', 'Poland'],
  ['TA', 'TH', 'Switzerland'],
  ['TJ', 'TP', 'Czech Republic'],
  ['TR', 'TV', 'Hungary'],
  ['TW', 'T1', 'Portugal'],
  ['UH', 'UM', 'Denmark'],
  ['UN', 'UT', 'Ireland'],
  ['UU', 'UZ', 'Romania'],
  ['U5', 'U7', 'Slovakia'],
  ['VA', 'VE', 'Austria'],
  ['VF', 'VR', 'France'],
  ['VS', 'VW', 'Spain'],
  ['V3', 'V5', 'Croatia'],
  ['V6', 'V0', 'Estonia'],
  ['WA', 'W0', 'Germany'],
  ['XA', 'XE', 'Bulgaria'],
  ['XF', 'XK', 'Greece'],
  ['XL', 'XR', 'Netherlands'],
  ['XS', 'XW', 'Russia'],
  ['XX', 'X2', 'Luxembourg'],
  ['X3', 'X0', 'Russia'],
  ['YA', 'YE', 'Belgium'],
  ['YF', 'YK', 'Finland'],
  ['YL', 'YR', 'Malta'],
  ['YS', 'YW', 'Sweden'],
  ['YX', 'Y2', 'Norway'],
  ['Y3', 'Y5', 'Belarus'],
  ['Y6', 'Y0', 'Ukraine'],
  ['ZA', 'ZR', 'Italy'],
  ['ZX', 'Z2', 'Slovenia'],
  ['Z3', 'Z5', 'Lithuania'],
  ['1A', '10', 'United States'],
  ['2A', '20', 'Canada'],
  ['3A', '3W', 'Mexico'],
  ['3X', '37', 'Costa Rica'],
  ['4A', '40', 'United States'],
  ['5A', '50', 'United States'],
  ['6A', '6W', 'Australia'],
  ['7A', '7E', 'New Zealand'],
  ['7F', '70', 'United States'],
  ['8A', '8E', 'Argentina'],
  ['8F', '8K', 'Chile'],
  ['8L', '8R', 'Ecuador'],
  ['8S', '8W', 'Peru'],
  ['8X', '82', 'Venezuela'],
  ['9A', '9E', 'Brazil'],
  ['9F', '9K', 'Colombia'],
  ['9L', '9R', 'Paraguay'],
  ['9S', '9W', 'Uruguay'],
  ['9X', '92', 'Trinidad and Tobago'],
  ['93', '99', 'Brazil'],
];

/** The country the VIN's first two characters are allocated to, or null. */
export function vinCountry(vin: string): string | null {
  const v = normalizeVin(vin);
  const first = v.charAt(0);
  const second = RANGE_ORDER.indexOf(v.charAt(1));
  if (second < 0) return null;
  for (const [from, to, country] of COUNTRY_RANGES) {
    if (from.charAt(0) !== first) continue;
    if (second >= RANGE_ORDER.indexOf(from.charAt(1)) && second <= RANGE_ORDER.indexOf(to.charAt(1))) return country;
  }
  return null;
}

export interface DecodedVin {
  /** 17 VIN characters whose 9th is the check digit. */
  valid: boolean;
  /** Only for a valid VIN: a VIN that fails its check digit was likely made to another market's rules, where the 10th character need not be a year. */
  modelYear: number | null;
  /** The holder of the WMI, from the offline table (vin-wmi.ts). */
  manufacturer: string | null;
  /** The catalogue make, when the WMI belongs to one brand. */
  make: string | null;
  country: string | null;
  problem: VinProblem | null;
}

/**
 * Decodes a VIN offline. The maker and country come from the WMI whenever the text is 17 VIN
 * characters, the check digit matching or not (ISO 3780 holds in every market); the model year
 * only when the check digit matches (49 CFR 565 asks for both, ISO 3779 for neither).
 */
export function decodeVin(vin: string, latestYear?: number): DecodedVin {
  const v = normalizeVin(vin);
  const nothing = { valid: false, modelYear: null, manufacturer: null, make: null, country: null };
  if (v.length !== 17) return { ...nothing, problem: 'length' };
  if (!VIN_CHARACTERS.test(v)) return { ...nothing, problem: 'characters' };
  const valid = isVinChecked(v);
  const wmi = WMI_TABLE.get(v.slice(0, 3));
  return {
    valid,
    modelYear: valid ? vinModelYear(v, latestYear) : null,
    manufacturer: wmi?.manufacturer ?? null,
    make: wmi?.make ?? null,
    country: vinCountry(v),
    problem: valid ? null : 'checkDigit',
  };
}
