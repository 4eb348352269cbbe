import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DEFAULT_COMPANY_DESCRIPTION, FALLBACK_CONTACT } from '@vm/shared/constants';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAt, stubFetch } from '../features/storefront/storefront-test-utils';
import { jsonResponse, sampleUser } from '../lib/test-fixtures';
import { storeSession } from '../lib/test-render';
import { PublicLayout } from './public-layout';

const SETTINGS = {
  company: { name: 'Classic Imports', description: '', address: '1 Main St', city: 'Austin', state: 'TX' },
  contact: { phone: '+1 555 0100', email: 'hi@classic.example' },
  social: { facebook: 'https://facebook.com/classic', youtube: '' },
  seo: { metaTitle: 'Classic Imports | Cars' },
};

function api(settings: unknown = SETTINGS, me = sampleUser()) {
  return stubFetch(({ url, method }) => {
    if (url.pathname === '/api/settings/public') return jsonResponse(200, settings);
    if (url.pathname === '/api/auth/me') return jsonResponse(200, { user: me });
    if (url.pathname === '/api/auth/logout' && method === 'POST') return new Response(null, { status: 204 });
    return undefined;
  });
}

const renderLayout = () => renderAt(<PublicLayout />, { path: '/about', routePath: '/about' });
const header = () => screen.getByRole('banner');
const footer = () => screen.getByRole('contentinfo');

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('PublicLayout', () => {
  it('CHROME-02 CHROME-04 CHROME-05 CHROME-06 shows the company name, the Buy menu, page links, Login and Sign Up', async () => {
    api();
    renderLayout();
    await within(header()).findByText('Classic Imports');
    fireEvent.click(within(header()).getByRole('button', { name: 'Buy' }));
    const menu = screen.getByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([
      ['Browse Vehicles', '/vehicles'],
      ['Auctions', '/auctions'],
      ['Parts', '/parts'],
    ]);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'About Us' }).getAttribute('href')).toBe('/about');
    expect(within(nav).getByRole('link', { name: 'Contact Us' }).getAttribute('href')).toBe('/contact');
    expect(within(header()).getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/login');
    expect(within(header()).getByRole('link', { name: 'Sign Up' }).getAttribute('href')).toBe('/register');
  });

  it('CHROME-01 shows the logo from settings instead of the name', async () => {
    api({ ...SETTINGS, media: { logo: '/uploads/site/logo.png' } });
    renderLayout();
    const logo = await within(header()).findByRole('img', { name: 'Classic Imports' });
    expect(logo.getAttribute('src')).toBe('/uploads/site/logo.png');
  });

  it('CHROME-03 submits the search box to /vehicles?query=', async () => {
    api();
    renderLayout();
    const box = within(header()).getByRole('searchbox', { name: 'Search vehicles' });
    fireEvent.change(box, { target: { value: 'split window' } });
    fireEvent.submit(box);
    expect(screen.getByTestId('location').textContent).toBe('/vehicles?query=split%20window');
  });

  it('CHROME-14..18 CHROME-20 footer: name, default description, set social links only, quick links, contact, year', async () => {
    api();
    renderLayout();
    await within(footer()).findByText('Classic Imports');
    expect(within(footer()).getByText(DEFAULT_COMPANY_DESCRIPTION)).toBeTruthy();
    expect(within(footer()).getByRole('link', { name: 'Facebook' }).getAttribute('href')).toBe(
      'https://facebook.com/classic',
    );
    for (const name of ['Twitter', 'Instagram', 'LinkedIn', 'YouTube'])
      expect(within(footer()).queryByRole('link', { name })).toBeNull();
    const quick = within(footer()).getByRole('navigation', { name: 'Quick Links' });
    expect(
      within(quick)
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([
      ['Vehicles', '/vehicles'],
      ['About Us', '/about'],
      ['Contact', '/contact'],
    ]);
    expect(within(footer()).getByText('hi@classic.example')).toBeTruthy();
    expect(within(footer()).getByText('+1 555 0100')).toBeTruthy();
    expect(within(footer()).getByText('1 Main St, Austin, TX')).toBeTruthy();
    expect(
      within(footer()).getByText(`© ${new Date().getFullYear()} Classic Imports. All rights reserved.`),
    ).toBeTruthy();
  });

  it('CHROME-19 shows the default contact block when email, phone and address are all empty', async () => {
    api({ company: { name: 'Classic Imports' } });
    renderLayout();
    await within(footer()).findByText('Classic Imports');
    expect(within(footer()).getByText(FALLBACK_CONTACT.phone)).toBeTruthy();
    expect(within(footer()).getByText(FALLBACK_CONTACT.email)).toBeTruthy();
  });

  it('CHROME-21 CHROME-22 CHROME-24 takes the default title from the meta title, else the company name', async () => {
    api();
    const first = renderLayout();
    await waitFor(() => expect(document.title).toBe('Classic Imports | Cars'));
    first.unmount();
    vi.unstubAllGlobals();
    api({ company: { name: 'Only A Name' } });
    renderLayout();
    await waitFor(() => expect(document.title).toBe('Only A Name'));
  });

  it('CHROME-07..12 signed in: initial and first name, "Signed in as", profile and settings, sign out to /', async () => {
    storeSession();
    const calls = api();
    renderLayout();
    const button = await within(header()).findByRole('button', { name: /Bea/ });
    expect(button.textContent).toContain('B');
    expect(within(header()).queryByRole('link', { name: 'Login' })).toBeNull();
    fireEvent.click(button);
    const menu = screen.getByRole('menu');
    expect(within(menu).getByText('Signed in as').textContent).toContain('bea@example.com');
    expect(within(menu).getByRole('menuitem', { name: 'Your Profile' }).getAttribute('href')).toBe('/account');
    expect(within(menu).getByRole('menuitem', { name: 'Settings' }).getAttribute('href')).toBe('/account/settings');
    expect(within(menu).queryByRole('menuitem', { name: 'Admin Panel' })).toBeNull();
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Sign out' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/'));
    expect(calls.some((c) => c.url.pathname === '/api/auth/logout')).toBe(true);
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('CHROME-11 shows Admin Panel to admin users only', async () => {
    const admin = sampleUser({ role: 'Admin', firstName: 'Ada' });
    storeSession(admin);
    api(SETTINGS, admin);
    renderLayout();
    fireEvent.click(await within(header()).findByRole('button', { name: /Ada/ }));
    expect(screen.getByRole('menuitem', { name: 'Admin Panel' }).getAttribute('href')).toBe('/admin/dashboard');
  });

  it('CHROME-13 the mobile menu mirrors the bar and the user menu', async () => {
    storeSession();
    api();
    renderLayout();
    await within(header()).findByRole('button', { name: /Bea/ });
    fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const mobile = screen.getByRole('navigation', { name: 'Mobile' });
    for (const [name, href] of [
      ['Browse Vehicles', '/vehicles'],
      ['Auctions', '/auctions'],
      ['Parts', '/parts'],
      ['About Us', '/about'],
      ['Contact Us', '/contact'],
      ['Your Profile', '/account'],
      ['Settings', '/account/settings'],
    ])
      expect(within(mobile).getByRole('link', { name }).getAttribute('href')).toBe(href);
    expect(within(mobile).getByText(/Signed in as/).textContent).toContain('bea@example.com');
    expect(within(mobile).getByRole('button', { name: 'Sign out' })).toBeTruthy();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('navigation', { name: 'Mobile' })).toBeNull();
  });
});
