import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

interface CreatedVehicle {
  id: string;
  title: string;
}

interface Catalogue {
  available: CreatedVehicle;
  sold: CreatedVehicle;
  contested: CreatedVehicle;
  /** Marks a car Sold through the admin API, as a dealer would while a buyer has the form open. */
  markSold: (car: CreatedVehicle) => Promise<void>;
}

const BASE_VEHICLE = {
  year: 1972,
  make: 'Datsun',
  model: '240Z',
  bodyType: 'Coupe',
  category: 'Japanese/JDM',
  price: 38500,
  location: { city: 'Portland', state: 'OR', country: 'USA' },
  description: 'Matching-numbers L24, restored in 2019.',
};

/** The catalogue this walk needs, made through the admin API so it does not depend on the demo seed. */
async function createCatalogue(baseUrl: string): Promise<Catalogue> {
  const login = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  const { token } = (await login.json()) as { token: string };
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
  const create = async (body: Record<string, unknown>): Promise<CreatedVehicle> => {
    const res = await fetch(`${baseUrl}/api/vehicles`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ ...BASE_VEHICLE, ...body }),
    });
    if (res.status !== 201) throw new Error(`vehicle create failed: ${res.status} ${await res.text()}`);
    const vehicle = (await res.json()) as CreatedVehicle;
    return { id: vehicle.id, title: vehicle.title };
  };
  return {
    available: await create({ title: '1972 Datsun 240Z Series 1' }),
    sold: await create({ title: '1970 Datsun 240Z Sold Example', status: 'Sold', price: 41000 }),
    contested: await create({ title: '1973 Datsun 240Z Last Chance', price: 36000 }),
    markSold: async (car) => {
      const res = await fetch(`${baseUrl}/api/vehicles/${car.id}`, {
        method: 'PUT',
        headers,
        body: JSON.stringify({ ...BASE_VEHICLE, title: car.title, price: 36000, status: 'Sold' }),
      });
      if (res.status !== 200) throw new Error(`vehicle update failed: ${res.status} ${await res.text()}`);
    },
  };
}

/** Waits (up to the action timeout) for a text to show; argon2 and a busy machine can take a while. */
const visible = (page: Page, text: string | RegExp) => page.getByText(text).first().waitFor();

describe('buyer walk-through in a real browser', () => {
  let server: Server;
  let browser: Browser;
  let cars: Catalogue;
  const email = `buyer-e2e-${Date.now()}@example.com`;
  const firstPassword = 'first-pass-1';
  const newPassword = 'second-pass-2';

  beforeAll(async () => {
    server = await startServer({ SEED: 'none' });
    browser = await launchBrowser();
    cars = await createCatalogue(server.baseUrl);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('DETAIL-16 DETAIL-28: an anonymous visitor is sent to log in from the watch toggle and the offer panel', async () => {
    const { page, context } = await newPage(browser, server.baseUrl, VIEWPORTS.mobile);
    await page.goto(`/vehicles/${cars.available.id}`);
    await page.getByRole('button', { name: 'Log in to make an offer' }).waitFor();
    await screenshot(page, 'buyer-detail-anonymous-375');
    await page.getByRole('button', { name: 'Watch', exact: true }).click();
    await page.waitForURL(`${server.baseUrl}/login`);
    await page.goBack();
    await page.getByRole('button', { name: 'Log in to make an offer' }).click();
    await page.waitForURL(`${server.baseUrl}/login`);
    await context.close();
  });

  it('ROLE-08..10 ACCOUNT-01..14 DETAIL-14..27: register, watch, watchlist, offer, amend, profile, password, settings, delete', async ({
    onTestFailed,
  }) => {
    const { page, context } = await newPage(browser, server.baseUrl, VIEWPORTS.desktop);
    // A failure on a busy machine is easier to read with the page it happened on.
    onTestFailed(() => screenshot(page, 'buyer-walk-failure'));
    const detailUrl = `/vehicles/${cars.available.id}`;

    // Register, then come back to the car.
    await page.goto('/register');
    await page.getByLabel('First name').fill('Wanda');
    await page.getByLabel('Last name').fill('Watcher');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Phone').fill('+1 555 010 3000');
    await page.getByLabel('Password', { exact: true }).fill(firstPassword);
    await page.getByLabel('Confirm password').fill(firstPassword);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(`${server.baseUrl}/`);

    // Watch the car (DETAIL-14, DETAIL-15).
    await page.goto(detailUrl);
    const watch = page.getByRole('button', { name: 'Watch', exact: true });
    await watch.waitFor();
    expect(await watch.getAttribute('aria-pressed')).toBe('false');
    await watch.click();
    const watching = page.getByRole('button', { name: 'Watching', exact: true });
    await watching.waitFor();
    expect(await watching.getAttribute('aria-pressed')).toBe('true');
    await visible(page, '1 person watching');
    await page.reload();
    await page.getByRole('button', { name: 'Watching', exact: true }).waitFor();

    // See it in the watchlist, then remove it (ACCOUNT-09..11).
    await page.goto('/account/watchlist');
    await page.getByRole('link', { name: cars.available.title }).first().waitFor();
    await screenshot(page, 'buyer-account-watchlist-1440');
    await page.setViewportSize(VIEWPORTS.mobile);
    await screenshot(page, 'buyer-account-watchlist-375');
    await page.setViewportSize(VIEWPORTS.desktop);
    await page.getByRole('button', { name: `Remove ${cars.available.title} from watchlist` }).click();
    await visible(page, 'You are not watching any vehicles yet.');
    expect(await page.getByText('Failed to remove vehicle from watchlist').count()).toBe(0);
    await page.reload();
    await visible(page, 'You are not watching any vehicles yet.');
    await page.goto(detailUrl);
    await page.getByRole('button', { name: 'Watch', exact: true }).waitFor();

    // Make an offer (DETAIL-17..22, VALID-31..32).
    await page.getByRole('button', { name: 'Make an offer' }).click();
    await page.getByRole('button', { name: 'Submit offer' }).click();
    await visible(page, 'Offer amount is required');
    await page.getByLabel('Offer amount (USD)').fill('0');
    await page.getByRole('button', { name: 'Submit offer' }).click();
    await visible(page, 'Offer amount must be at least $1');
    await screenshot(page, 'buyer-detail-offer-form-1440');
    await page.getByLabel('Offer amount (USD)').fill('35000');
    await page.getByLabel('Message (optional)').fill('Cash buyer, can collect next week.');
    // Hold the answer back a moment so the submitting state can be seen (DETAIL-19).
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/vehicles/*/offers', async (route) => {
      if (route.request().method() === 'POST') await held;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Submit offer' }).click();
    const submitting = page.getByRole('button', { name: 'Submitting...' });
    await submitting.waitFor();
    expect(await submitting.isDisabled()).toBe(true);
    release();
    const successToast = page.locator('.Toastify__toast--success', {
      hasText: 'Your offer has been submitted successfully!',
    });
    await successToast.waitFor();
    await page.unroute('**/api/vehicles/*/offers');
    expect(await page.getByLabel('Offer amount (USD)').count()).toBe(0);
    // DETAIL-20: the toast stays for seconds (5 s configured), then closes by itself.
    await page.waitForTimeout(2500);
    expect(await successToast.isVisible()).toBe(true);
    await expect.poll(() => successToast.count(), { timeout: 8000 }).toBe(0);
    const ownOffer = page.getByTestId('own-offer');
    await expect.poll(() => ownOffer.textContent(), { timeout: 10_000 }).toContain('$35,000');
    expect(await ownOffer.textContent()).toContain('Pending');

    // Amend it (DETAIL-23, DETAIL-24, DETAIL-27).
    await page.getByRole('button', { name: 'Amend offer' }).click();
    expect(await page.getByLabel('Offer amount (USD)').inputValue()).toBe('35000');
    await page.getByLabel('Offer amount (USD)').fill('36250.50');
    await page.getByRole('button', { name: 'Amend offer' }).click();
    await visible(page, 'Your offer has been amended successfully!');
    await expect.poll(() => ownOffer.textContent(), { timeout: 10_000 }).toContain('$36,250.50');
    await page.reload();
    await expect.poll(() => page.getByTestId('own-offer').textContent(), { timeout: 10_000 }).toContain('$36,250.50');
    expect(await page.getByTestId('own-offer').textContent()).toContain('Pending');
    await screenshot(page, 'buyer-detail-offer-1440');
    await page.setViewportSize(VIEWPORTS.mobile);
    await screenshot(page, 'buyer-detail-offer-375');
    await page.setViewportSize(VIEWPORTS.desktop);

    // The dealer sells a car while the buyer's form is open: a red toast with the reason (DETAIL-22, ERR-41).
    await page.goto(`/vehicles/${cars.contested.id}`);
    await page.getByRole('button', { name: 'Make an offer' }).click();
    await page.getByLabel('Offer amount (USD)').fill('34000');
    await cars.markSold(cars.contested);
    await page.getByRole('button', { name: 'Submit offer' }).click();
    await page.locator('.Toastify__toast--error', { hasText: 'This vehicle is no longer accepting offers' }).waitFor();
    expect(await page.getByLabel('Offer amount (USD)').inputValue()).toBe('34000');

    // A sold car says why no offer can be made.
    await page.goto(`/vehicles/${cars.sold.id}`);
    await visible(page, 'This vehicle has been sold and is no longer accepting offers.');
    expect(await page.getByRole('button', { name: 'Make an offer' }).count()).toBe(0);

    // Profile (ACCOUNT-01, ACCOUNT-04..06, VALID-14..16).
    await page.goto('/account');
    await page.getByLabel('First name').waitFor();
    const tabs = page.getByRole('navigation', { name: 'Account sections' }).getByRole('link');
    expect(await tabs.allTextContents()).toEqual([
      'Profile',
      'Watchlist',
      'My offers',
      'My bids',
      'Saved searches',
      'Settings',
    ]);
    expect(await page.getByLabel('Email').isDisabled()).toBe(true);
    await visible(page, 'Email cannot be changed');
    await page.getByLabel('First name').fill('');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await visible(page, 'First name is required');
    await page.getByLabel('First name').fill('Winifred');
    await page.getByLabel('Phone').fill('+1 555 010 4444');
    await page.getByLabel('Address').fill('42 Carburetor Court');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await visible(page, 'Profile updated successfully!');
    // CONST-17: the success message goes away after 3 seconds.
    await expect.poll(() => page.getByText('Profile updated successfully!').count(), { timeout: 8000 }).toBe(0);
    await page.reload();
    await expect.poll(() => page.getByLabel('Address').inputValue(), { timeout: 10_000 }).toBe('42 Carburetor Court');
    expect(await page.getByLabel('First name').inputValue()).toBe('Winifred');
    await screenshot(page, 'buyer-account-profile-1440');
    await page.setViewportSize(VIEWPORTS.mobile);
    await screenshot(page, 'buyer-account-profile-375');
    await page.setViewportSize(VIEWPORTS.desktop);

    // Password (ACCOUNT-07, ACCOUNT-08, VALID-13, ERR-52, ERR-54).
    await page.getByLabel('Current password').fill('not-the-password');
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm new password').fill(`${newPassword}x`);
    await page.getByRole('button', { name: 'Update password' }).click();
    await visible(page, 'New passwords do not match');
    await page.getByLabel('Confirm new password').fill(newPassword);
    await page.getByRole('button', { name: 'Update password' }).click();
    await visible(page, 'Current password is incorrect');
    await page.getByLabel('Current password').fill(firstPassword);
    await page.getByRole('button', { name: 'Update password' }).click();
    await visible(page, 'Password updated successfully!');
    // This browser stays signed in on the returned tokens.
    await page.reload();
    await page.getByLabel('First name').waitFor();

    // Log in again elsewhere with the new password; the old one no longer works.
    const other = await newPage(browser, server.baseUrl, VIEWPORTS.desktop);
    await other.page.goto('/login');
    await loginThroughForm(other.page, email, firstPassword);
    await visible(other.page, 'Invalid email or password');
    await loginThroughForm(other.page, email, newPassword);
    await other.page.waitForURL(`${server.baseUrl}/`);
    await other.context.close();

    // Settings: preferences saved and restored (ACCOUNT-12, ACCOUNT-13).
    await page.goto('/account/settings');
    const newMatches = page.getByRole('checkbox', { name: /New matching vehicles/ });
    const watchlistUpdates = page.getByRole('checkbox', { name: /Watchlist updates/ });
    await newMatches.waitFor();
    expect(await newMatches.isChecked()).toBe(false);
    expect(await watchlistUpdates.isChecked()).toBe(true);
    await newMatches.check();
    await watchlistUpdates.uncheck();
    await page.getByRole('checkbox', { name: /Public watchlist/ }).check();
    await page.getByRole('button', { name: 'Save preferences' }).click();
    await visible(page, 'Preferences saved.');
    await page.reload();
    await page.getByRole('checkbox', { name: /New matching vehicles/ }).waitFor();
    expect(await page.getByRole('checkbox', { name: /New matching vehicles/ }).isChecked()).toBe(true);
    expect(await page.getByRole('checkbox', { name: /Watchlist updates/ }).isChecked()).toBe(false);
    expect(await page.getByRole('checkbox', { name: /Public watchlist/ }).isChecked()).toBe(true);
    expect(await page.getByRole('checkbox', { name: /Price changes/ }).isChecked()).toBe(true);
    await screenshot(page, 'buyer-account-settings-1440');
    await page.setViewportSize(VIEWPORTS.mobile);
    await screenshot(page, 'buyer-account-settings-375');
    await page.setViewportSize(VIEWPORTS.desktop);

    // Delete the account (ACCOUNT-14).
    await page.getByRole('button', { name: 'Delete Account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.waitFor();
    await dialog.getByLabel('Password').fill('wrong-password');
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await visible(page, 'Password is incorrect');
    await screenshot(page, 'buyer-account-delete-dialog-1440');
    await dialog.getByLabel('Password').fill(newPassword);
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await page.waitForURL(`${server.baseUrl}/`);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('token')), { timeout: 10_000 }).toBeNull();
    await page.goto('/account');
    await page.waitForURL(`${server.baseUrl}/login`);
    await loginThroughForm(page, email, newPassword);
    await visible(page, 'Invalid email or password');
    await context.close();
  });
});
