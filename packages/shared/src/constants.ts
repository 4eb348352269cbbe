/** Business constants of the marketplace (spec section 9 and docs/product-rules.md). */

export const SETTINGS_CACHE_MS = 5 * 60 * 1000;

export const ADMIN_VEHICLE_PAGE_SIZES = [5, 10, 25, 50, 100] as const;
export const ADMIN_USER_PAGE_SIZES = [5, 10, 25, 50] as const;
export const DEFAULT_ADMIN_PAGE_SIZE = 10;
export const OFFERS_PAGE_SIZE = 10;
export const CONTACTS_PAGE_SIZE = 10;
export const PUBLIC_SEARCH_PAGE_SIZE = 9;
export const TAGGED_DEFAULT_LIMIT = 6;
export const SIMILAR_DEFAULT_LIMIT = 3;
export const HOME_TAGGED_LIMIT = 6;
export const PAGINATION_WINDOW = 5;
/** Largest page size any list accepts; bigger values are clamped. */
export const MAX_PAGE_SIZE = 100;

export const MOBILE_BREAKPOINT_PX = 1024;
export const TOAST_AUTO_CLOSE_MS = 5000;
export const ACCOUNT_MESSAGE_MS = 3000;
export const CAROUSEL_PER_SLIDE = 3;
export const HOME_CATEGORIES_SHOWN = 12;
export const GALLERY_THUMBS_PER_PAGE = 5;
export const GALLERY_MAIN_HEIGHT_PX = 400;
export const ADMIN_YEAR_COUNT = 101;
export const HOME_YEAR_COUNT = 50;

export const PASSWORD_MIN = 6;
export const CONTACT_MESSAGE_MIN = 10;
export const CONTACT_MESSAGE_MAX = 2000;
export const META_TITLE_MAX = 60;
export const META_DESCRIPTION_MAX = 160;
/** Staff notice recipients in Settings (docs/product-rules.md#notifications). */
export const STAFF_EMAILS_MAX = 10;

export const TAGS = ['hot', 'popular', 'featured', 'new', 'sale', 'limited'] as const;
export type Tag = (typeof TAGS)[number];

export const LISTING_TYPES = ['auction', 'listing'] as const;
export type ListingType = (typeof LISTING_TYPES)[number];

export const BODY_TYPES = [
  'SUV',
  'Sedan',
  'Coupe',
  'Convertible',
  'Hatchback',
  'Wagon',
  'Van',
  'Minivan',
  'Truck',
  'Motorcycle',
  'Other',
] as const;
export type BodyType = (typeof BODY_TYPES)[number];

export const VEHICLE_STATUSES = ['Available', 'Pending', 'Sold', 'Archived'] as const;
export type VehicleStatus = (typeof VEHICLE_STATUSES)[number];
/** Statuses a visitor can see on the storefront. */
export const PUBLIC_VEHICLE_STATUSES = ['Available', 'Pending', 'Sold'] as const;

export const CATEGORIES = [
  'Classics',
  'Convertibles',
  'Muscle Cars',
  'Sports Cars',
  'Exotics',
  'Performance Cars',
  'Restomods & Customs',
  'Trucks',
  'SUVs',
  '4x4s',
  'Race/Competition',
  'Luxury Cars',
  'Late Models',
  'Motorcycles',
  'RVs',
  'Trailers & Boats',
  'Wagons',
  'American',
  'British',
  'Japanese/JDM',
  'European',
  'Electric',
  'Other',
] as const;
export type Category = (typeof CATEGORIES)[number];

/** The 21 home tiles, in order, with the category values each one filters by. */
export const HOME_CATEGORY_TILES: readonly { label: string; categories: readonly Category[] }[] = [
  { label: 'Classics', categories: ['Classics'] },
  { label: 'Convertibles', categories: ['Convertibles'] },
  { label: 'Muscle Cars', categories: ['Muscle Cars'] },
  { label: 'Sports Cars', categories: ['Sports Cars'] },
  { label: 'Exotics', categories: ['Exotics'] },
  { label: 'Performance', categories: ['Performance Cars'] },
  { label: 'Customs', categories: ['Restomods & Customs'] },
  { label: 'Trucks', categories: ['Trucks'] },
  { label: 'SUVs', categories: ['SUVs'] },
  { label: '4x4s', categories: ['4x4s'] },
  { label: 'Race/Competition', categories: ['Race/Competition'] },
  { label: 'Luxury Cars', categories: ['Luxury Cars'] },
  { label: 'Late Models', categories: ['Late Models'] },
  { label: 'Motorcycles', categories: ['Motorcycles'] },
  { label: 'RVs & Boats', categories: ['RVs', 'Trailers & Boats'] },
  { label: 'Wagons', categories: ['Wagons'] },
  { label: 'American', categories: ['American'] },
  { label: 'European', categories: ['European'] },
  { label: 'Japanese/JDM', categories: ['Japanese/JDM'] },
  { label: 'British', categories: ['British'] },
  { label: 'Electric', categories: ['Electric'] },
];

export const DEFAULT_MAKES = [
  'Audi',
  'BMW',
  'Chevrolet',
  'Dodge',
  'Ford',
  'Honda',
  'Hyundai',
  'Jeep',
  'Kia',
  'Lexus',
  'Mazda',
  'Mercedes-Benz',
  'Nissan',
  'Subaru',
  'Tesla',
  'Toyota',
  'Volkswagen',
  'Volvo',
] as const;

export const FUEL_TYPES = ['Gasoline', 'Diesel', 'Electric', 'Hybrid', 'Other'] as const;
export const TRANSMISSIONS = ['Automatic', 'Manual', 'Other'] as const;

/**
 * `withdrawn`: the buyer deleted their account while the offer was open (docs/decisions/122-people-rules.md);
 * only account deletion sets it, and it is final.
 */
export const OFFER_STATUSES = [
  'pending',
  'under_review',
  'accepted',
  'rejected',
  'expired',
  'countered',
  'withdrawn',
] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];
/** Offers an admin may still decide and a buyer may still amend. */
export const OPEN_OFFER_STATUSES: readonly OfferStatus[] = ['pending', 'under_review'];
/** Offers a buyer may still amend: open ones, a counter offer, and a rejected one (which reopens). */
export const AMENDABLE_OFFER_STATUSES: readonly OfferStatus[] = ['pending', 'under_review', 'countered', 'rejected'];
/** Vehicle statuses that take no offers (docs/product-rules.md#offers). */
export const NO_OFFER_VEHICLE_STATUSES: readonly string[] = ['Sold', 'Archived'];
export const OFFER_DECISIONS = ['accepted', 'rejected'] as const;
export type OfferDecision = (typeof OFFER_DECISIONS)[number];
/** Labels a buyer sees for their own offer. */
export const OFFER_STATUS_LABELS: Record<OfferStatus, string> = {
  pending: 'Pending',
  under_review: 'Pending',
  accepted: 'Accepted',
  rejected: 'Declined',
  expired: 'Expired',
  countered: 'Countered',
  withdrawn: 'Withdrawn',
};
export const OFFER_SORT_FIELDS = ['createdAt', 'amount', 'status'] as const;
export const QUICK_ACCEPT_RESPONSE = 'Your offer has been accepted. Our team will contact you shortly.';
export const QUICK_REJECT_RESPONSE = 'We appreciate your interest, but we cannot accept your offer at this time.';

export const CONTACT_STATUSES = ['new', 'in-progress', 'resolved', 'closed'] as const;
export type ContactStatus = (typeof CONTACT_STATUSES)[number];
export const CONTACT_PRIORITIES = ['low', 'medium', 'high', 'urgent'] as const;
export type ContactPriority = (typeof CONTACT_PRIORITIES)[number];
export const CONTACT_SORT_FIELDS = ['createdAt', 'fullName', 'priority'] as const;
/** The admin "Sort By" choices and the field and order each one sends. */
export const CONTACT_SORT_CHOICES = [
  { label: 'Newest First', sortBy: 'createdAt', sortOrder: 'desc' },
  { label: 'Oldest First', sortBy: 'createdAt', sortOrder: 'asc' },
  { label: 'Name A-Z', sortBy: 'fullName', sortOrder: 'asc' },
  { label: 'Name Z-A', sortBy: 'fullName', sortOrder: 'desc' },
  { label: 'Priority High-Low', sortBy: 'priority', sortOrder: 'desc' },
] as const;

/** Roles offered in the admin user forms. */
export const USER_ROLES = ['Client', 'Admin', 'SuperAdmin', 'User', 'Dealer'] as const;
export const USER_ROLE_FILTERS = ['All', 'Admin', 'SuperAdmin', 'User', 'Dealer'] as const;
export const USER_STATUS_VALUES = ['Active', 'Inactive', 'Pending'] as const;
export type UserStatusValue = (typeof USER_STATUS_VALUES)[number];
export const USER_STATUS_FILTERS = ['All', 'Active', 'Inactive'] as const;
export const USER_SORT_FIELDS = ['name', 'email', 'role', 'status', 'createdAt'] as const;
/** Role given to people who register on the storefront. */
export const BUYER_ROLE = 'User';

const ADMIN_ROLES = new Set(['admin', 'superadmin', 'calleradmin']);
/** Admin roles are compared without case (docs/product-rules.md#authorization). */
export function isAdminRole(role: string | null | undefined): boolean {
  return role != null && ADMIN_ROLES.has(role.toLowerCase());
}
export function isSuperAdminRole(role: string | null | undefined): boolean {
  return role != null && role.toLowerCase() === 'superadmin';
}
/**
 * A stored role the forms do not offer but an admin may keep when editing the account: an admin
 * role in another spelling (CallerAdmin, superadmin). It is kept, never granted
 * (docs/decisions/122-people-rules.md).
 */
export function isLegacyAdminRole(role: string): boolean {
  return isAdminRole(role) && !(USER_ROLES as readonly string[]).includes(role);
}

export const ACTIVITY_TYPES = [
  'user_registration',
  'vehicle_listed',
  'auction_started',
  'auction_ended',
  'contact_lead',
  'offer_submitted',
  'vehicle_sold',
] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];
export const SUPER_ADMIN_ONLY_ACTIVITIES: readonly ActivityType[] = ['user_registration', 'vehicle_sold'];

export const MEDIA_KINDS = ['logo', 'heroImage', 'favicon'] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];

export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export const ADMIN_MODALS = [
  'create-user',
  'edit-user',
  'delete-confirm',
  'user-details',
  'offer-details',
  'contact-details',
  'contact-delete-confirm',
] as const;

export const VEHICLE_SORTS = ['newest', 'price_asc', 'price_desc', 'year', 'mileage'] as const;
export type VehicleSort = (typeof VEHICLE_SORTS)[number];
export const ADMIN_VEHICLE_SORT_FIELDS = ['createdAt', 'title', 'make', 'year', 'price'] as const;

/** Upload limits. */
export const MAX_IMAGE_BYTES = 15 * 1024 * 1024;
export const MAX_IMAGES_PER_REQUEST = 30;
export const MAX_IMAGES_PER_VEHICLE = 40;
export const MAX_IMAGE_PIXELS = 50_000_000;
export const IMAGE_WIDTHS = [320, 640, 1280] as const;

export const DEFAULT_COMPANY_DESCRIPTION = 'Connecting enthusiasts with exceptional imported vehicles since 2005.';
export const FALLBACK_CONTACT = {
  phone: '+1 (555) 010-2005',
  email: 'sales@example-motors.com',
} as const;

/** Referrer stored when the browser reports none (API-38). Kept here, free of zod, so the storefront sends it without loading schemas. */
export const DIRECT_REFERRER = 'Direct';
