import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUICK_ACCEPT_RESPONSE } from '@vm/shared/constants';
import { MSG } from '@vm/shared/messages';
import {
  ADMIN,
  launchBrowser,
  loginThroughForm,
  newPage,
  type Server,
  screenshot,
  startServer,
  VIEWPORTS,
} from './harness.ts';

/** JSON calls to the running server, for the data the walk needs (not the demo seed). */
async function call<T>(
  server: Server,
  method: string,
  path: string,
  body?: unknown,
  token?: string,
): Promise<{ status: number; json: T }> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(`${server.baseUrl}/api${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as T };
}

const visible = (page: Page, text: string | RegExp) => page.getByText(text).first().isVisible();

describe('admin people screens in a real browser', () => {
  let server: Server;
  let browser: Browser;
  let adminToken: string;
  let buyer: { id: string; token: string; email: string };
  let vehicleId: string;
  const stamp = Date.now();

  beforeAll(async () => {
    server = await startServer({ SEED: 'none' });
    browser = await launchBrowser();
    adminToken = (await call<{ token: string }>(server, 'POST', '/auth/login', ADMIN)).json.token;

    const vehicle = await call<{ id: string }>(
      server,
      'POST',
      '/vehicles',
      {
        title: '1971 Nissan Skyline GT-R',
        year: 1971,
        make: 'Nissan',
        model: 'Skyline',
        bodyType: 'Coupe',
        category: 'Japanese/JDM',
        price: 120000,
      },
      adminToken,
    );
    expect(vehicle.status).toBe(201);
    vehicleId = vehicle.json.id;

    const email = `olive-${stamp}@example.com`;
    const reg = await call<{ token: string; user: { id: string } }>(server, 'POST', '/auth/register', {
      firstName: 'Olive',
      lastName: 'Offerman',
      email,
      phone: '+1 555 010 4242',
      password: 'olive-pass-1',
    });
    expect(reg.status).toBe(201);
    buyer = { id: reg.json.user.id, token: reg.json.token, email };
    const offer = await call(
      server,
      'POST',
      `/vehicles/${vehicleId}/offers`,
      { amount: 98500, message: 'Cash buyer, can collect next week.' },
      buyer.token,
    );
    expect(offer.status).toBe(201);
    await call(server, 'POST', `/vehicles/${vehicleId}/watch`, { watching: true }, buyer.token);

    for (const { fullName, subject, handle } of [
      { fullName: 'Carla Contact', subject: 'Importing a Land Cruiser', handle: 'carla' },
      { fullName: 'Dev Delete', subject: 'Please remove my data', handle: 'dev' },
    ]) {
      const res = await call(server, 'POST', '/contact/submit', {
        fullName,
        email: `${handle}-${stamp}@example.com`,
        phone: '(555) 010-3000',
        subject,
        message: 'Could you tell me more about how this works?',
      });
      expect(res.status).toBe(201);
    }
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('ADMIN-USR ADMIN-OFF ADMIN-CON: manages users, reviews an offer and triages contacts', async () => {
    const { page, context } = await newPage(browser, server.baseUrl, VIEWPORTS.desktop);
    // The admin area sends us to log in and back.
    await page.goto('/admin/users');
    await page.waitForURL(`${server.baseUrl}/login`);
    await loginThroughForm(page, ADMIN.email, ADMIN.password);
    await page.waitForURL(`${server.baseUrl}/admin/users`);
    await page.getByRole('heading', { name: 'Users', exact: true }).waitFor();

    // --- Users: create with a bad then a good form ------------------------------------------
    await page.getByRole('button', { name: 'Add User' }).click();
    const createDialog = page.getByRole('dialog', { name: 'Create New User' });
    await createDialog.getByRole('button', { name: 'Create User' }).click();
    await expect.poll(() => createDialog.getByText('First name is required').isVisible()).toBe(true);
    const newEmail = `nina-${stamp}@example.com`;
    await createDialog.getByLabel('First name').fill('Nina');
    await createDialog.getByLabel('Last name').fill('Newhire');
    await createDialog.getByLabel('Email').fill(newEmail);
    await createDialog.getByLabel('Phone').fill('+1 555 010 7070');
    await createDialog.getByLabel('Role').selectOption('Dealer');
    await createDialog.getByLabel('Status').selectOption('Active');
    await createDialog.getByLabel('Password', { exact: true }).fill('nina-pass-1');
    await createDialog.getByLabel('Confirm password').fill('nina-pass-2');
    await createDialog.getByRole('button', { name: 'Create User' }).click();
    await expect.poll(() => createDialog.getByText(MSG.passwordsMismatch).isVisible()).toBe(true);
    await createDialog.getByLabel('Confirm password').fill('nina-pass-1');
    await createDialog.getByRole('button', { name: 'Create User' }).click();
    await expect.poll(() => createDialog.isVisible()).toBe(false);

    // --- Find them by search and by role filter ---------------------------------------------
    await page.getByLabel('Search users').fill('newhire');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const rows = page.getByTestId('user-row');
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().textContent()).toContain('Nina Newhire');
    await page.getByRole('button', { name: 'Show Filters' }).click();
    await page.getByRole('button', { name: 'Hide Filters' }).waitFor();
    const filters = page.getByRole('form', { name: 'User filters' });
    await filters.getByLabel('Role').selectOption('Admin');
    await filters.getByRole('button', { name: 'Apply Filters' }).click();
    await expect.poll(() => visible(page, 'No users found')).toBe(true);
    await filters.getByLabel('Role').selectOption('Dealer');
    await filters.getByRole('button', { name: 'Apply Filters' }).click();
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().textContent()).toContain('@nina-');
    await screenshot(page, 'admin-users-desktop');

    // --- Edit them to Inactive; they can no longer log in ------------------------------------
    await page.getByRole('button', { name: 'Edit Nina Newhire' }).click();
    const editDialog = page.getByRole('dialog', { name: 'Edit User' });
    await expect.poll(() => editDialog.getByLabel('Email').inputValue()).toBe(newEmail);
    await editDialog.getByLabel('Status').selectOption('Inactive');
    await editDialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect.poll(() => editDialog.isVisible()).toBe(false);
    await expect.poll(() => rows.first().getByText('Inactive').isVisible()).toBe(true);

    const other = await newPage(browser, server.baseUrl, VIEWPORTS.desktop);
    await other.page.goto('/login');
    await loginThroughForm(other.page, newEmail, 'nina-pass-1');
    await expect.poll(() => visible(other.page, MSG.accountInactive)).toBe(true);
    await other.context.close();

    // --- Try to delete yourself: refused ----------------------------------------------------
    await page.getByLabel('Search users').fill(ADMIN.email);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await filters.getByLabel('Role').selectOption('All');
    await filters.getByRole('button', { name: 'Apply Filters' }).click();
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().getByText('You', { exact: true }).isVisible()).toBe(true);
    const ownDelete = rows.first().getByRole('button', { name: /^Delete / });
    expect(await ownDelete.getAttribute('title')).toBe(MSG.cannotDeleteSelfTooltip);
    expect(await ownDelete.getAttribute('aria-disabled')).toBe('true');
    // aria-disabled keeps it focusable: a keyboard attempt explains why it is refused.
    await ownDelete.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => visible(page, MSG.cannotDeleteSelf)).toBe(true);
    expect(await page.getByRole('dialog', { name: 'Confirm Delete' }).isVisible()).toBe(false);

    // --- Offers: user details, then accept the buyer's offer with a response ----------------
    await page.goto('/admin/offers');
    await page.getByRole('heading', { name: 'Vehicle Offers' }).waitFor();
    const offerRow = page.getByTestId('offer-row').filter({ hasText: 'Olive Offerman' });
    await offerRow.waitFor();
    expect(await offerRow.textContent()).toContain('$98,500');
    expect(await offerRow.getByRole('link', { name: /1971 Nissan Skyline/ }).getAttribute('target')).toBe('_blank');
    await offerRow.getByRole('button', { name: 'Show details of Olive Offerman' }).click();
    const userDialog = page.getByRole('dialog', { name: 'User Details' });
    await expect.poll(() => userDialog.getByText(buyer.email).first().isVisible()).toBe(true);
    expect(await userDialog.getByRole('link', { name: 'View Full Profile' }).getAttribute('href')).toBe(
      `/admin/users/${buyer.id}`,
    );
    expect(await userDialog.getByRole('link', { name: 'Call User' }).getAttribute('href')).toBe('tel:+15550104242');
    await screenshot(page, 'admin-offer-user-details-desktop');
    await userDialog.getByRole('button', { name: 'Close' }).first().click();

    await offerRow.getByRole('button', { name: 'Accept offer from Olive Offerman' }).click();
    const offerDialog = page.getByRole('dialog', { name: 'Offer Details' });
    await expect.poll(() => offerDialog.getByText('Cash buyer, can collect next week.').isVisible()).toBe(true);
    const response = offerDialog.getByLabel('Your response to the buyer');
    expect(await response.inputValue()).toBe(QUICK_ACCEPT_RESPONSE);
    const reply = `${QUICK_ACCEPT_RESPONSE} We will call you about collection.`;
    await response.fill(reply);
    await screenshot(page, 'admin-offer-details-desktop');
    await offerDialog.getByRole('button', { name: 'Accept Offer' }).click();
    await expect.poll(() => offerDialog.isVisible()).toBe(false);
    await expect.poll(() => offerRow.getByText('Accepted').isVisible()).toBe(true);
    expect(await offerRow.getByRole('button', { name: /Accept offer/ }).count()).toBe(0);
    await screenshot(page, 'admin-offers-desktop');

    // The buyer sees the decision and the response on their own offer.
    const mine = await call<{ offers: { status: string; responseMessage: string }[] }>(
      server,
      'GET',
      `/vehicles/${vehicleId}/offers`,
      undefined,
      buyer.token,
    );
    expect(mine.status).toBe(200);
    expect(mine.json.offers).toEqual([expect.objectContaining({ status: 'accepted', responseMessage: reply })]);

    // A second decision is refused by the server: the offer is final.
    const offerId = (
      await call<{ offers: { id: string }[] }>(server, 'GET', `/admin/offers?userId=${buyer.id}`, undefined, adminToken)
    ).json.offers[0]?.id;
    const again = await call<{ message: string }>(
      server,
      'PUT',
      `/admin/offers/${offerId}/status`,
      { status: 'rejected' },
      adminToken,
    );
    expect(again.status).toBe(409);

    // The buyer's full profile: their accepted offer and watched vehicle.
    await page.goto(`/admin/users/${buyer.id}`);
    await page.getByRole('heading', { name: 'Olive Offerman' }).waitFor();
    await expect.poll(() => page.getByText('1971 Nissan Skyline').first().isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('link', { name: '1971 Nissan Skyline GT-R' }).isVisible()).toBe(true);
    await screenshot(page, 'admin-user-profile-desktop');

    // --- Contacts: inline status and priority changes move the stats; delete one ------------
    await page.goto('/admin/contacts');
    await page.getByRole('heading', { name: 'Contact Management' }).waitFor();
    const stat = (key: string) => page.getByTestId(`stat-${key}`).textContent();
    await expect.poll(() => stat('newContacts')).toBe('2');
    await expect.poll(() => stat('resolvedContacts')).toBe('0');
    await page.getByLabel("Status of Carla Contact's inquiry").selectOption('resolved');
    await expect.poll(() => stat('resolvedContacts')).toBe('1');
    await expect.poll(() => stat('newContacts')).toBe('1');
    await page.getByLabel("Priority of Carla Contact's inquiry").selectOption('urgent');
    await expect.poll(() => stat('urgentContacts')).toBe('1');
    await page.getByLabel('Sort By').selectOption({ label: 'Priority High-Low' });
    await expect
      .poll(async () => (await page.getByTestId('contact-row').first().textContent()) ?? '')
      .toContain('Carla Contact');

    await page.getByRole('button', { name: 'View inquiry from Carla Contact' }).click();
    const details = page.getByRole('dialog', { name: 'Contact Details' });
    await expect.poll(() => details.getByText('Importing a Land Cruiser').isVisible()).toBe(true);
    expect(await details.getByLabel('Status').inputValue()).toBe('resolved');
    await screenshot(page, 'admin-contact-details-desktop');
    await details.getByRole('button', { name: 'Close' }).last().click();

    await page.getByRole('button', { name: 'Delete inquiry from Dev Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Contact' });
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect.poll(() => stat('totalContacts')).toBe('1');
    await expect.poll(() => page.getByTestId('contact-row').count()).toBe(1);
    await screenshot(page, 'admin-contacts-desktop');
    await context.close();
  });

  it('ADMIN-USR-23 the people screens fit a 375px phone', async () => {
    const { page, context } = await newPage(browser, server.baseUrl, VIEWPORTS.mobile);
    await page.goto('/admin/users');
    await page.waitForURL(`${server.baseUrl}/login`);
    await loginThroughForm(page, ADMIN.email, ADMIN.password);
    await page.waitForURL(`${server.baseUrl}/admin/users`);
    const pageWidth = () => page.evaluate(() => document.documentElement.scrollWidth);
    for (const [path, heading, shot] of [
      ['/admin/users', 'Users', 'admin-users-mobile'],
      ['/admin/offers', 'Vehicle Offers', 'admin-offers-mobile'],
      ['/admin/contacts', 'Contact Management', 'admin-contacts-mobile'],
      [`/admin/users/${buyer.id}`, 'Olive Offerman', 'admin-user-profile-mobile'],
    ] as const) {
      await page.goto(path);
      await page.getByRole('heading', { name: heading, exact: true }).waitFor();
      await page.waitForLoadState('networkidle');
      await screenshot(page, shot);
      // Wide tables scroll inside their card; the page itself never scrolls sideways.
      expect(await pageWidth(), path).toBeLessThanOrEqual(VIEWPORTS.mobile.width);
    }
    await page.goto('/admin/users');
    await page.getByRole('button', { name: 'Next' }).waitFor();
    expect(await page.getByRole('button', { name: 'Previous' }).isVisible()).toBe(true);
    await context.close();
  });
});
