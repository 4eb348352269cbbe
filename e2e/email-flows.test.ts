import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type ParsedMail, simpleParser } from 'mailparser';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, launchBrowser, loginThroughForm, newPage, type Server, screenshot, startServer } from './harness.ts';

/**
 * Email in a real browser against the real server (issue #16). No SMTP_URL: the server writes
 * each email as an .eml file under DATA_DIR/mail (docs/decisions/114-email-outbox.md), which
 * these tests read as a person would open the email.
 */
describe('email flows in a real browser', () => {
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

  async function register(email: string, password: string) {
    const res = await fetch(`${server.baseUrl}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ firstName: 'Rita', lastName: 'Reset', email, phone: '+1 555 010 3000', password }),
    });
    expect(res.status).toBe(201);
  }

  /** Waits for the sender to write an email to this address whose subject matches. */
  async function emailTo(address: string, subject: RegExp): Promise<ParsedMail> {
    const dir = path.join(server.dataDir, 'mail');
    let found: ParsedMail | undefined;
    await expect
      .poll(
        async () => {
          if (!existsSync(dir)) return false;
          for (const name of readdirSync(dir)) {
            const mail = await simpleParser(readFileSync(path.join(dir, name)));
            const to = Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : [];
            if (to.some((t) => t.text.includes(address)) && subject.test(mail.subject ?? '')) found = mail;
          }
          return found !== undefined;
        },
        { timeout: 90_000, interval: 500 },
      )
      .toBe(true);
    return found as ParsedMail;
  }

  it('ISSUE-16-RESET-E2E forgot password, open the link from the .eml, set a new password, log in with it', async () => {
    const email = `rita-${Date.now()}@example.com`;
    await register(email, 'old-secret-1');
    const { page, context } = await newPage(browser, server.baseUrl);

    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL(`${server.baseUrl}/forgot-password`);
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText(/we have sent a link/i).waitFor();

    const mail = await emailTo(email, /reset/i);
    const link = /(http:\/\/\S+\/reset-password\?token=[\w-]+)/.exec(mail.text ?? '')?.[1];
    expect(link?.startsWith(`${server.baseUrl}/reset-password?token=`)).toBe(true);
    expect(mail.html).toContain(link);

    await page.goto(link as string);
    await page.getByLabel('New password', { exact: true }).fill('new-secret-2');
    await page.getByLabel('Confirm new password').fill('new-secret-2');
    await screenshot(page, 'reset-password-1440');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByText(/password (has been|was) (reset|changed|updated)/i).waitFor();

    // The link worked once: opening it again is refused.
    await page.goto(link as string);
    await page.getByLabel('New password', { exact: true }).fill('third-secret-3');
    await page.getByLabel('Confirm new password').fill('third-secret-3');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByText(/invalid or has expired/i).waitFor();

    await page.goto('/login');
    await loginThroughForm(page, email, 'old-secret-1');
    await page.getByText('Invalid email or password').waitFor();
    await loginThroughForm(page, email, 'new-secret-2');
    await page.waitForURL(`${server.baseUrl}/`);
    await context.close();
  });

  it('ISSUE-16-SAVED-SEARCH-E2E a buyer saves a search, an admin publishes a matching vehicle, and the alert is in the outbox', async () => {
    const email = `sam-${Date.now()}@example.com`;
    await register(email, 'saver-secret-1');
    const buyer = await newPage(browser, server.baseUrl);
    await buyer.page.goto('/login');
    await loginThroughForm(buyer.page, email, 'saver-secret-1');
    await buyer.page.waitForURL(`${server.baseUrl}/`);

    await buyer.page.goto('/vehicles?make=Lancia');
    await buyer.page.getByRole('button', { name: 'Save search' }).click();
    const dialog = buyer.page.getByRole('dialog');
    await dialog.getByLabel('Name').fill('Any Lancia');
    await dialog.getByLabel('Frequency').selectOption({ label: 'Instant' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await buyer.page.getByText(/saved/i).first().waitFor();
    await buyer.page.goto('/account');
    await buyer.page
      .getByRole('link', { name: 'Saved searches' })
      .or(buyer.page.getByRole('tab', { name: 'Saved searches' }))
      .first()
      .click();
    await buyer.page.getByText('Any Lancia').waitFor();

    // The admin adds a matching vehicle in the back office.
    const admin = await newPage(browser, server.baseUrl);
    await admin.page.goto('/admin/vehicles');
    await admin.page.waitForURL(`${server.baseUrl}/login`);
    await loginThroughForm(admin.page, ADMIN.email, ADMIN.password);
    await admin.page.waitForURL(`${server.baseUrl}/admin/vehicles`);
    await admin.page.getByRole('button', { name: 'Add Vehicle' }).click();
    const modal = admin.page.getByRole('dialog', { name: 'Add New Vehicle' });
    await modal.getByLabel('Title *').fill('1974 Lancia Stratos HF Stradale');
    await modal.getByLabel('Make *').fill('Lancia');
    await modal.getByLabel('Model *').fill('Stratos');
    await modal.getByLabel('Year *').selectOption('1974');
    await modal.getByLabel('Mileage *').fill('21000');
    await modal.getByLabel('Price (USD)').fill('610000');
    await modal.getByRole('button', { name: 'Save Vehicle' }).click();
    await admin.page.locator('.Toastify').getByText('Vehicle created successfully!').first().waitFor();

    // Within a minute the instant alert is written, naming the vehicle and the search.
    const alert = await emailTo(email, /Any Lancia/);
    expect(alert.subject).toContain('1974 Lancia Stratos HF Stradale');
    expect(alert.text).toContain(`${server.baseUrl}/vehicles/`);

    // The SuperAdmin sees it in the Sent emails screen.
    await admin.page.goto('/admin/emails');
    await admin.page.getByRole('heading', { name: 'Sent emails' }).waitFor();
    await admin.page
      .getByText(alert.subject ?? '')
      .first()
      .waitFor();
    await screenshot(admin.page, 'admin-sent-emails-1440');
    await buyer.context.close();
    await admin.context.close();
  });
});
