import { describe, expect, it } from 'vitest';
import * as C from './constants.ts';

describe('business constants', () => {
  it('CONST-01..13 sizes and limits', () => {
    expect(C.SETTINGS_CACHE_MS).toBe(300_000);
    expect(C.ADMIN_VEHICLE_PAGE_SIZES).toEqual([5, 10, 25, 50, 100]);
    expect(C.ADMIN_USER_PAGE_SIZES).toEqual([5, 10, 25, 50]);
    expect(C.DEFAULT_ADMIN_PAGE_SIZE).toBe(10);
    expect(C.OFFERS_PAGE_SIZE).toBe(10);
    expect(C.CONTACTS_PAGE_SIZE).toBe(10);
    expect(C.PUBLIC_SEARCH_PAGE_SIZE).toBe(9);
    expect(C.TAGGED_DEFAULT_LIMIT).toBe(6);
    expect(C.SIMILAR_DEFAULT_LIMIT).toBe(3);
    expect(C.HOME_TAGGED_LIMIT).toBe(6);
    expect(C.PAGINATION_WINDOW).toBe(5);
    expect(C.CONTACT_SORT_FIELDS).toEqual(['createdAt', 'fullName', 'priority']);
    expect(C.OFFER_SORT_FIELDS).toEqual(['createdAt', 'amount', 'status']);
  });
  it('CONST-14..26 UI constants', () => {
    expect(C.MOBILE_BREAKPOINT_PX).toBe(1024);
    expect(C.TOAST_AUTO_CLOSE_MS).toBe(5000);
    expect(C.ACCOUNT_MESSAGE_MS).toBe(3000);
    expect(C.CAROUSEL_PER_SLIDE).toBe(3);
    expect(C.HOME_CATEGORIES_SHOWN).toBe(12);
    expect(C.GALLERY_THUMBS_PER_PAGE).toBe(5);
    expect(C.GALLERY_MAIN_HEIGHT_PX).toBe(400);
    expect(C.ADMIN_YEAR_COUNT).toBe(101);
    expect(C.HOME_YEAR_COUNT).toBe(50);
    expect(C.PASSWORD_MIN).toBe(6);
    expect(C.CONTACT_MESSAGE_MIN).toBe(10);
    expect(C.CONTACT_MESSAGE_MAX).toBe(2000);
    expect(C.META_TITLE_MAX).toBe(60);
    expect(C.META_DESCRIPTION_MAX).toBe(160);
  });
  it('CONST-29..35 lists', () => {
    expect(C.TAGS).toEqual(['hot', 'popular', 'featured', 'new', 'sale', 'limited']);
    expect(C.LISTING_TYPES).toEqual(['auction', 'listing']);
    expect(C.BODY_TYPES).toHaveLength(11);
    expect(C.VEHICLE_STATUSES).toEqual(['Available', 'Pending', 'Sold', 'Archived']);
    expect(C.CATEGORIES).toHaveLength(23);
    expect(C.HOME_CATEGORY_TILES.map((t) => t.label)).toEqual([
      'Classics',
      'Convertibles',
      'Muscle Cars',
      'Sports Cars',
      'Exotics',
      'Performance',
      'Customs',
      'Trucks',
      'SUVs',
      '4x4s',
      'Race/Competition',
      'Luxury Cars',
      'Late Models',
      'Motorcycles',
      'RVs & Boats',
      'Wagons',
      'American',
      'European',
      'Japanese/JDM',
      'British',
      'Electric',
    ]);
    for (const tile of C.HOME_CATEGORY_TILES) for (const c of tile.categories) expect(C.CATEGORIES).toContain(c);
    expect(C.DEFAULT_MAKES).toHaveLength(18);
  });
  it('CONST-36..43 statuses, labels, roles, activity types, media kinds, modal states', () => {
    expect(C.OFFER_STATUSES).toEqual([
      'pending',
      'under_review',
      'accepted',
      'rejected',
      'expired',
      'countered',
      'withdrawn',
    ]);
    expect(C.OFFER_STATUS_LABELS).toMatchObject({
      pending: 'Pending',
      under_review: 'Pending',
      accepted: 'Accepted',
      rejected: 'Declined',
      countered: 'Countered',
    });
    expect(C.USER_STATUS_VALUES).toEqual(['Active', 'Inactive', 'Pending']);
    expect(C.CONTACT_STATUSES).toEqual(['new', 'in-progress', 'resolved', 'closed']);
    expect(C.CONTACT_PRIORITIES).toEqual(['low', 'medium', 'high', 'urgent']);
    expect(C.ACTIVITY_TYPES).toHaveLength(7);
    expect(C.MEDIA_KINDS).toEqual(['logo', 'heroImage', 'favicon']);
    expect(C.ADMIN_MODALS).toHaveLength(7);
  });
  it('ROLE-01 ROLE-02 ROLE-25 admin and super-admin roles compared without case', () => {
    for (const r of ['admin', 'Admin', 'superadmin', 'SuperAdmin', 'CallerAdmin']) expect(C.isAdminRole(r)).toBe(true);
    for (const r of ['User', 'Dealer', 'Client', '', undefined]) expect(C.isAdminRole(r)).toBe(false);
    expect(C.isSuperAdminRole('superadmin')).toBe(true);
    expect(C.isSuperAdminRole('SuperAdmin')).toBe(true);
    expect(C.isSuperAdminRole('Admin')).toBe(false);
  });
  it('ROLE-04 ROLE-05 roles offered and role filters', () => {
    expect(C.USER_ROLES).toEqual(['Client', 'Admin', 'SuperAdmin', 'User', 'Dealer']);
    expect(C.USER_ROLE_FILTERS).toEqual(['All', 'Admin', 'SuperAdmin', 'User', 'Dealer']);
  });
});
