import { DEFAULT_COMPANY_DESCRIPTION, FALLBACK_CONTACT, WEEKDAYS, type Weekday } from '@vm/shared/constants';
import { resolveImagePath } from '@vm/shared/image-path';
import type { PublicSettings } from '@vm/shared/settings';
import { DEFAULT_BUSINESS_HOURS } from '@vm/shared/settings-defaults';
import { useSiteSettings } from '../../lib/site-settings';

/** The name shown before settings load or when none is set (matches index.html's title). */
export const DEFAULT_COMPANY_NAME = 'Heritage Import Motors';

export type BusinessHours = Record<Weekday, { open: string; close: string }>;

/** ENTITY-47: what the storefront shows about the company, with the spec's fallbacks applied. */
export interface CompanyInfo {
  companyName: string;
  description: string;
  contactPhone: string;
  contactEmail: string;
  /** "1200 Harbor Boulevard, Long Beach, CA 90802, USA", or '' when no address is set. */
  fullAddress: string;
  businessHours: BusinessHours;
  /** True when phone, email and address are all unset (CHROME-19). */
  contactMissing: boolean;
  logoUrl: string | null;
  heroImageUrl: string | null;
  social: PublicSettings['social'];
  metaTitle: string;
  metaDescription: string;
}

export function formatFullAddress(company: PublicSettings['company']): string {
  const cityLine = [company.city, [company.state, company.zipCode].filter(Boolean).join(' ')].filter(Boolean);
  return [company.address, ...cityLine, company.country]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(', ');
}

const hasHours = (hours: BusinessHours) => WEEKDAYS.some((d) => hours[d].open !== '' || hours[d].close !== '');

/** Settings merged with the defaults of CONTACT-12 and CONST-44 where they are empty. */
export function companyInfo(settings: PublicSettings): CompanyInfo {
  const { company, contact, media, seo } = settings;
  const fullAddress = formatFullAddress(company);
  const mediaUrl = (path: string) => (path ? resolveImagePath(path) : null);
  return {
    companyName: company.name.trim() || DEFAULT_COMPANY_NAME,
    description: company.description.trim() || DEFAULT_COMPANY_DESCRIPTION,
    contactPhone: contact.phone.trim() || FALLBACK_CONTACT.phone,
    contactEmail: contact.email.trim() || FALLBACK_CONTACT.email,
    fullAddress,
    businessHours: hasHours(contact.businessHours) ? contact.businessHours : DEFAULT_BUSINESS_HOURS,
    contactMissing: !contact.phone.trim() && !contact.email.trim() && !fullAddress,
    logoUrl: mediaUrl(media.logo),
    heroImageUrl: mediaUrl(media.heroImage),
    social: settings.social,
    metaTitle: seo.metaTitle.trim(),
    metaDescription: seo.metaDescription.trim(),
  };
}

export function useCompanyInfo(): CompanyInfo {
  return companyInfo(useSiteSettings());
}

const DAY_LABELS: Record<Weekday, string> = {
  monday: 'Monday',
  tuesday: 'Tuesday',
  wednesday: 'Wednesday',
  thursday: 'Thursday',
  friday: 'Friday',
  saturday: 'Saturday',
  sunday: 'Sunday',
};

/** "09:00" → "9:00 AM". */
export function formatTime(hhmm: string): string {
  const [h, m] = hhmm.split(':').map(Number);
  if (h === undefined || m === undefined || Number.isNaN(h) || Number.isNaN(m)) return hhmm;
  const suffix = h >= 12 ? 'PM' : 'AM';
  return `${h % 12 === 0 ? 12 : h % 12}:${String(m).padStart(2, '0')} ${suffix}`;
}

/** Each weekday with its opening hours, or "Closed" when the day has none (CONTACT-11). */
export function hoursByDay(hours: BusinessHours): { day: Weekday; label: string; hours: string }[] {
  return WEEKDAYS.map((day) => {
    const { open, close } = hours[day];
    return {
      day,
      label: DAY_LABELS[day],
      hours: open && close ? `${formatTime(open)} – ${formatTime(close)}` : 'Closed',
    };
  });
}
