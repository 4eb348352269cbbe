import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, launchBrowser, loginThroughForm, newPage, type Server, screenshot, startServer } from './harness.ts';

/**
 * Stored content is shown as text. Every user-writable text field gets markup that would run
 * script if it were ever rendered as HTML (an inline <script> and an onerror handler, both of
 * which the server's Content-Security-Policy forbids). Each value starts with a short label, so
 * the test can find each field's text on the page.
 */
const PAYLOAD = '<img src=x onerror=__pwned=2><script>__pwned=1</script>';
const stored = (label: string) => `${label}${PAYLOAD}`;

const F = {
  vehicleTitle: stored('VT'),
  vehicleDescription: stored('VD'),
  vehicleExterior: stored('VX'),
  vehicleFeature: stored('VF'),
  vehicleCity: stored('VC'),
  buyerFirstName: stored('BN'),
  offerMessage: stored('OM'),
  contactName: stored('CN'),
  contactSubject: stored('CS'),
  contactMessage: stored('CM'),
  companyName: stored('SN'),
  companyDescription: stored('SD'),
  companyAddress: stored('SA'),
  metaTitle: stored('MT'),
  partLabel: stored('PL'),
  partDescription: stored('PD'),
};

async function call<T>(server: Server, method: string, path: string, body?: unknown, token?: string) {
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

/** Collects CSP violations and script errors from the first byte of every document. */
function watchForViolations(context: BrowserContext) {
  return context.addInitScript(() => {
    const w = window as unknown as { __cspViolations: string[] };
    w.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      w.__cspViolations.push(`${e.violatedDirective} ${e.blockedURI} ${e.sample}`);
    });
  });
}

interface Findings {
  violations: string[];
  pwned: unknown;
  consoleCsp: string[];
}

async function findings(page: Page, consoleCsp: string[]): Promise<Findings> {
  const state = await page.evaluate(() => {
    const w = window as unknown as { __cspViolations?: string[]; __pwned?: unknown };
    return { violations: w.__cspViolations ?? [], pwned: w.__pwned };
  });
  return { ...state, consoleCsp: [...consoleCsp] };
}

describe('stored HTML and script are shown as text under a strict CSP', () => {
  let server: Server;
  let browser: Browser;
  let vehicleId: string;
  const buyer = { email: `csp-buyer-${Date.now()}@example.com`, password: 'csp-buyer-1', id: '' };

  beforeAll(async () => {
    server = await startServer({ SEED: 'none' });
    browser = await launchBrowser();
    const admin = (await call<{ token: string }>(server, 'POST', '/auth/login', ADMIN)).json.token;

    const vehicle = await call<{ id: string }>(
      server,
      'POST',
      '/vehicles',
      {
        title: F.vehicleTitle,
        year: 1967,
        make: 'Jaguar',
        model: 'E-Type',
        bodyType: 'Convertible',
        category: 'Classics',
        price: 150_000,
        description: F.vehicleDescription,
        sections: { exterior: F.vehicleExterior, interior: '', other: '' },
        features: [F.vehicleFeature],
        location: { city: F.vehicleCity, state: 'CA', country: 'USA' },
        tags: ['featured', 'hot', 'new'],
      },
      admin,
    );
    expect(vehicle.status).toBe(201);
    vehicleId = vehicle.json.id;

    const registered = await call<{ token: string; user: { id: string } }>(server, 'POST', '/auth/register', {
      firstName: F.buyerFirstName,
      lastName: 'Buyer',
      email: buyer.email,
      phone: '+1 555 010 4000',
      password: buyer.password,
    });
    expect(registered.status).toBe(201);
    buyer.id = registered.json.user.id;
    const offer = await call(
      server,
      'POST',
      `/vehicles/${vehicleId}/offers`,
      { amount: 140_000, message: F.offerMessage },
      registered.json.token,
    );
    expect(offer.status).toBe(201);

    const contact = await call(server, 'POST', '/contact/submit', {
      fullName: F.contactName,
      email: 'csp-contact@example.com',
      phone: '+1 555 010 5000',
      subject: F.contactSubject,
      message: F.contactMessage,
    });
    expect(contact.status).toBe(201);

    const settings = await call<Record<string, Record<string, unknown>>>(server, 'GET', '/settings', undefined, admin);
    const next = {
      ...settings.json,
      company: {
        ...settings.json.company,
        name: F.companyName,
        description: F.companyDescription,
        address: F.companyAddress,
      },
      seo: { ...settings.json.seo, metaTitle: F.metaTitle },
      parts: [{ label: F.partLabel, url: 'https://example.com/parts', description: F.partDescription }],
    };
    expect((await call(server, 'PUT', '/settings', next, admin)).status).toBe(200);
    // A script URL never gets stored where the site renders links.
    const scriptUrl = { ...next, social: { ...settings.json.social, facebook: 'javascript:alert(1)' } };
    expect((await call(server, 'PUT', '/settings', scriptUrl, admin)).status).toBe(400);
    const scriptPart = { ...next, parts: [{ label: 'x', url: 'javascript:alert(1)', description: '' }] };
    expect((await call(server, 'PUT', '/settings', scriptPart, admin)).status).toBe(400);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** Opens a page as whoever the context is signed in as and checks each stored field shows as text. */
  async function expectShownAsText(page: Page, consoleCsp: string[], path: string, fields: string[], shot?: string) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    for (const text of fields) {
      await expect
        .poll(() => page.getByText(text).count(), {
          message: `${path} shows ${text.slice(0, 2)} as text`,
          timeout: 15_000,
        })
        .toBeGreaterThan(0);
    }
    if (shot) await screenshot(page, shot);
    expect(await findings(page, consoleCsp), path).toEqual({ violations: [], pwned: undefined, consoleCsp: [] });
  }

  async function openContext() {
    const { context, page } = await newPage(browser, server.baseUrl);
    await watchForViolations(context);
    const consoleCsp: string[] = [];
    page.on('console', (msg) => {
      if (/Content Security Policy|Refused to (execute|load|apply)/i.test(msg.text())) consoleCsp.push(msg.text());
    });
    page.on('pageerror', (err) => consoleCsp.push(`page error: ${err.message}`));
    return { context, page, consoleCsp };
  }

  const footer = [F.companyName, F.companyDescription, F.companyAddress];

  it('CHROME-21 storefront pages, the footer and the page title show stored markup as text, with no CSP violation', async () => {
    const { context, page, consoleCsp } = await openContext();
    await expectShownAsText(page, consoleCsp, '/', footer, 'security-csp-home');
    expect(await page.title()).toContain(F.metaTitle);
    await expectShownAsText(page, consoleCsp, '/vehicles', [F.vehicleTitle, ...footer]);
    await expectShownAsText(
      page,
      consoleCsp,
      `/vehicles/${vehicleId}`,
      [F.vehicleTitle, F.vehicleDescription, F.vehicleExterior, F.vehicleFeature, F.vehicleCity],
      'security-csp-detail',
    );
    await expectShownAsText(page, consoleCsp, '/about', footer);
    await expectShownAsText(page, consoleCsp, '/contact', footer);
    await expectShownAsText(page, consoleCsp, '/parts', [F.partLabel, F.partDescription]);
    await context.close();
  });

  it("the buyer's own pages show their stored name and offer message as text", async () => {
    const { context, page, consoleCsp } = await openContext();
    await page.goto('/login');
    await loginThroughForm(page, buyer.email, buyer.password);
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await expectShownAsText(page, consoleCsp, `/vehicles/${vehicleId}`, [F.offerMessage, F.vehicleTitle]);
    await expectShownAsText(page, consoleCsp, '/account', [F.buyerFirstName]);
    await context.close();
  });

  it('admin screens (dashboard, vehicles, users, offers, contacts, settings) show stored markup as text', async () => {
    const { context, page, consoleCsp } = await openContext();
    await page.goto('/login');
    await loginThroughForm(page, ADMIN.email, ADMIN.password);
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));

    await expectShownAsText(page, consoleCsp, '/admin/dashboard', [F.contactName, F.vehicleTitle]);
    await expectShownAsText(page, consoleCsp, '/admin/vehicles', [F.vehicleTitle]);
    await expectShownAsText(page, consoleCsp, '/admin/users', [F.buyerFirstName]);
    await expectShownAsText(page, consoleCsp, `/admin/users/${buyer.id}`, [F.buyerFirstName]);

    await expectShownAsText(page, consoleCsp, '/admin/offers', [F.buyerFirstName]);
    await page
      .getByRole('button', { name: /^View offer from/ })
      .first()
      .click();
    await expect.poll(() => page.getByRole('dialog').getByText(F.offerMessage).count()).toBeGreaterThan(0);
    await screenshot(page, 'security-csp-offer-details');
    expect(await findings(page, consoleCsp)).toEqual({ violations: [], pwned: undefined, consoleCsp: [] });

    await expectShownAsText(page, consoleCsp, '/admin/contacts', [F.contactName, F.contactSubject, F.contactMessage]);
    await page
      .getByRole('button', { name: /^View inquiry from/ })
      .first()
      .click();
    await expect.poll(() => page.getByRole('dialog').getByText(F.contactMessage).count()).toBeGreaterThan(0);
    await screenshot(page, 'security-csp-contact-details');
    expect(await findings(page, consoleCsp)).toEqual({ violations: [], pwned: undefined, consoleCsp: [] });

    // The settings form holds the stored values in its inputs, untouched.
    await page.goto('/admin/settings');
    await page.waitForLoadState('networkidle');
    await expect.poll(() => page.getByLabel('Company name').inputValue(), { timeout: 15_000 }).toBe(F.companyName);
    expect(await findings(page, consoleCsp)).toEqual({ violations: [], pwned: undefined, consoleCsp: [] });
    await context.close();
  });

  it('the CSP really is enforced: an inline script injected into a page is blocked and reported', async () => {
    const { context, page, consoleCsp } = await openContext();
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => {
      const s = document.createElement('script');
      s.textContent = 'window.__pwned = 3';
      document.body.appendChild(s);
    });
    await expect.poll(async () => (await findings(page, consoleCsp)).violations.length).toBeGreaterThan(0);
    expect((await findings(page, consoleCsp)).pwned).toBeUndefined();
    await context.close();
  });
});
