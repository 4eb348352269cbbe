import { describe, expect, it } from 'vitest';
import { checkVinDigit, isVinChecked, VIN_PROBLEM_MESSAGES, vinCheckDigit, vinModelYear } from './vin.ts';
import { decodeVin, vinCountry } from './vin-decode.ts';
import { WMI_LISTED_COUNT, WMI_TABLE } from './vin-wmi.ts';
import { vinParamsSchema } from './vin-lookup.ts';

/** Computed by hand with 49 CFR 565.15's transliteration and weights; each one checks. */
const VALID_VINS = [
  '1M8GDM9AXKP042788', // the regulation's own example: remainder 10, written X
  '11111111111111111', // every 1: 89 mod 11 is 1
  '1HGCM82633A004352', // a 2003 Honda Accord
  'WP0AB2A95KS111111',
  '5YJ3E1EA2KF317000',
  'JH4KA3148KC000000',
];

describe('VIN check digit (49 CFR 565.15)', () => {
  it.each(VALID_VINS)('ISSUE-18-VIN %s checks', (vin) => {
    expect(isVinChecked(vin)).toBe(true);
    expect(checkVinDigit(vin)).toBe(true);
    expect(vinCheckDigit(vin)).toBe(vin.charAt(8));
  });

  it('ISSUE-18-VIN computes the digit, with a remainder of 10 written X', () => {
    expect(vinCheckDigit('1M8GDM9A0KP042788')).toBe('X');
    expect(vinCheckDigit('1HGCM82603A004352')).toBe('3');
  });

  it('ISSUE-18-VIN fails when one character changes, the check digit or any other', () => {
    expect(isVinChecked('1M8GDM9A1KP042788')).toBe(false); // check digit
    expect(isVinChecked('1HGCM82633A004353')).toBe(false); // last digit
    expect(isVinChecked('2HGCM82633A004352')).toBe(false); // first character
    expect(isVinChecked('11111111111111112')).toBe(false);
  });

  it('ISSUE-18-VIN fails on I, O and Q, which no VIN uses, and on any length but 17', () => {
    expect(isVinChecked('1M8GDM9AXKP04278O')).toBe(false);
    expect(isVinChecked('IHGCM82633A004352')).toBe(false);
    expect(isVinChecked('1HGCM82633A00435Q')).toBe(false);
    expect(vinCheckDigit('1HGCM82633A00435Q')).toBeNull();
    expect(isVinChecked('1HGCM82633A00435')).toBe(false);
    expect(isVinChecked('1HGCM82633A0043522')).toBe(false);
    expect(isVinChecked('7R02S174512')).toBe(false); // a 1967 Ford chassis number
    expect(isVinChecked('')).toBe(false);
  });

  it('ISSUE-18-VIN reads a stored VIN in capitals and without surrounding spaces', () => {
    expect(isVinChecked(' 1hgcm82633a004352 ')).toBe(true);
  });
});

describe('VIN model year (49 CFR 565.15(b))', () => {
  it('ISSUE-18-VIN reads the 10th character in the 1980-2009 cycle when the 7th is a digit', () => {
    expect(vinModelYear('1M8GDM9AXKP042788', 2026)).toBe(1989);
    expect(vinModelYear('1HGCM82633A004352', 2026)).toBe(2003);
    expect(vinModelYear('11111111111111111', 2026)).toBe(2001);
    expect(vinModelYear('1HGCM8263AA004352', 2026)).toBe(1980);
    expect(vinModelYear('1HGCM8263YA004352', 2026)).toBe(2000);
  });

  it('ISSUE-18-VIN reads it in the 2010-2039 cycle when the 7th is a letter', () => {
    expect(vinModelYear('WP0AB2A95KS111111', 2026)).toBe(2019);
    expect(vinModelYear('5YJ3E1EA2KF317000', 2026)).toBe(2019);
    expect(vinModelYear('5YJ3E1EA0AF317000', 2026)).toBe(2010);
    expect(vinModelYear('5YJ3E1EA0SF317000', 2026)).toBe(2025);
  });

  it('ISSUE-18-VIN reads a later-cycle year not yet possible in the earlier cycle', () => {
    // Y with a letter in 7th place would be 2030; in 2026 that can only be 2000.
    expect(vinModelYear('5YJ3E1EA0YF317000', 2026)).toBe(2000);
    expect(vinModelYear('5YJ3E1EA0YF317000', 2031)).toBe(2030);
  });

  it('ISSUE-18-VIN has no year for U, Z and 0, which are never year codes', () => {
    expect(vinModelYear('5YJ3E1EA0UF317000', 2026)).toBeNull();
    expect(vinModelYear('5YJ3E1EA0ZF317000', 2026)).toBeNull();
    expect(vinModelYear('5YJ3E1EA00F317000', 2026)).toBeNull();
  });
});

describe('VIN country (ISO 3780 regions)', () => {
  it.each([
    ['1HG', 'United States'],
    ['4T1', 'United States'],
    ['5YJ', 'United States'],
    ['7SA', 'United States'],
    ['2HG', 'Canada'],
    ['3VW', 'Mexico'],
    ['JHM', 'Japan'],
    ['J0X', 'Japan'],
    ['KMH', 'South Korea'],
    ['LRW', 'China'],
    ['SAJ', 'United Kingdom'],
    ['SMT', 'United Kingdom'],
    ['SUF', 'Poland'],
    ['TMB', 'Czech Republic'],
    ['VF1', 'France'],
    ['VSS', 'Spain'],
    ['WP0', 'Germany'],
    ['W0L', 'Germany'],
    ['XTA', 'Russia'],
    ['YV1', 'Sweden'],
    ['YS3', 'Sweden'],
    ['ZFF', 'Italy'],
    ['6G1', 'Australia'],
    ['9BW', 'Brazil'],
    ['93H', 'Brazil'],
    ['AAV', 'South Africa'],
  ])('ISSUE-18-VIN a VIN starting %s is from %s', (wmi, country) => {
    expect(vinCountry(`${wmi}00000000000000`)).toBe(country);
  });

  it('ISSUE-18-VIN has no country for an unallocated range', () => {
    expect(vinCountry('ZS100000000000000')).toBeNull();
    expect(vinCountry('U1100000000000000')).toBeNull();
  });
});

describe('WMI table', () => {
  it('ISSUE-18-VIN lists every WMI once, as three VIN characters', () => {
    expect(WMI_TABLE.size).toBe(WMI_LISTED_COUNT);
    expect(WMI_TABLE.size).toBeGreaterThan(300);
    for (const wmi of WMI_TABLE.keys()) expect(wmi).toMatch(/^[A-HJ-NPR-Z0-9]{3}$/);
  });

  it.each([
    ['1FA', 'Ford'],
    ['1FT', 'Ford'],
    ['1G1', 'Chevrolet'],
    ['WP0', 'Porsche'],
    ['WP1', 'Porsche'],
    ['WBS', 'BMW'],
    ['WDD', 'Mercedes-Benz'],
    ['W1K', 'Mercedes-Benz'],
    ['WVW', 'Volkswagen'],
    ['WUA', 'Audi'],
    ['ZFF', 'Ferrari'],
    ['ZHW', 'Lamborghini'],
    ['ZAR', 'Alfa Romeo'],
    ['ZLA', 'Lancia'],
    ['SAJ', 'Jaguar'],
    ['SAL', 'Land Rover'],
    ['SCF', 'Aston Martin'],
    ['SCA', 'Rolls-Royce'],
    ['SCB', 'Bentley'],
    ['SCC', 'Lotus'],
    ['JTD', 'Toyota'],
    ['JHM', 'Honda'],
    ['JN1', 'Nissan'],
    ['JM1', 'Mazda'],
    ['JF1', 'Subaru'],
    ['JA3', 'Mitsubishi'],
    ['KMH', 'Hyundai'],
    ['KNA', 'Kia'],
    ['YV1', 'Volvo'],
    ['YS3', 'Saab'],
    ['VF1', 'Renault'],
    ['VF3', 'Peugeot'],
    ['VF7', 'Citroën'],
    ['5YJ', 'Tesla'],
    ['7SA', 'Tesla'],
  ])('ISSUE-18-VIN the WMI %s is %s', (wmi, make) => {
    expect(WMI_TABLE.get(wmi)).toEqual({ manufacturer: make, make });
  });

  it('ISSUE-18-VIN names the manufacturer but no make for a WMI several brands share', () => {
    expect(WMI_TABLE.get('1C4')).toEqual({ manufacturer: 'Chrysler (Chrysler, Dodge, Jeep)', make: null });
  });
});

describe('decodeVin', () => {
  it('ISSUE-18-VIN decodes a valid VIN: year, maker and country', () => {
    expect(decodeVin('1HGCM82633A004352', 2026)).toEqual({
      valid: true,
      modelYear: 2003,
      manufacturer: 'Honda',
      make: 'Honda',
      country: 'United States',
      problem: null,
    });
    expect(decodeVin('wp0ab2a95ks111111', 2026)).toMatchObject({
      valid: true,
      modelYear: 2019,
      make: 'Porsche',
      country: 'Germany',
    });
  });

  it('ISSUE-18-VIN decodes the maker of a VIN whose check digit fails, but not its year', () => {
    // A European-market VIN: ISO 3779 requires neither a check digit nor a year code.
    expect(decodeVin('WP0ZZZ99ZTS392124', 2026)).toEqual({
      valid: false,
      modelYear: null,
      manufacturer: 'Porsche',
      make: 'Porsche',
      country: 'Germany',
      problem: 'checkDigit',
    });
    expect(VIN_PROBLEM_MESSAGES.checkDigit).toBe(
      "The VIN's check digit does not match. Pre-1981 chassis numbers and grey-market imports can fail this check.",
    );
  });

  it('ISSUE-18-VIN decodes nothing from a chassis number or a text with I, O or Q', () => {
    const nothing = { valid: false, modelYear: null, manufacturer: null, make: null, country: null };
    expect(decodeVin('7R02S174512')).toEqual({ ...nothing, problem: 'length' });
    expect(decodeVin('1HGCM82633A0O4352')).toEqual({ ...nothing, problem: 'characters' });
  });

  it('ISSUE-18-VIN leaves the maker out for a WMI not in the table', () => {
    expect(decodeVin('1Z9AA11A0AA000000', 2026)).toMatchObject({
      manufacturer: null,
      make: null,
      country: 'United States',
    });
  });
});

describe('GET /api/vin/:vin params', () => {
  it('ISSUE-18-VIN takes 1 to 17 letters and digits, in capitals', () => {
    expect(vinParamsSchema.parse({ vin: '1hgcm82633a004352' })).toEqual({ vin: '1HGCM82633A004352' });
    expect(vinParamsSchema.parse({ vin: '7R02S174512' })).toEqual({ vin: '7R02S174512' });
    for (const vin of ['', '1HG-CM82633', '1HGCM82633A0043521', '1HG CM']) {
      expect(vinParamsSchema.safeParse({ vin }).success).toBe(false);
    }
  });
});
