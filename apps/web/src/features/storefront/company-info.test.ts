import { DEFAULT_COMPANY_DESCRIPTION, FALLBACK_CONTACT } from '@vm/shared/constants';
import { toPublicSettings } from '@vm/shared/settings';
import { EMPTY_SETTINGS } from '@vm/shared/settings-defaults';
import { describe, expect, it } from 'vitest';
import { companyInfo, DEFAULT_COMPANY_NAME, formatTime, hoursByDay } from './company-info';

const settings = (patch: (s: ReturnType<typeof toPublicSettings>) => void = () => {}) => {
  const s = toPublicSettings(structuredClone(EMPTY_SETTINGS));
  patch(s);
  return s;
};

describe('company info', () => {
  it('ENTITY-47 CONTACT-07..09 exposes name, phone, email and the full address from settings', () => {
    const info = companyInfo(
      settings((s) => {
        s.company = {
          name: 'Classic Imports',
          description: 'Since 1999.',
          address: '1 Main St',
          city: 'Austin',
          state: 'TX',
          zipCode: '73301',
          country: 'USA',
        };
        s.contact.phone = '+1 555 0100';
        s.contact.email = 'hi@classic.example';
      }),
    );
    expect(info).toMatchObject({
      companyName: 'Classic Imports',
      description: 'Since 1999.',
      contactPhone: '+1 555 0100',
      contactEmail: 'hi@classic.example',
      fullAddress: '1 Main St, Austin, TX 73301, USA',
      contactMissing: false,
    });
  });

  it('CONTACT-12 CHROME-15 CHROME-19 CONST-44 falls back to the default name, description, contact and hours', () => {
    const info = companyInfo(
      settings((s) => {
        for (const day of Object.keys(s.contact.businessHours) as (keyof typeof s.contact.businessHours)[])
          s.contact.businessHours[day] = { open: '', close: '' };
      }),
    );
    expect(info.companyName).toBe(DEFAULT_COMPANY_NAME);
    expect(info.description).toBe(DEFAULT_COMPANY_DESCRIPTION);
    expect(info.contactPhone).toBe(FALLBACK_CONTACT.phone);
    expect(info.contactEmail).toBe(FALLBACK_CONTACT.email);
    expect(info.contactMissing).toBe(true);
    expect(hoursByDay(info.businessHours).map((d) => d.hours)).toEqual([
      '9:00 AM – 6:00 PM',
      '9:00 AM – 6:00 PM',
      '9:00 AM – 6:00 PM',
      '9:00 AM – 6:00 PM',
      '9:00 AM – 6:00 PM',
      '10:00 AM – 4:00 PM',
      'Closed',
    ]);
  });

  it('CONTACT-10 CONTACT-11 lists every day monday to sunday, "Closed" for a day without hours', () => {
    const info = companyInfo(
      settings((s) => {
        s.contact.businessHours.wednesday = { open: '', close: '' };
        s.contact.businessHours.sunday = { open: '12:00', close: '17:30' };
      }),
    );
    const days = hoursByDay(info.businessHours);
    expect(days.map((d) => d.label)).toEqual([
      'Monday',
      'Tuesday',
      'Wednesday',
      'Thursday',
      'Friday',
      'Saturday',
      'Sunday',
    ]);
    expect(days[2]?.hours).toBe('Closed');
    expect(days[6]?.hours).toBe('12:00 PM – 5:30 PM');
    expect(formatTime('00:05')).toBe('12:05 AM');
  });

  it('ENTITY-18 CHROME-01 resolves the logo and hero image paths against the API host', () => {
    const info = companyInfo(
      settings((s) => {
        s.media.logo = '/uploads/site/logo.png';
      }),
    );
    expect(info.logoUrl).toBe('/uploads/site/logo.png');
    expect(info.heroImageUrl).toBeNull();
  });
});
