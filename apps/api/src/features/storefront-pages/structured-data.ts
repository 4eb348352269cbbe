import type {
  AutoDealer,
  BreadcrumbList,
  Car,
  DayOfWeek,
  OpeningHoursSpecification,
  SearchAction,
  WebSite,
  WithActionConstraints,
  WithContext,
} from 'schema-dts';
import { WEEKDAYS, type Weekday } from '@vm/shared/constants';
import { absoluteUrl, siteDescriptionOf, siteNameOf, vehicleDescription, vehicleTitleOf } from '@vm/shared/page-meta';
import type { PublicSettings } from '@vm/shared/settings';
import type { Vehicle } from '@vm/shared/vehicle';

/*
 * The structured data (JSON-LD, schema.org types from schema-dts) of the public pages: a vehicle
 * is a Car with its Offer, the home page the dealer (AutoDealer) and the site with its search
 * (WebSite + SearchAction), and every page below home its BreadcrumbList
 * (docs/decisions/119-page-heads-and-sitemap.md). Written into the page's HTML by page-html.ts.
 */

export type JsonLd = WithContext<Car> | WithContext<AutoDealer> | WithContext<WebSite> | WithContext<BreadcrumbList>;

/** A step of a breadcrumb trail: its name and its path on the site. */
export interface Crumb {
  name: string;
  path: string;
}

const DAYS_OF_WEEK: Record<Weekday, DayOfWeek> = {
  monday: 'https://schema.org/Monday',
  tuesday: 'https://schema.org/Tuesday',
  wednesday: 'https://schema.org/Wednesday',
  thursday: 'https://schema.org/Thursday',
  friday: 'https://schema.org/Friday',
  saturday: 'https://schema.org/Saturday',
  sunday: 'https://schema.org/Sunday',
};

const nonEmpty = (value: string) => (value.trim() === '' ? undefined : value.trim());

/**
 * A vehicle as a schema.org Car. `vinChecked` says whether the VIN is a real one (a VIN that fails
 * its check digit, or a placeholder such as "UNKNOWN", is left out).
 */
export function carJsonLd(
  vehicle: Vehicle,
  site: { origin: string; settings: PublicSettings; vinChecked: boolean },
): WithContext<Car> {
  const url = absoluteUrl(`/vehicles/${encodeURIComponent(vehicle.slug)}`, site.origin);
  return {
    '@context': 'https://schema.org',
    '@type': 'Car',
    name: vehicleTitleOf(vehicle),
    description: vehicleDescription(vehicle),
    url,
    brand: { '@type': 'Brand', name: vehicle.make },
    model: vehicle.model,
    vehicleModelDate: String(vehicle.year),
    mileageFromOdometer: { '@type': 'QuantitativeValue', value: vehicle.mileage, unitCode: 'SMI', unitText: 'miles' },
    ...(site.vinChecked ? { vehicleIdentificationNumber: vehicle.vin } : {}),
    color: nonEmpty(vehicle.exteriorColor),
    bodyType: nonEmpty(vehicle.bodyType),
    fuelType: nonEmpty(vehicle.fuelType),
    vehicleTransmission: nonEmpty(vehicle.transmission),
    image: vehicle.images.map((image) => absoluteUrl(image.url, site.origin)),
    offers: {
      '@type': 'Offer',
      price: vehicle.price,
      priceCurrency: 'USD',
      availability: vehicle.status === 'Sold' ? 'https://schema.org/SoldOut' : 'https://schema.org/InStock',
      url,
      seller: { '@type': 'AutoDealer', name: siteNameOf(site.settings), url: `${site.origin}/` },
    },
  };
}

/** The dealer, with the address, phone, email, hours and links of the settings. */
export function dealerJsonLd(settings: PublicSettings, origin: string): WithContext<AutoDealer> {
  const { company, contact, media, social } = settings;
  const hours: OpeningHoursSpecification[] = WEEKDAYS.flatMap((day) => {
    const { open, close } = contact.businessHours[day];
    if (!open || !close) return [];
    return [{ '@type': 'OpeningHoursSpecification', dayOfWeek: DAYS_OF_WEEK[day], opens: open, closes: close }];
  });
  const sameAs = Object.values(social).filter((link) => link.trim() !== '');
  const hasAddress = [company.address, company.city, company.state, company.zipCode, company.country].some(
    (part) => part.trim() !== '',
  );
  return {
    '@context': 'https://schema.org',
    '@type': 'AutoDealer',
    name: siteNameOf(settings),
    description: siteDescriptionOf(settings),
    url: `${origin}/`,
    telephone: nonEmpty(contact.phone),
    email: nonEmpty(contact.email),
    ...(hasAddress
      ? {
          address: {
            '@type': 'PostalAddress',
            streetAddress: nonEmpty(company.address),
            addressLocality: nonEmpty(company.city),
            addressRegion: nonEmpty(company.state),
            postalCode: nonEmpty(company.zipCode),
            addressCountry: nonEmpty(company.country),
          },
        }
      : {}),
    ...(media.logo ? { logo: absoluteUrl(media.logo, origin) } : {}),
    ...(media.heroImage ? { image: absoluteUrl(media.heroImage, origin) } : {}),
    ...(hours.length > 0 ? { openingHoursSpecification: hours } : {}),
    ...(sameAs.length > 0 ? { sameAs } : {}),
  };
}

/** The site and its vehicle search (the header's search box sends `/vehicles?query=`). */
export function webSiteJsonLd(settings: PublicSettings, origin: string): WithContext<WebSite> {
  const search: WithActionConstraints<SearchAction> = {
    '@type': 'SearchAction',
    target: { '@type': 'EntryPoint', urlTemplate: `${origin}/vehicles?query={search_term_string}` },
    'query-input': 'required name=search_term_string',
  };
  return {
    '@context': 'https://schema.org',
    '@type': 'WebSite',
    name: siteNameOf(settings),
    url: `${origin}/`,
    potentialAction: search,
  };
}

export function breadcrumbJsonLd(trail: readonly Crumb[], origin: string): WithContext<BreadcrumbList> {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      item: absoluteUrl(crumb.path, origin),
    })),
  };
}

/**
 * A JSON-LD data block. It is data, not script, so the Content-Security-Policy (no inline
 * script) does not apply to it; `<`, `>` and `&` are written as \u escapes so no text a dealer
 * types can end the block (`</script>`) or open a comment, and U+2028/U+2029 too, as in the
 * boot data block (decision 095).
 */
export function jsonLdBlock(data: JsonLd, canonicalPath: string): string {
  const json = JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  // Marked with the page it describes: the web app drops it once the visitor is on another page.
  return `<script type="application/ld+json" data-page-head="${canonicalPath.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')}">${json}</script>`;
}
