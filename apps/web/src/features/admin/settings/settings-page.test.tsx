import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { WEEKDAYS } from '@vm/shared/constants';
import type { Settings } from '@vm/shared/settings';
import { EMPTY_SETTINGS } from '@vm/shared/settings-defaults';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, sampleUser } from '../../../lib/test-fixtures';
import { mockApi, renderScreen, storeSession } from '../../../lib/test-render';
import { SettingsPage } from './settings-page';

const admin = sampleUser({ id: 'a1', firstName: 'Ada', lastName: 'Admin', name: 'Ada Admin', role: 'Admin' });
const initial: Settings = {
  ...structuredClone(EMPTY_SETTINGS),
  company: { ...EMPTY_SETTINGS.company, name: 'Classic Imports' },
};

function setup() {
  storeSession(admin);
  const api = mockApi({
    'GET /api/auth/me': () => jsonResponse(200, { user: admin }),
    'GET /api/settings': () => jsonResponse(200, initial),
    'PUT /api/settings': (call) => jsonResponse(200, call.body),
  });
  renderScreen(<SettingsPage />, { path: '/admin/settings', routePath: '/admin/settings' });
  return api;
}

const capitalised = (day: string) => day.charAt(0).toUpperCase() + day.slice(1);
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const openTab = (name: string) => fireEvent.click(screen.getByRole('tab', { name }));

/** Saves and returns the body of the PUT /api/settings call. */
async function save(calls: ReturnType<typeof mockApi>['calls']): Promise<Settings> {
  fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
  expect(await screen.findByText('Settings saved successfully!')).toBeTruthy();
  const put = calls.filter((c) => c.method === 'PUT' && c.path === '/api/settings');
  expect(put).toHaveLength(1);
  return put[0]?.body as Settings;
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('SettingsPage', () => {
  it('ADMIN-SET-04 "Contact Info" edits open and close times for every weekday, monday to sunday', async () => {
    const { calls } = setup();
    await screen.findByRole('tab', { name: 'Contact Info' });
    openTab('Contact Info');
    expect((screen.getByLabelText('Monday opens') as HTMLInputElement).value).toBe('09:00');
    const expected: Settings['contact']['businessHours'] = structuredClone(EMPTY_SETTINGS.contact.businessHours);
    WEEKDAYS.forEach((day, i) => {
      const open = `0${i + 1}:15`;
      const close = `${i + 12}:45`;
      type(`${capitalised(day)} opens`, open);
      type(`${capitalised(day)} closes`, close);
      expected[day] = { open, close };
    });
    // A closed day: both times left empty.
    type('Sunday opens', '');
    type('Sunday closes', '');
    expected.sunday = { open: '', close: '' };
    const body = await save(calls);
    expect(body.contact.businessHours).toEqual(expected);
    expect(Object.keys(body.contact.businessHours)).toEqual([...WEEKDAYS]);
    expect(body.company.name).toBe('Classic Imports');
  });

  it('ADMIN-SET-07 ADMIN-SET-08 ADMIN-SET-09 social links, SEO fields and Google Business reach the saved settings', async () => {
    const { calls } = setup();
    await screen.findByRole('tab', { name: 'Social Media' });

    openTab('Social Media');
    type('Facebook', 'https://facebook.com/classic');
    type('Twitter / X', 'https://x.com/classic');
    type('Instagram', 'https://instagram.com/classic');
    type('LinkedIn', 'https://linkedin.com/company/classic');
    type('YouTube', 'https://youtube.com/@classic');

    openTab('SEO');
    type('Meta title', 'Classic Imports | Imported and classic cars');
    type('Meta description', 'Hand-picked JDM and European classics.');
    type('Meta keywords', 'jdm, classic cars, imports');
    type('Google Analytics ID', 'G-ABC1234');
    type('Google Tag Manager ID', 'GTM-XYZ987');

    openTab('Google Business');
    type('API key', 'secret-key-123');
    type('Place ID', 'ChIJ-place');
    const reviews = screen.getByLabelText('Show Google reviews') as HTMLInputElement;
    expect(reviews.checked).toBe(false);
    fireEvent.click(reviews);

    const body = await save(calls);
    expect(body.social).toEqual({
      facebook: 'https://facebook.com/classic',
      twitter: 'https://x.com/classic',
      instagram: 'https://instagram.com/classic',
      linkedin: 'https://linkedin.com/company/classic',
      youtube: 'https://youtube.com/@classic',
    });
    expect(body.seo).toEqual({
      metaTitle: 'Classic Imports | Imported and classic cars',
      metaDescription: 'Hand-picked JDM and European classics.',
      metaKeywords: 'jdm, classic cars, imports',
      googleAnalyticsId: 'G-ABC1234',
      googleTagManagerId: 'GTM-XYZ987',
    });
    expect(body.googleBusiness).toEqual({ apiKey: 'secret-key-123', placeId: 'ChIJ-place', reviewsEnabled: true });
    await waitFor(() => expect((screen.getByLabelText('Show Google reviews') as HTMLInputElement).checked).toBe(true));
  });

  it('ISSUE-16 "Notifications" edits the staff notice recipients: one per line, saved in lower case and once each', async () => {
    const { calls } = setup();
    await screen.findByRole('tab', { name: 'Notifications' });
    openTab('Notifications');
    const field = screen.getByLabelText('Staff notification emails') as HTMLTextAreaElement;
    expect(field.value).toBe('');
    expect(screen.getByText(/Leave empty to notify every active SuperAdmin/)).toBeTruthy();

    type('Staff notification emails', 'Sales@Classic.example\nboss@classic.example, sales@classic.example\n');
    const body = await save(calls);
    expect(body.notifications).toEqual({ staffEmails: ['sales@classic.example', 'boss@classic.example'] });
    expect(body.company.name).toBe('Classic Imports');
  });

  it('ISSUE-16 a staff address that is not an email is refused on the Notifications tab and nothing is saved', async () => {
    const { calls } = setup();
    await screen.findByRole('tab', { name: 'Company Info' });
    openTab('Notifications');
    type('Staff notification emails', 'sales@classic.example\nnot-an-address');
    openTab('Company Info');
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    // The tab holding the error is shown, with the message.
    expect(await screen.findByText('Please enter a valid email address (line 2)')).toBeTruthy();
    expect(screen.getByRole('tab', { name: /Notifications/ }).getAttribute('aria-selected')).toBe('true');
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);

    type('Staff notification emails', '');
    const body = await save(calls);
    expect(body.notifications).toEqual({ staffEmails: [] });
  });

  it('ISSUE-16 the saved staff recipients are shown one per line', async () => {
    initial.notifications = { staffEmails: ['a@classic.example', 'b@classic.example'] };
    try {
      setup();
      await screen.findByRole('tab', { name: 'Notifications' });
      openTab('Notifications');
      expect((screen.getByLabelText('Staff notification emails') as HTMLTextAreaElement).value).toBe(
        'a@classic.example\nb@classic.example',
      );
    } finally {
      initial.notifications = { staffEmails: [] };
    }
  });
});
