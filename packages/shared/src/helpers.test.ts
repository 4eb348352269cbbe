import { describe, expect, it } from 'vitest';
import { isValidPhone } from './common.ts';
import { PLACEHOLDER_IMAGE, resolveImagePath } from './image-path.ts';
import { formatLocation } from './location.ts';
import { centsToDollars, dollarsToCents, formatMoney, isWholeCents } from './money.ts';
import { compactPageItems, pageWindow, resultsRange, totalPages } from './pagination.ts';
import { relativeTime } from './relative-time.ts';
import { slugify } from './slug.ts';
import { yearOptions } from './years.ts';

describe('slugify', () => {
  it('ENTITY-08 ADMIN-VEH-39 lowercases, drops non-word characters, hyphenates whitespace runs, collapses hyphens', () => {
    expect(slugify('1967 Ford Mustang Fastback')).toBe('1967-ford-mustang-fastback');
    expect(slugify('Porsche 911 (993) -- Carrera  4S!')).toBe('porsche-911-993-carrera-4s');
    expect(slugify('  Über   Fast   ')).toBe('uber-fast');
    expect(slugify('a - b')).toBe('a-b');
    expect(slugify('!!!')).toBe('');
  });
});

describe('money', () => {
  it('CONST-27 ADMIN-OFF-13 formats whole US dollars without decimals', () => {
    expect(formatMoney(12500)).toBe('$12,500');
    expect(formatMoney(0)).toBe('$0');
  });
  it('ISSUE-20-CENTS an amount with cents keeps them instead of rounding to the dollar', () => {
    expect(formatMoney(1234567.89)).toBe('$1,234,567.89');
    expect(formatMoney(300000.75)).toBe('$300,000.75');
    expect(formatMoney(12.5)).toBe('$12.50');
  });
  it('ISSUE-20-CENTS tells whole cents from sub-cent amounts', () => {
    for (const ok of [0, 1, 12.5, 19.99, 300000.75, 100_000_000, 99_999_999.99])
      expect(isWholeCents(ok), String(ok)).toBe(true);
    for (const bad of [0.001, 19.999, 1e-7, 0.125, Number.NaN, Number.POSITIVE_INFINITY])
      expect(isWholeCents(bad), String(bad)).toBe(false);
  });
  it('stores dollars as integer cents and back', () => {
    expect(dollarsToCents(19.99)).toBe(1999);
    expect(dollarsToCents(0.1 + 0.2)).toBe(30);
    expect(centsToDollars(1999)).toBe(19.99);
  });
});

describe('formatLocation', () => {
  it('ENTITY-10 ENTITY-11 joins city, state and country with commas', () => {
    expect(formatLocation({ city: 'Tokyo', state: 'Kanto', country: 'Japan' })).toBe('Tokyo, Kanto, Japan');
    expect(formatLocation('Miami, FL')).toBe('Miami, FL');
  });
  it('ENTITY-12 omits the country when it is USA', () => {
    expect(formatLocation({ city: 'Austin', state: 'TX', country: 'USA' })).toBe('Austin, TX');
  });
  it('ENTITY-13 renders an empty location as "Location N/A"', () => {
    expect(formatLocation(null)).toBe('Location N/A');
    expect(formatLocation('')).toBe('Location N/A');
    expect(formatLocation({ city: '', state: '', country: '' })).toBe('Location N/A');
  });
});

describe('resolveImagePath', () => {
  it('ENTITY-14 uses a full URL as is', () => {
    expect(resolveImagePath('https://cdn.example.com/a.jpg', 'http://h')).toBe('https://cdn.example.com/a.jpg');
  });
  it('ENTITY-15 prefixes /uploads/ and / paths with the host', () => {
    expect(resolveImagePath('/uploads/vehicles/x.webp', 'http://h')).toBe('http://h/uploads/vehicles/x.webp');
    expect(resolveImagePath('/images/y.png', 'http://h')).toBe('http://h/images/y.png');
  });
  it('ENTITY-16 resolves a bare file name under /uploads/vehicles/', () => {
    expect(resolveImagePath('car.jpg', 'http://h')).toBe('http://h/uploads/vehicles/car.jpg');
  });
  it('ENTITY-17 DETAIL-07 shows the placeholder otherwise, and reads {url, category} objects', () => {
    expect(resolveImagePath(undefined)).toBe(PLACEHOLDER_IMAGE);
    expect(resolveImagePath('not a path')).toBe(PLACEHOLDER_IMAGE);
    expect(resolveImagePath(42)).toBe(PLACEHOLDER_IMAGE);
    expect(resolveImagePath({ url: '/uploads/a.webp', category: 'exterior' }, 'http://h')).toBe(
      'http://h/uploads/a.webp',
    );
  });
});

describe('pagination', () => {
  it('SEARCH-17..20 shows page 1, the current page with one neighbour each side, the last page and ellipses', () => {
    expect(compactPageItems(1, 1)).toEqual([1]);
    expect(compactPageItems(1, 3)).toEqual([1, 2, 3]);
    expect(compactPageItems(5, 10)).toEqual([1, 'ellipsis', 4, 5, 6, 'ellipsis', 10]);
    expect(compactPageItems(1, 10)).toEqual([1, 2, 'ellipsis', 10]);
    expect(compactPageItems(10, 10)).toEqual([1, 'ellipsis', 9, 10]);
    expect(compactPageItems(3, 10)).toEqual([1, 2, 3, 4, 'ellipsis', 10]);
    expect(compactPageItems(1, 0)).toEqual([]);
  });
  it('CONST-10 ADMIN-VEH-22 windows up to 5 page numbers around the current page', () => {
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 10)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(6, 10)).toEqual([4, 5, 6, 7, 8]);
    expect(pageWindow(10, 10)).toEqual([6, 7, 8, 9, 10]);
  });
  it('ADMIN-VEH-19 gives the "Showing X to Y of Z" range', () => {
    expect(resultsRange(1, 10, 25)).toEqual({ from: 1, to: 10 });
    expect(resultsRange(3, 10, 25)).toEqual({ from: 21, to: 25 });
    expect(resultsRange(1, 10, 0)).toEqual({ from: 0, to: 0 });
    expect(totalPages(0, 10)).toBe(1);
    expect(totalPages(21, 10)).toBe(3);
  });
});

describe('relativeTime', () => {
  const now = new Date('2026-11-21T12:00:00Z');
  it('ADMIN-OFF-10 renders "x ago"', () => {
    expect(relativeTime('2026-11-21T11:59:30Z', now)).toBe('just now');
    expect(relativeTime('2026-11-21T11:55:00Z', now)).toBe('5 minutes ago');
    expect(relativeTime('2026-11-21T11:00:00Z', now)).toBe('1 hour ago');
    expect(relativeTime('2026-11-18T12:00:00Z', now)).toBe('3 days ago');
    expect(relativeTime('2025-11-01T12:00:00Z', now)).toBe('1 year ago');
  });
});

describe('yearOptions', () => {
  const now = new Date('2026-06-01T00:00:00Z');
  it('VALID-06 CONST-21 admin years: the current year and the 100 before it', () => {
    const years = yearOptions(101, now);
    expect(years).toHaveLength(101);
    expect(years[0]).toBe(2026);
    expect(years[100]).toBe(1926);
  });
  it('HOME-05 CONST-22 home years span the last 50 years', () => {
    const years = yearOptions(50, now);
    expect(years).toHaveLength(50);
    expect(years[0]).toBe(2026);
    expect(years[49]).toBe(1977);
  });
});

describe('phone rule', () => {
  it('VALID-41 strips spaces, dashes and parentheses; optional plus, first digit 1-9, at most 16 digits', () => {
    expect(isValidPhone('+1 (555) 010-2005')).toBe(true);
    expect(isValidPhone('5550102005')).toBe(true);
    expect(isValidPhone('1234567890123456')).toBe(true);
    expect(isValidPhone('12345678901234567')).toBe(false);
    expect(isValidPhone('0555123')).toBe(false);
    expect(isValidPhone('++1555')).toBe(false);
    expect(isValidPhone('555-CALL-NOW')).toBe(false);
    expect(isValidPhone('')).toBe(false);
  });
});
