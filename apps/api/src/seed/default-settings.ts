import { DEFAULT_COMPANY_DESCRIPTION } from '@vm/shared/constants';
import { EMPTY_SETTINGS, type Settings } from '@vm/shared/settings';

/** Settings a fresh install starts with, so the storefront has a name and contact details. */
export const DEFAULT_SITE_SETTINGS: Settings = {
  ...EMPTY_SETTINGS,
  company: {
    name: 'Heritage Import Motors',
    description: DEFAULT_COMPANY_DESCRIPTION,
    address: '1200 Harbor Boulevard',
    city: 'Long Beach',
    state: 'CA',
    zipCode: '90802',
    country: 'USA',
  },
  contact: {
    ...EMPTY_SETTINGS.contact,
    phone: '+1 (562) 555-0142',
    email: 'sales@heritage-import-motors.example',
    website: 'https://heritage-import-motors.example',
  },
  seo: {
    ...EMPTY_SETTINGS.seo,
    metaTitle: 'Heritage Import Motors | Imported & Classic Vehicles',
    metaDescription: 'Browse imported, classic and collectible vehicles, make offers and talk to our specialists.',
    metaKeywords: 'classic cars, imported vehicles, JDM, muscle cars',
  },
  social: {
    ...EMPTY_SETTINGS.social,
    facebook: 'https://facebook.com/heritageimportmotors',
    instagram: 'https://instagram.com/heritageimportmotors',
  },
  parts: [
    {
      label: 'OEM parts catalogue',
      url: 'https://parts.heritage-import-motors.example',
      description: 'Genuine factory parts for the makes we import.',
    },
    {
      label: 'Restoration suppliers',
      url: 'https://restoration.heritage-import-motors.example',
      description: 'Trusted suppliers for classic restoration work.',
    },
  ],
};
