import { describe, expect, it } from 'vitest';
import { loginBodySchema, registerFormSchema } from './auth.ts';
import { contactSubmitSchema } from './contact.ts';
import { MSG } from './messages.ts';
import { offerBodySchema, offerDecisionBodySchema, adminOfferListQuerySchema } from './offer.ts';
import { EMPTY_SETTINGS, mergeSettings, settingsSchema, toPublicSettings } from './settings.ts';
import {
  changePasswordBodySchema,
  changePasswordFormSchema,
  createUserFormSchema,
  profileFormSchema,
  statusToIsActive,
} from './user.ts';
import { vehicleInputSchema, vehicleSearchQuerySchema } from './vehicle.ts';

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.error?.issues[0]?.message;

describe('contact form schema', () => {
  const valid = {
    fullName: 'Ann Lee',
    email: 'ann@example.com',
    phone: '+1 555 010 2000',
    subject: 'Hi',
    message: 'Tell me more about it',
  };
  it('CONTACT-01 accepts a valid form', () => {
    expect(contactSubmitSchema.safeParse(valid).success).toBe(true);
  });
  it.each([
    ['VALID-36', { fullName: '' }, MSG.fullNameRequired],
    ['VALID-37', { email: '' }, MSG.emailRequired],
    ['VALID-38', { email: 'ann@' }, MSG.invalidEmail],
    ['VALID-39', { phone: '' }, MSG.phoneRequired],
    ['VALID-40', { phone: '12ab' }, MSG.invalidPhone],
    ['VALID-42', { subject: '   ' }, MSG.subjectRequired],
    ['VALID-43', { message: '' }, MSG.messageRequired],
    ['VALID-44', { message: 'too short' }, MSG.messageTooShort],
    ['CONST-24', { message: 'x'.repeat(2001) }, MSG.messageTooLong],
  ])('%s gives its message', (_id, patch, message) => {
    expect(firstMessage(contactSubmitSchema.safeParse({ ...valid, ...patch }))).toBe(message);
  });
  it('VALID-38 the exact messages match the spec text', () => {
    expect(MSG.invalidEmail).toBe('Please enter a valid email address');
    expect(MSG.messageTooShort).toBe('Message must be at least 10 characters long');
  });
});

describe('auth schemas', () => {
  it('VALID-07 VALID-08 login needs email and password', () => {
    expect(loginBodySchema.safeParse({ email: '', password: '' }).success).toBe(false);
    expect(loginBodySchema.safeParse({ email: 'a@b.co', password: 'x' }).success).toBe(true);
  });
  it('VALID-11 VALID-12 register checks the confirmation and the 6-character minimum', () => {
    const base = { firstName: 'A', lastName: 'B', email: 'a@b.co', phone: '5551234567' };
    expect(firstMessage(registerFormSchema.safeParse({ ...base, password: 'abcdef', confirmPassword: 'abcdeg' }))).toBe(
      'Passwords do not match',
    );
    expect(firstMessage(registerFormSchema.safeParse({ ...base, password: 'abc', confirmPassword: 'abc' }))).toBe(
      'Password must be at least 6 characters long',
    );
  });
  it('VALID-13 change password requires matching new passwords', () => {
    const r = changePasswordFormSchema.safeParse({
      currentPassword: 'old-pass',
      newPassword: 'abcdef',
      confirmPassword: 'abcdez',
    });
    expect(firstMessage(r)).toBe('New passwords do not match');
  });
  it('ISSUE-20-SAME-PASSWORD the new password must differ from the current one, on the form as on the API', () => {
    const same = { currentPassword: 'old-pass', newPassword: 'old-pass' };
    expect(firstMessage(changePasswordFormSchema.safeParse({ ...same, confirmPassword: 'old-pass' }))).toBe(
      'The new password must be different from the current one',
    );
    const body = changePasswordBodySchema.safeParse(same);
    expect(body.success).toBe(false);
    expect(body.error?.issues[0]).toMatchObject({
      path: ['newPassword'],
      message: 'The new password must be different from the current one',
    });
  });
  it('VALID-14 VALID-16 profile requires first and last name; phone and address optional', () => {
    expect(profileFormSchema.safeParse({ firstName: '', lastName: 'B' }).success).toBe(false);
    expect(profileFormSchema.safeParse({ firstName: 'A', lastName: 'B' }).success).toBe(true);
  });
  it('VALID-17..21 admin create user: required fields, email format, 6 characters, matching, phone optional', () => {
    const base = {
      firstName: 'A',
      lastName: 'B',
      email: 'a@b.co',
      role: 'User',
      status: 'Active',
      password: 'abcdef',
      confirmPassword: 'abcdef',
    };
    expect(createUserFormSchema.safeParse(base).success).toBe(true);
    expect(firstMessage(createUserFormSchema.safeParse({ ...base, email: 'nope' }))).toBe(MSG.invalidEmail);
    expect(firstMessage(createUserFormSchema.safeParse({ ...base, confirmPassword: 'abcdeg' }))).toBe(
      'Passwords do not match',
    );
    expect(createUserFormSchema.safeParse({ ...base, password: 'abc', confirmPassword: 'abc' }).success).toBe(false);
    expect(createUserFormSchema.safeParse({ ...base, role: undefined }).success).toBe(false);
  });
  it('ADMIN-USR-29 Active is isActive true; Inactive and Pending are false', () => {
    expect(statusToIsActive('Active')).toBe(true);
    expect(statusToIsActive('Inactive')).toBe(false);
    expect(statusToIsActive('Pending')).toBe(false);
  });
});

describe('vehicle input schema', () => {
  it('VALID-01 VALID-02 lists every missing required field in one message', () => {
    const r = vehicleInputSchema.safeParse({ bodyType: '' });
    expect(firstMessage(r)).toBe('Please fill in all required fields: title, make, model, year, bodyType');
  });
  it('ENTITY-02 ADMIN-VEH-35..37 defaults vin UNKNOWN, body type SUV, category Other, price 0', () => {
    const r = vehicleInputSchema.parse({ title: 'T', make: 'Ford', model: 'F-150', year: 2020 });
    expect(r).toMatchObject({
      vin: 'UNKNOWN',
      bodyType: 'SUV',
      category: 'Other',
      price: 0,
      mileage: 0,
      listingType: 'listing',
    });
  });
  it('refuses impossible years, negative mileage and prices', () => {
    expect(vehicleInputSchema.safeParse({ title: 'T', make: 'M', model: 'X', year: 1700 }).success).toBe(false);
    expect(vehicleInputSchema.safeParse({ title: 'T', make: 'M', model: 'X', year: 2000, mileage: -1 }).success).toBe(
      false,
    );
    expect(vehicleInputSchema.safeParse({ title: 'T', make: 'M', model: 'X', year: 2000, price: -5 }).success).toBe(
      false,
    );
  });
  it('reads listing type "regular" as listing and de-duplicates tags', () => {
    const r = vehicleInputSchema.parse({
      title: 'T',
      make: 'M',
      model: 'X',
      year: 2000,
      listingType: 'regular',
      tags: ['hot', 'hot'],
    });
    expect(r.listingType).toBe('listing');
    expect(r.tags).toEqual(['hot']);
  });
  it('SEARCH-24 search query is lenient: nonsense falls back instead of failing', () => {
    const q = vehicleSearchQuerySchema.parse({
      page: '-4',
      minPrice: 'abc',
      limit: '100000',
      tags: 'featured,hot',
      category: 'RVs,Trailers & Boats',
    });
    expect(q.page).toBe(1);
    expect(q.minPrice).toBeUndefined();
    expect(q.limit).toBe(100);
    expect(q.tags).toEqual(['featured', 'hot']);
    expect(q.category).toEqual(['RVs', 'Trailers & Boats']);
    expect(vehicleSearchQuerySchema.parse({}).limit).toBe(9);
  });
});

describe('offer schemas', () => {
  it.each([0, -5, 'abc', Number.POSITIVE_INFINITY, 1e13])('VALID-31 VALID-32 refuses the amount %s', (amount) => {
    expect(offerBodySchema.safeParse({ amount }).success).toBe(false);
  });
  it('VALID-33 VALID-34 accepts a decimal amount with an optional message', () => {
    expect(offerBodySchema.parse({ amount: 1250.5 })).toEqual({ amount: 1250.5, message: '' });
  });
  it('CONST-36 the admin list reads "under review" with a space', () => {
    expect(adminOfferListQuerySchema.parse({ status: 'under review' }).status).toBe('under_review');
  });
  it('ADMIN-OFF-37 a decision is accepted or rejected only', () => {
    expect(offerDecisionBodySchema.safeParse({ status: 'expired' }).success).toBe(false);
    expect(offerDecisionBodySchema.parse({ status: 'Accepted' })).toEqual({ status: 'accepted', responseMessage: '' });
  });
});

describe('settings', () => {
  it('ENTITY-35..37 ENTITY-42 default business hours and reviewsEnabled', () => {
    expect(EMPTY_SETTINGS.contact.businessHours.monday).toEqual({ open: '09:00', close: '18:00' });
    expect(EMPTY_SETTINGS.contact.businessHours.saturday).toEqual({ open: '10:00', close: '16:00' });
    expect(EMPTY_SETTINGS.contact.businessHours.sunday).toEqual({ open: '', close: '' });
    expect(EMPTY_SETTINGS.googleBusiness.reviewsEnabled).toBe(false);
  });
  it('ENTITY-43..45 merges over defaults, ignoring nulls and wrong types', () => {
    const merged = mergeSettings(EMPTY_SETTINGS, {
      company: { name: 'Acme', city: null, zipCode: 12 },
      bogus: 1,
      seo: null,
    });
    expect(merged.company.name).toBe('Acme');
    expect(merged.company.city).toBe('');
    expect(merged.company.zipCode).toBe('');
    expect(merged.seo).toEqual(EMPTY_SETTINGS.seo);
    expect(merged).not.toHaveProperty('bogus');
  });
  it('never exposes the Google Business API key publicly', () => {
    const pub = toPublicSettings({
      ...EMPTY_SETTINGS,
      googleBusiness: { apiKey: 'secret', placeId: 'p', reviewsEnabled: true },
    });
    expect(JSON.stringify(pub)).not.toContain('secret');
  });
  it('VALID-27 VALID-28 VALID-29 limits meta title and description, requires URLs', () => {
    expect(
      settingsSchema.safeParse({ ...EMPTY_SETTINGS, seo: { ...EMPTY_SETTINGS.seo, metaTitle: 'x'.repeat(61) } })
        .success,
    ).toBe(false);
    expect(
      settingsSchema.safeParse({ ...EMPTY_SETTINGS, seo: { ...EMPTY_SETTINGS.seo, metaDescription: 'x'.repeat(161) } })
        .success,
    ).toBe(false);
    expect(
      settingsSchema.safeParse({
        ...EMPTY_SETTINGS,
        social: { ...EMPTY_SETTINGS.social, facebook: 'javascript:alert(1)' },
      }).success,
    ).toBe(false);
    const named = { ...EMPTY_SETTINGS, company: { ...EMPTY_SETTINGS.company, name: 'Heritage' } };
    expect(settingsSchema.safeParse(named).success).toBe(true);
  });
  it('ISSUE-20 a save needs a company name, a valid phone, own media and coherent hours', () => {
    const named = { ...EMPTY_SETTINGS, company: { ...EMPTY_SETTINGS.company, name: 'Heritage' } };
    expect(settingsSchema.safeParse(EMPTY_SETTINGS).success).toBe(false);
    const hours = (open: string, close: string) => ({
      ...named,
      contact: { ...named.contact, businessHours: { ...named.contact.businessHours, monday: { open, close } } },
    });
    expect(settingsSchema.safeParse(hours('18:00', '09:00')).success).toBe(false);
    expect(settingsSchema.safeParse(hours('09:00', '')).success).toBe(false);
    expect(settingsSchema.safeParse(hours('', '')).success).toBe(true);
    expect(settingsSchema.safeParse({ ...named, contact: { ...named.contact, phone: 'abc' } }).success).toBe(false);
    expect(
      settingsSchema.safeParse({ ...named, media: { ...named.media, logo: 'https://cdn.example/logo.png' } }).success,
    ).toBe(false);
    expect(
      settingsSchema.safeParse({
        ...named,
        media: { ...named.media, heroImage: '/uploads/media/heroImage-abc-1280.webp' },
      }).success,
    ).toBe(true);
  });
});
