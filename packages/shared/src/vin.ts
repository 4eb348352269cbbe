/**
 * The parts of a 17-character VIN that need no table: its alphabet, its check digit and its
 * model-year code (49 CFR 565, docs/decisions/118-vin-decoder.md). Zod-free and small: the
 * storefront imports it to show "VIN checked" (docs/product-rules.md#vehicles). The maker and
 * country table is in vin-decode.ts, which only the API and the back office use.
 */

/** The characters a VIN may use: every digit and capital letter but I, O and Q (49 CFR 565.13(a)). */
export const VIN_CHARACTERS = /^[A-HJ-NPR-Z0-9]{17}$/;

/** 49 CFR 565.15(c): the value of each character; a digit is worth itself. */
const TRANSLITERATION: Record<string, number> = {
  A: 1,
  B: 2,
  C: 3,
  D: 4,
  E: 5,
  F: 6,
  G: 7,
  H: 8,
  J: 1,
  K: 2,
  L: 3,
  M: 4,
  N: 5,
  P: 7,
  R: 9,
  S: 2,
  T: 3,
  U: 4,
  V: 5,
  W: 6,
  X: 7,
  Y: 8,
  Z: 9,
};

/** 49 CFR 565.15(c): the weight of each position; the check digit's own (9th) is 0. */
const WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2] as const;

/** A stored VIN as a decoder reads it: without surrounding spaces, in capitals. */
export const normalizeVin = (vin: string) => vin.trim().toUpperCase();

/**
 * The check digit a VIN should carry in its 9th position: the weighted sum of its characters'
 * values modulo 11, with 10 written "X". null when the text is not 17 VIN characters.
 */
export function vinCheckDigit(vin: string): string | null {
  const v = normalizeVin(vin);
  if (!VIN_CHARACTERS.test(v)) return null;
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const c = v.charAt(i);
    const value = c >= '0' && c <= '9' ? Number(c) : (TRANSLITERATION[c] ?? 0);
    sum += value * (WEIGHTS[i] ?? 0);
  }
  const remainder = sum % 11;
  return remainder === 10 ? 'X' : String(remainder);
}

/**
 * Whether the text is a 17-character VIN whose 9th character is its check digit. A false is no
 * proof of a bad VIN: chassis numbers from before 1981 and VINs made for other markets (where
 * ISO 3779 does not require a check digit) fail it too.
 */
export function isVinChecked(vin: string): boolean {
  const expected = vinCheckDigit(vin);
  return expected !== null && normalizeVin(vin).charAt(8) === expected;
}

/** The same test as isVinChecked, by the name of what it checks. */
export const checkVinDigit = isVinChecked;

/** The model-year codes of the 10th position, in order from 1980 (A) to 2009 (9); 30 a cycle. */
const YEAR_CODES = 'ABCDEFGHJKLMNPRSTVWXY123456789';

/**
 * The model year written in the 10th position (49 CFR 565.15(b)), or null when it is not a
 * year code (U, Z, 0 and the 17-character rule's I, O, Q are never one).
 *
 * The code repeats every 30 years (A is 1980 and 2010). For passenger cars, multipurpose
 * vehicles and trucks up to 10,000 lb, the 7th position decides: a digit means 1980-2009, a
 * letter 2010-2039. The rule does not bind buses, heavier trucks, trailers or motorcycles, nor
 * any vehicle before the 2010 model year, so for those the answer may be 30 years off. A year
 * after `latestYear` (next year by default) cannot be right yet and is read in the earlier
 * cycle.
 */
export function vinModelYear(vin: string, latestYear: number = new Date().getFullYear() + 1): number | null {
  const v = normalizeVin(vin);
  if (!VIN_CHARACTERS.test(v)) return null;
  const index = YEAR_CODES.indexOf(v.charAt(9));
  if (index < 0) return null;
  const seventh = v.charAt(6);
  const laterCycle = !(seventh >= '0' && seventh <= '9');
  const year = 1980 + index + (laterCycle ? 30 : 0);
  return year > latestYear ? year - 30 : year;
}

/** Why a VIN did not check: not 17 characters, a character no VIN uses, or the check digit. */
export type VinProblem = 'length' | 'characters' | 'checkDigit';

/** What the back office shows for each problem (the vehicle form warns, it does not refuse). */
export const VIN_PROBLEM_MESSAGES: Record<VinProblem, string> = {
  length:
    "Not a 17-character VIN. Vehicles built before 1981 carry the maker's own chassis number, which cannot be decoded.",
  characters: 'A VIN never contains the letters I, O or Q, which read like 1 and 0.',
  checkDigit:
    "The VIN's check digit does not match. Pre-1981 chassis numbers and grey-market imports can fail this check.",
};
