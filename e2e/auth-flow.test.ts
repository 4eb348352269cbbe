import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, loginThroughForm, newPage, type Server, startServer } from './harness.ts';

describe('auth flow in a real browser', () => {
  let server: Server;
  let browser: Browser;
  beforeAll(async () => {
    server = await startServer({ SEED: 'none' });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('AUTH-04 AUTH-07 ROUTE-17..19: registers, logs out, logs in and returns to the remembered page', async () => {
    const { page, context } = await newPage(browser, server.baseUrl);
    const email = `e2e-${Date.now()}@example.com`;

    await page.goto('/register');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect.poll(() => page.getByText('First name is required').isVisible()).toBe(true);
    await page.getByLabel('First name').fill('Erin');
    await page.getByLabel('Last name').fill('Driver');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Phone').fill('+1 555 010 2000');
    await page.getByLabel('Password', { exact: true }).fill('secret12');
    await page.getByLabel('Confirm password').fill('secret13');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect.poll(() => page.getByText('Passwords do not match').isVisible()).toBe(true);
    await page.getByLabel('Confirm password').fill('secret12');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(`${server.baseUrl}/`);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();

    await page.getByRole('button', { name: /Erin/ }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL(`${server.baseUrl}/`);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('token'))).toBeNull();

    await page.goto('/account/settings');
    await page.waitForURL(`${server.baseUrl}/login`);
    await loginThroughForm(page, email, 'wrong-password');
    await expect.poll(() => page.getByText('Invalid email or password').isVisible()).toBe(true);
    await loginThroughForm(page, email, 'secret12');
    await page.waitForURL(`${server.baseUrl}/account/settings`);
    await context.close();
  });
});
