import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, launchBrowser, newPage, type Server, screenshot, startServer, VIEWPORTS } from './harness.ts';

/** Issue #20: a buyer makes an offer on a vehicle page and finds it under "My offers" on the account page. */
describe('My offers in a real browser', () => {
  let server: Server;
  let browser: Browser;
  let vehicle: { id: string; title: string };
  const email = `my-offers-${Date.now()}@example.com`;
  const password = 'offer-pass-1';

  beforeAll(async () => {
    server = await startServer({ SEED: 'none' });
    browser = await launchBrowser();
    const login = await fetch(`${server.baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    const { token } = (await login.json()) as { token: string };
    const res = await fetch(`${server.baseUrl}/api/vehicles`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({
        title: '1972 Citroën SM Maserati',
        year: 1972,
        make: 'Citroën',
        model: 'SM',
        bodyType: 'Coupe',
        category: 'Classics',
        price: 64000,
      }),
    });
    if (res.status !== 201) throw new Error(`vehicle create failed: ${res.status} ${await res.text()}`);
    vehicle = (await res.json()) as { id: string; title: string };
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('a buyer makes an offer, then finds it under My offers with its amount and status, and a link back to amend it', async ({
    onTestFailed,
  }) => {
    const { page, context } = await newPage(browser, server.baseUrl, VIEWPORTS.desktop);
    onTestFailed(() => screenshot(page, 'my-offers-failure'));

    await page.goto('/register');
    await page.getByLabel('First name').fill('Odile');
    await page.getByLabel('Last name').fill('Offer');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Phone').fill('+1 555 010 4000');
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Confirm password').fill(password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(`${server.baseUrl}/`);

    // The slug folds the accent: citroen, not citron.
    await page.goto('/vehicles/1972-citroen-sm-maserati');
    await page.getByRole('button', { name: 'Make an offer' }).click();
    await page.getByLabel('Offer amount (USD)').fill('61500');
    await page.getByLabel('Message (optional)').fill('Can collect in Lyon.');
    await page.getByRole('button', { name: 'Submit offer' }).click();
    await expect.poll(() => page.getByTestId('own-offer').textContent(), { timeout: 10_000 }).toContain('$61,500');

    await page.goto('/account');
    await page.getByRole('link', { name: 'My offers' }).click();
    await page.waitForURL(`${server.baseUrl}/account/offers`);
    const item = page.getByRole('listitem', { name: `Offer on ${vehicle.title}` });
    await item.waitFor();
    const text = (await item.textContent()) ?? '';
    expect(text).toContain('$61,500');
    expect(text).toContain('Pending');
    expect(text).toContain('Can collect in Lyon.');
    await screenshot(page, 'my-offers-1440');
    await page.setViewportSize(VIEWPORTS.mobile);
    await screenshot(page, 'my-offers-375');

    await item.getByRole('link', { name: 'Amend offer' }).click();
    await page.waitForURL(/\/vehicles\/1972-citroen-sm-maserati/);
    await page.getByTestId('own-offer').waitFor();
    await context.close();
  });
});
