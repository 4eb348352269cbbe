import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
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

const WIDTH = VIEWPORTS.mobile.width;

/** Whether the element lies wholly inside the 375 px wide viewport (nothing cut off at either side). */
async function inView(locator: Locator): Promise<boolean> {
  await locator.scrollIntoViewIfNeeded();
  const box = await locator.boundingBox();
  return box !== null && box.x >= 0 && box.x + box.width <= WIDTH && box.y >= 0 && box.y + box.height <= 812;
}

describe('the back office from a phone (375 px, issue #20)', () => {
  let server: Server;
  let browser: Browser;
  let dir: string;
  let token = '';
  let vehicleId = '';
  const files: Record<string, string> = {};

  const api = async <T>(method: string, url: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${server.baseUrl}${url}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return (await res.json()) as T;
  };

  beforeAll(async () => {
    server = await startServer({ SEED: 'none' });
    browser = await launchBrowser();
    dir = mkdtempSync(path.join(tmpdir(), 'vm-e2e-phone-'));
    for (const [name, background] of [
      ['red.jpg', { r: 180, g: 30, b: 30 }],
      ['green.jpg', { r: 30, g: 140, b: 60 }],
      ['hero.jpg', { r: 30, g: 60, b: 170 }],
    ] as const) {
      files[name] = path.join(dir, name);
      writeFileSync(
        files[name],
        await sharp({ create: { width: 1600, height: 900, channels: 3, background } })
          .jpeg()
          .toBuffer(),
      );
    }
    // Named like a photo, typed like one by the browser, but text: only the server can tell.
    files['fake.jpg'] = path.join(dir, 'fake.jpg');
    writeFileSync(files['fake.jpg'], 'this is not a photo at all, just words');
    files['notes.txt'] = path.join(dir, 'notes.txt');
    writeFileSync(files['notes.txt'], 'notes');

    const login = await fetch(`${server.baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    token = ((await login.json()) as { token: string }).token;
    const created = await api<{ id: string }>('POST', '/api/vehicles', {
      title: '1970 Toyota 2000GT Phone Test',
      make: 'Toyota',
      model: '2000GT',
      year: 1970,
      bodyType: 'Coupe',
    });
    vehicleId = created.id;
    const form = new FormData();
    for (const name of ['red.jpg', 'green.jpg'])
      form.append(
        'images',
        new Blob([new Uint8Array(await sharp(files[name]).toBuffer())], { type: 'image/jpeg' }),
        name,
      );
    const uploaded = await fetch(`${server.baseUrl}/api/vehicles/${vehicleId}/images`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(uploaded.status).toBe(200);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const toast = (page: Page, text: string) => page.locator('.Toastify').getByText(text).first().waitFor();

  it('ISSUE-20: vehicle cards with Edit and Delete in reach; photo tiles fully visible; a removed photo goes on Save; a failed upload shows its reason', async () => {
    const { page, context } = await newPage(browser, server.baseUrl, VIEWPORTS.mobile);
    await page.goto('/admin/vehicles');
    await page.waitForURL(`${server.baseUrl}/login`);
    await loginThroughForm(page, ADMIN.email, ADMIN.password);
    await page.waitForURL(`${server.baseUrl}/admin/vehicles`);
    const title = '1970 Toyota 2000GT Phone Test';
    const row = page.getByTestId('vehicle-row').filter({ hasText: title });
    await row.waitFor();
    // The top bar's title fits.
    const heading = page.getByRole('heading', { name: 'Admin Dashboard' });
    expect(await heading.evaluate((h) => h.scrollWidth <= h.clientWidth)).toBe(true);
    expect(await inView(row.getByRole('button', { name: `Edit ${title}` }))).toBe(true);
    expect(await inView(row.getByRole('button', { name: `Delete ${title}` }))).toBe(true);
    await screenshot(page, 'admin-vehicles-375');

    // An untouched form closes without a question.
    let asked = 0;
    let answer = false;
    page.on('dialog', (d) => {
      asked += 1;
      void (answer ? d.accept() : d.dismiss());
    });
    await row.getByRole('button', { name: `Edit ${title}` }).click();
    const modal = page.getByRole('dialog', { name: 'Edit Vehicle' });
    await modal.getByTestId('form-image').nth(1).waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => modal.isVisible()).toBe(false);
    expect(asked).toBe(0);

    await row.getByRole('button', { name: `Edit ${title}` }).click();
    await modal.getByTestId('form-image').nth(1).waitFor();
    for (const n of [1, 2]) expect(await inView(modal.getByRole('button', { name: `Remove photo ${n}` }))).toBe(true);
    await screenshot(page, 'admin-vehicle-photos-375');

    // Removing a photo asks on Escape; staying keeps the removal in the form, nothing deleted yet.
    await modal.getByRole('button', { name: 'Remove photo 1' }).click();
    await expect.poll(() => modal.getByTestId('form-image').count()).toBe(1);
    await page.keyboard.press('Escape');
    await expect.poll(() => asked).toBe(1);
    expect(await modal.isVisible()).toBe(true);
    expect((await api<{ images: unknown[] }>('GET', `/api/vehicles/${vehicleId}/edit`)).images).toHaveLength(2);

    // A text file is refused before sending; a fake JPEG is sent and refused by the server, with its reason.
    await modal.getByLabel('Add photos').setInputFiles(files['notes.txt'] ?? '');
    await toast(page, 'Not added (notes.txt): Only JPEG, PNG, WebP or GIF images are accepted');
    await modal.getByLabel('Add photos').setInputFiles(files['fake.jpg'] ?? '');
    await expect.poll(() => modal.getByTestId('form-image').count()).toBe(2);
    await modal.getByRole('button', { name: 'Update Vehicle' }).click();
    await toast(
      page,
      'Vehicle updated, but photo was not uploaded (fake.jpg): Only JPEG, PNG, WebP or GIF images are accepted',
    );
    expect(await page.locator('.Toastify').getByText('Vehicle updated successfully!').count()).toBe(0);
    await screenshot(page, 'admin-vehicle-upload-failed-375');
    const after = await api<{ images: unknown[] }>('GET', `/api/vehicles/${vehicleId}/edit`);
    expect(after.images).toHaveLength(1);

    // Everything saved: the plain success message.
    answer = true;
    await page.reload();
    await row.getByRole('button', { name: `Edit ${title}` }).click();
    await modal.getByTestId('form-image').first().waitFor();
    await modal.getByLabel('Add photos').setInputFiles(files['green.jpg'] ?? '');
    await modal.getByRole('button', { name: 'Update Vehicle' }).click();
    await toast(page, 'Vehicle updated successfully!');
    expect((await api<{ images: unknown[] }>('GET', `/api/vehicles/${vehicleId}/edit`)).images).toHaveLength(2);
    await context.close();
  });

  it('ISSUE-20: Settings at 375 px: every tab in reach, Save in reach, hours checked, the hero uploaded and saved, leaving unsaved changes asks; the profile confirms a save', async () => {
    const { page, context } = await newPage(browser, server.baseUrl, VIEWPORTS.mobile);
    await page.goto('/admin/settings');
    await page.waitForURL(`${server.baseUrl}/login`);
    await loginThroughForm(page, ADMIN.email, ADMIN.password);
    await page.waitForURL(`${server.baseUrl}/admin/settings`);
    await page.getByRole('tab', { name: 'Company Info' }).waitFor();
    for (const tab of await page.getByRole('tab').all())
      expect(await inView(tab), (await tab.textContent()) ?? undefined).toBe(true);
    await screenshot(page, 'admin-settings-375');

    // Business hours: closing before opening is refused on its field.
    await page.getByRole('tab', { name: 'Contact Info' }).click();
    await page.getByLabel('Monday opens').fill('18:00');
    await page.getByLabel('Monday closes').fill('09:00');
    await page.getByLabel('Sunday closes').scrollIntoViewIfNeeded();
    const save = page.getByRole('button', { name: 'Save Changes' });
    const box = await save.boundingBox();
    expect(box !== null && box.y + box.height <= 812 && box.y >= 0).toBe(true);
    await save.click();
    await page.getByText('The closing time must be after the opening time').waitFor();
    await page.getByLabel('Monday closes').fill('19:00');

    // A failed upload gives the server's reason; a good one is stored as WebP widths on Save.
    await page.getByRole('tab', { name: 'Media', exact: true }).click();
    await page.getByLabel('Upload hero image').setInputFiles(files['fake.jpg'] ?? '');
    await toast(page, 'Failed to upload the hero image: Only PNG, JPEG, WebP, AVIF, GIF or ICO images are accepted');
    await page.getByLabel('Upload hero image').setInputFiles(files['hero.jpg'] ?? '');
    await toast(page, 'Hero image uploaded successfully');

    // Leaving with unsaved changes asks; dismissing stays on Settings.
    let asked = 0;
    page.once('dialog', (d) => {
      asked += 1;
      void d.dismiss();
    });
    await page.getByRole('button', { name: 'Open sidebar' }).click();
    await page.getByRole('link', { name: 'Dashboard' }).click();
    await expect.poll(() => asked).toBe(1);
    expect(new URL(page.url()).pathname).toBe('/admin/settings');
    await page.keyboard.press('Escape');

    await save.click();
    await toast(page, 'Settings saved successfully!');
    const pub = (await (await fetch(`${server.baseUrl}/api/settings/public`)).json()) as {
      media: { heroImage: string };
      contact: { businessHours: { monday: { open: string; close: string } } };
    };
    expect(pub.media.heroImage).toMatch(/^\/uploads\/media\/heroImage-[\w-]+-1280\.webp$/);
    expect(pub.contact.businessHours.monday).toEqual({ open: '18:00', close: '19:00' });

    // The profile page says it saved.
    await page.goto('/admin/profile');
    await page.getByLabel('Address').fill('1 Harbour Road');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.getByText('Profile updated successfully!').waitFor();
    await context.close();
  });
});
