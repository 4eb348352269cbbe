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

interface Summary {
  id: string;
  title: string;
  make: string;
  year: number;
}
interface Detail extends Summary {
  images: { id: string }[];
  viewCount: number;
}

/** A demo vehicle with more than one page of thumbnails, so every gallery key has work to do. */
async function vehicleWithManyPhotos(baseUrl: string): Promise<Detail> {
  const list = (await (await fetch(`${baseUrl}/api/vehicles/search?limit=100`)).json()) as { vehicles: Summary[] };
  for (const summary of list.vehicles) {
    const detail = (await (await fetch(`${baseUrl}/api/vehicles/${summary.id}`)).json()) as Detail;
    if (detail.images.length > 5) return detail;
  }
  throw new Error('The demo catalogue has no vehicle with more than 5 photos');
}

/** Full-page screenshots load lazy images only when they scroll into view. */
async function settle(page: Page) {
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += 600) {
      window.scrollTo(0, y);
      await new Promise((r) => setTimeout(r, 60));
    }
    window.scrollTo(0, 0);
  });
  await page.waitForLoadState('networkidle');
}

const galleryCounter = (page: Page) => page.getByTestId('gallery-main').locator('span.absolute').first();

describe('storefront in a real browser', () => {
  let server: Server;
  let browser: Browser;
  beforeAll(async () => {
    server = await startServer({ RATE_LIMIT: 'off' });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('HOME-01..30 SEARCH-24 DETAIL-02..06 DETAIL-29..34: home → make and year search → a result → gallery keys and lightbox → a similar vehicle', async () => {
    const target = await vehicleWithManyPhotos(server.baseUrl);
    const { page, context } = await newPage(browser, server.baseUrl, VIEWPORTS.desktop);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));

    // Home: one page-visit call, 'Direct' when there is no referrer.
    const visit = page.waitForRequest((r) => r.url().endsWith('/api/tracking/page-visit'));
    await page.goto('/');
    expect((await visit).postDataJSON()).toEqual({ page: '/', referrer: 'Direct' });
    await expect.poll(() => page.getByRole('link', { name: 'Browse Vehicles' }).first().isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('heading', { name: 'Featured Vehicles' }).isVisible()).toBe(true);
    expect(await page.getByRole('heading', { name: 'Popular Cars For Sale' }).isVisible()).toBe(true);
    for (const item of ['Wide Selection', 'Secure Transactions', 'Expert Support'])
      expect(await page.getByRole('heading', { name: item }).isVisible()).toBe(true);

    // Featured carousel: 3 per slide, next and previous wrap around.
    const featured = page.getByRole('region', { name: 'Featured Vehicles' });
    const slide = featured.locator('[aria-roledescription="slide"]');
    expect(await slide.locator('article').count()).toBe(3);
    expect(await slide.getAttribute('aria-label')).toBe('1 of 2');
    await featured.getByRole('button', { name: 'Next slide' }).click();
    expect(await slide.getAttribute('aria-label')).toBe('2 of 2');
    await featured.getByRole('button', { name: 'Next slide' }).click();
    expect(await slide.getAttribute('aria-label')).toBe('1 of 2');
    await featured.getByRole('button', { name: 'Previous slide' }).click();
    expect(await slide.getAttribute('aria-label')).toBe('2 of 2');
    await featured.getByRole('button', { name: 'Go to slide 1' }).click();
    expect(await slide.getAttribute('aria-label')).toBe('1 of 2');

    // Categories: 12, then all 21, then 12 again.
    const tiles = page.getByRole('region', { name: 'Browse By Category' }).getByRole('listitem');
    expect(await tiles.count()).toBe(12);
    await page.getByRole('button', { name: 'Show All Categories' }).click();
    expect(await tiles.count()).toBe(21);
    expect(await page.getByRole('link', { name: 'RVs & Boats' }).getAttribute('href')).toBe(
      '/vehicles?category=RVs%2CTrailers+%26+Boats',
    );
    await page.getByRole('button', { name: 'Show Less' }).click();
    expect(await tiles.count()).toBe(12);
    await settle(page);
    await screenshot(page, 'storefront-home-1440');

    // Search panel: a partial make picked from the list, one model year → /vehicles.
    const combobox = page.getByRole('combobox', { name: 'Car Make' });
    await combobox.fill(target.make.slice(0, 4));
    await page.getByRole('option', { name: target.make, exact: true }).click();
    expect(await combobox.inputValue()).toBe(target.make);
    await page.getByLabel('Year From').selectOption(String(target.year));
    await page.getByLabel('Year To').selectOption(String(target.year));
    await page.getByRole('form', { name: 'Find your vehicle' }).getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(
      `${server.baseUrl}/vehicles?make=${encodeURIComponent(target.make).replace(/%20/g, '+')}&minYear=${target.year}&maxYear=${target.year}`,
    );
    const result = page.getByRole('link', { name: target.title, exact: true });
    await result.waitFor();
    expect(await page.getByLabel('Make').inputValue()).toBe(target.make);
    expect(await page.getByLabel('Year from').inputValue()).toBe(String(target.year));
    expect(await page.getByLabel('Model').isEnabled()).toBe(true);
    await settle(page);
    await screenshot(page, 'storefront-search-1440');

    // The result: its page records one view and remembers it.
    const view = page.waitForResponse((r) => r.url().endsWith(`/api/vehicles/${target.id}/view`));
    await result.click();
    await page.waitForURL(`${server.baseUrl}/vehicles/${target.id}`);
    expect((await (await view).json()).isNewView).toBe(true);
    await expect.poll(() => page.getByRole('heading', { level: 1, name: target.title }).isVisible()).toBe(true);
    await expect.poll(() => page.getByTestId('view-count').textContent()).toBe(`${target.viewCount + 1} views`);
    const viewed = await page.evaluate(() => JSON.parse(localStorage.getItem('viewedVehicles') ?? '[]'));
    expect(viewed).toContain(target.id);
    expect(await page.evaluate(() => localStorage.getItem('browserFingerprint'))).toMatch(/^fp-[0-9a-f]+$/);
    const box = await page.getByTestId('gallery-main').boundingBox();
    expect(box?.height).toBe(400);

    // Gallery keys: arrows move one photo (wrapping), Page Up/Down one page of 5 thumbnails.
    const count = target.images.length;
    const gallery = page.getByRole('region', { name: `Photos of ${target.title}` });
    await gallery.focus();
    expect(await galleryCounter(page).textContent()).toContain(`1 / ${count}`);
    await page.keyboard.press('ArrowRight');
    expect(await galleryCounter(page).textContent()).toContain(`2 / ${count}`);
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    expect(await galleryCounter(page).textContent()).toContain(`${count} / ${count}`);
    await page.keyboard.press('ArrowRight');
    const thumbs = page.getByRole('list', { name: /^Thumbnails, page/ });
    expect(await thumbs.getAttribute('aria-label')).toBe(`Thumbnails, page 1 of ${Math.ceil(count / 5)}`);
    expect(await thumbs.getByRole('listitem').count()).toBe(5);
    await page.keyboard.press('PageDown');
    expect(await thumbs.getAttribute('aria-label')).toBe(`Thumbnails, page 2 of ${Math.ceil(count / 5)}`);
    await page.keyboard.press('PageUp');
    expect(await thumbs.getAttribute('aria-label')).toBe(`Thumbnails, page 1 of ${Math.ceil(count / 5)}`);
    // Thumbnails use the smallest stored file.
    expect(await thumbs.locator('img').first().getAttribute('src')).toMatch(/-320\.webp$/);
    await settle(page);
    await screenshot(page, 'storefront-detail-1440');

    // Lightbox: opens on a click, arrows move, Escape closes and focus returns to the photo.
    await page
      .getByTestId('gallery-main')
      .getByRole('button', { name: /open full screen/ })
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(await dialog.getAttribute('aria-label')).toBe(`${target.title}, photo 1 of ${count}`);
    await page.keyboard.press('ArrowRight');
    expect(await dialog.getAttribute('aria-label')).toBe(`${target.title}, photo 2 of ${count}`);
    await screenshot(page, 'storefront-lightbox-1440');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await galleryCounter(page).textContent()).toContain(`2 / ${count}`);

    // Reloading the page does not record the view again (the local list is the first filter).
    let viewCalls = 0;
    page.on('request', (r) => {
      if (r.url().endsWith('/view')) viewCalls += 1;
    });
    await page.reload();
    await page.getByRole('heading', { level: 1, name: target.title }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(viewCalls).toBe(0);

    // A similar vehicle: same make first, never this one.
    const similar = page.getByRole('region', { name: 'Similar Vehicles' });
    await similar.waitFor();
    const cards = similar.getByRole('article');
    expect(await cards.count()).toBeGreaterThan(0);
    expect(await cards.count()).toBeLessThanOrEqual(3);
    const next = similar.getByRole('link').first();
    const nextTitle = (await next.textContent()) ?? '';
    expect(nextTitle).not.toBe(target.title);
    await next.click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(nextTitle);
    expect(page.url()).not.toContain(target.id);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a landing page renders from the answers in its HTML: no API round trip for them, and the main photo requested once', async () => {
    const vehicle = await vehicleWithManyPhotos(server.baseUrl);
    const { context, page } = await newPage(browser, server.baseUrl, VIEWPORTS.mobile);
    try {
      const requests: string[] = [];
      page.on('request', (request) => requests.push(new URL(request.url()).pathname));
      await page.goto(`/vehicles/${vehicle.id}`);
      await page.getByRole('heading', { level: 1, name: vehicle.title }).waitFor();
      await page.getByRole('heading', { name: 'Similar Vehicles' }).waitFor();
      await page.waitForLoadState('networkidle');
      // Not kept in the page: the view count, and the live auctions of auction-listed cards, whose
      // bids change by the second (docs/decisions/125-auctions.md).
      const apiGets = requests.filter(
        (p) => p.startsWith('/api/') && !p.endsWith('/view') && p !== '/api/auctions/live',
      );
      expect(apiGets).toEqual([]);
      // The preload and the <img> pick the same file from the same srcset and sizes.
      const photos = requests.filter((p) => p.startsWith('/uploads/vehicles/'));
      expect(photos.length).toBe(new Set(photos).size);

      // The next page in the same tab asks the API as usual.
      await page.goto('/vehicles?make=Porsche');
      await page.waitForLoadState('networkidle');
      expect(requests.filter((p) => p.startsWith('/api/vehicles/search'))).toEqual([]);
      await page.getByRole('link', { name: /home$/ }).first().click();
      await page.waitForLoadState('networkidle');
      expect(requests.filter((p) => p.startsWith('/api/vehicles/tagged')).length).toBeGreaterThan(0);
    } finally {
      await context.close();
    }
  });

  it('CONTACT-01..06 ERR-57 VALID: a bad submission shows each error, a good one is stored and clears the form', async () => {
    const { page, context } = await newPage(browser, server.baseUrl, VIEWPORTS.desktop);
    await page.goto('/contact');
    await page.getByRole('heading', { name: 'Contact Us', level: 1 }).waitFor();
    const hours = page.getByRole('table', { name: 'Opening hours by day' });
    expect(await hours.getByRole('row').count()).toBe(7);
    expect(await hours.getByRole('row', { name: /Sunday/ }).textContent()).toContain('Closed');

    const submit = page.getByRole('button', { name: 'Send Message' });
    let posts = 0;
    page.on('request', (r) => {
      if (r.url().endsWith('/api/contact/submit')) posts += 1;
    });
    await submit.click();
    for (const message of [
      'Full name is required',
      'Email is required',
      'Phone number is required',
      'Subject is required',
      'Message is required',
    ])
      await expect.poll(() => page.getByText(message, { exact: true }).isVisible()).toBe(true);

    await page.getByLabel('Full name', { exact: true }).fill('Ada Driver');
    await page.getByLabel('Email', { exact: true }).fill('not-an-email');
    await page.getByLabel('Phone', { exact: true }).fill('12ab');
    await page.getByLabel('Subject', { exact: true }).fill('Test drive');
    await page.getByLabel('Message', { exact: true }).fill('Too short');
    expect(await page.getByText('Full name is required').count()).toBe(0);
    expect(await page.getByText('9/2000').isVisible()).toBe(true);
    await submit.click();
    await expect.poll(() => page.getByText('Please enter a valid email address').isVisible()).toBe(true);
    expect(await page.getByText('Please enter a valid phone number').isVisible()).toBe(true);
    expect(await page.getByText('Message must be at least 10 characters long').isVisible()).toBe(true);
    expect(posts).toBe(0);
    await screenshot(page, 'storefront-contact-errors-1440');

    // Editing a field clears its error at once.
    const unique = `E2E inquiry ${Date.now()}`;
    await page.getByLabel('Email', { exact: true }).fill('ada.driver@example.com');
    expect(await page.getByText('Please enter a valid email address').count()).toBe(0);
    await page.getByLabel('Phone', { exact: true }).fill('+1 (555) 010-2030');
    await page.getByLabel('Subject', { exact: true }).fill(unique);
    await page.getByLabel('Message', { exact: true }).fill('I would like to arrange a test drive next week, please.');
    await submit.click();
    await expect.poll(() => page.getByText('Message Sent Successfully!').isVisible()).toBe(true);
    expect(await page.getByText("Thank you for contacting us. We'll get back to you soon.").isVisible()).toBe(true);
    for (const label of ['Full name', 'Email', 'Phone', 'Subject', 'Message'])
      expect(await page.getByLabel(label, { exact: true }).inputValue()).toBe('');
    expect(await page.getByText('0/2000').isVisible()).toBe(true);
    expect(posts).toBe(1);
    await screenshot(page, 'storefront-contact-sent-1440');

    const login = await fetch(`${server.baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    const { token } = (await login.json()) as { token: string };
    const inbox = await fetch(`${server.baseUrl}/api/contact/admin/all?search=${encodeURIComponent(unique)}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const { contacts } = (await inbox.json()) as { contacts: Record<string, string>[] };
    expect(contacts).toHaveLength(1);
    expect(contacts[0]).toMatchObject({
      fullName: 'Ada Driver',
      email: 'ada.driver@example.com',
      phone: '+1 (555) 010-2030',
      subject: unique,
      status: 'new',
    });
    await context.close();
  });

  it('ERR-58 shows the failure message when the server refuses the message', async () => {
    const { page, context } = await newPage(browser, server.baseUrl, VIEWPORTS.desktop);
    await page.route('**/api/contact/submit', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom"}' }),
    );
    await page.goto('/contact');
    await page.getByLabel('Full name', { exact: true }).fill('Ada Driver');
    await page.getByLabel('Email', { exact: true }).fill('ada@example.com');
    await page.getByLabel('Phone', { exact: true }).fill('5550102030');
    await page.getByLabel('Subject', { exact: true }).fill('Hello');
    await page.getByLabel('Message', { exact: true }).fill('A perfectly fine message.');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect.poll(() => page.getByText('Error Sending Message').isVisible()).toBe(true);
    expect(await page.getByText('Something went wrong. Please try again later.').isVisible()).toBe(true);
    // Nothing was sent successfully, so what the visitor typed stays.
    expect(await page.getByLabel('Full name', { exact: true }).inputValue()).toBe('Ada Driver');
    await context.close();
  });

  it('CHROME-01..20 ROUTE-04..16 ERR-35 ERR-38: navigation, footer, pages and their empty and missing states', async () => {
    const { page, context } = await newPage(browser, server.baseUrl, VIEWPORTS.desktop);
    await page.goto('/about');
    await page.getByRole('heading', { name: 'Our history' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Leadership' }).isVisible()).toBe(true);
    expect(await page.locator('section[aria-labelledby="about-leaders-title"] li').count()).toBe(3);
    expect(await page.locator('figure').count()).toBe(2);
    await screenshot(page, 'storefront-about-1440');

    // Buy menu and page links.
    await page.getByRole('button', { name: 'Buy' }).click();
    for (const [name, href] of [
      ['Browse Vehicles', '/vehicles'],
      ['Auctions', '/auctions'],
      ['Parts', '/parts'],
    ])
      expect(await page.getByRole('menuitem', { name }).getAttribute('href')).toBe(href);
    await page.keyboard.press('Escape');
    expect(await page.getByRole('menu').count()).toBe(0);
    await page.getByRole('button', { name: 'Buy' }).focus();
    await page.keyboard.press('ArrowDown');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Browse Vehicles');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${server.baseUrl}/auctions`);
    await page.getByRole('heading', { name: 'Auctions', level: 1 }).waitFor();
    expect(await page.getByLabel('Listing type').count()).toBe(0);

    // Footer: company, description, quick links, contact, copyright.
    const footer = page.locator('footer');
    expect(await footer.textContent()).toContain(
      'Connecting enthusiasts with exceptional imported vehicles since 2005.',
    );
    expect(await footer.textContent()).toContain(`© ${new Date().getFullYear()} Heritage Import Motors`);
    for (const [name, href] of [
      ['Vehicles', '/vehicles'],
      ['About Us', '/about'],
      ['Contact', '/contact'],
    ])
      expect(await footer.getByRole('link', { name, exact: true }).getAttribute('href')).toBe(href);
    expect(await footer.getByRole('link', { name: 'Facebook' }).count()).toBe(1);
    expect(await footer.getByRole('link', { name: 'YouTube' }).count()).toBe(0);

    // Navigation search box → /vehicles?query=
    await page.getByRole('searchbox', { name: 'Search vehicles' }).fill('zzzz nothing like this');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${server.baseUrl}/vehicles?query=zzzz%20nothing%20like%20this`);
    await expect.poll(() => page.getByText('No vehicles found matching your search criteria.').isVisible()).toBe(true);

    await page.goto('/parts');
    expect(await page.getByRole('link', { name: /OEM parts catalogue/ }).getAttribute('href')).toBe(
      'https://parts.heritage-import-motors.example',
    );
    await page.goto('/vehicles/no-such-vehicle');
    await expect.poll(() => page.getByRole('heading', { name: 'Vehicle not found.' }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Browse all vehicles' }).getAttribute('href')).toBe('/vehicles');

    await page.goto('/no/such/page');
    await page.waitForURL(`${server.baseUrl}/`);
    // The default title comes from the settings' meta title once they have loaded.
    await expect.poll(() => page.title()).toBe('Heritage Import Motors | Imported & Classic Vehicles');
    await page.goto('/test/vehicle-image');
    expect(await page.getByTestId('resolved-src').first().textContent()).toBe(
      'https://images.example.com/cars/supra.jpg',
    );
    await context.close();
  });

  it('ROUTE-01..13 ROUTE-26 ROUTE-27 CHROME-23: every public route, scroll to top, test pages, signed-in redirects', async () => {
    const { page, context } = await newPage(browser, server.baseUrl, VIEWPORTS.desktop);
    const footer = page.locator('footer');
    const routes: [string, string][] = [
      ['/', 'Imported and classic vehicles, found and delivered'],
      ['/vehicles', 'Browse Vehicles'],
      ['/auctions', 'Auctions'],
      ['/about', 'About Heritage Import Motors'],
      ['/contact', 'Contact Us'],
      ['/parts', 'Parts'],
      ['/login', 'Welcome back'],
      ['/register', 'Create your account'],
    ];
    for (const [path, heading] of routes) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      expect(await page.getByRole('heading', { level: 1 }).first().textContent(), path).toBe(heading);
      expect(await footer.count(), path).toBe(1);
    }

    // ROUTE-05: a navigation scrolls to the top.
    await page.goto('/about');
    await page.getByRole('heading', { name: 'What our clients say' }).waitFor();
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await page.getByRole('link', { name: 'Talk to a specialist' }).click();
    await page.waitForURL(`${server.baseUrl}/contact`);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

    // ROUTE-02, ROUTE-03: developer pages outside the public layout.
    await page.goto('/test');
    await page.getByRole('heading', { name: 'Developer test pages' }).waitFor();
    expect(await footer.count()).toBe(0);
    await page.getByRole('link', { name: 'Vehicle image sources' }).click();
    await page.getByRole('heading', { name: 'Vehicle image sources' }).waitFor();
    expect(await page.getByTestId('resolved-src').allTextContents()).toEqual([
      'https://images.example.com/cars/supra.jpg',
      `${server.baseUrl}/uploads/vehicles/demo/photo-640.webp`,
      `${server.baseUrl}/placeholder-vehicle.svg`,
      `${server.baseUrl}/uploads/vehicles/supra-front.jpg`,
      `${server.baseUrl}/placeholder-vehicle.svg`,
      '/placeholder-vehicle.svg',
      '/placeholder-vehicle.svg',
      '/placeholder-vehicle.svg',
      '/placeholder-vehicle.svg',
    ]);

    // CHROME-23: the default share image is set and served.
    expect(await page.locator('meta[property="og:image"]').getAttribute('content')).toBe(
      `${server.baseUrl}/og-default.png`,
    );
    const og = await fetch(`${server.baseUrl}/og-default.png`);
    expect(og.headers.get('content-type')).toBe('image/png');

    // ROUTE-26, ROUTE-27: a signed-in user is sent on from /login and /register; ROUTE-01: /admin has its own shell.
    await page.goto('/login');
    await loginThroughForm(page, ADMIN.email, ADMIN.password);
    await page.waitForURL(`${server.baseUrl}/`);
    await page.goto('/login');
    await page.waitForURL(`${server.baseUrl}/`);
    await page.goto('/register');
    await page.waitForURL(`${server.baseUrl}/`);
    await page.goto('/admin/dashboard');
    await page.getByRole('heading', { name: 'Admin Dashboard' }).first().waitFor();
    expect(await footer.count()).toBe(0);
    await context.close();
  });

  it('CHROME-13 mobile layout at 375px: menu panel, filters toggle, every page fits the width', async () => {
    const target = await vehicleWithManyPhotos(server.baseUrl);
    const { page, context } = await newPage(browser, server.baseUrl, VIEWPORTS.mobile);
    const fits = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

    await page.goto('/');
    await page.getByRole('heading', { name: 'Featured Vehicles' }).waitFor();
    expect(await page.getByRole('button', { name: 'Buy' }).isVisible()).toBe(false);
    expect(await fits()).toBe(true);
    await settle(page);
    await screenshot(page, 'storefront-home-375');

    await page.getByRole('button', { name: 'Open menu' }).click();
    const mobileNav = page.getByRole('navigation', { name: 'Mobile' });
    for (const name of ['Browse Vehicles', 'Auctions', 'Parts', 'About Us', 'Contact Us', 'Login', 'Sign Up'])
      expect(await mobileNav.getByRole('link', { name, exact: true }).isVisible()).toBe(true);
    await screenshot(page, 'storefront-menu-375');
    await mobileNav.getByRole('link', { name: 'Browse Vehicles' }).click();
    await page.waitForURL(`${server.baseUrl}/vehicles`);
    expect(await page.getByRole('navigation', { name: 'Mobile' }).count()).toBe(0);
    await page
      .getByRole('list')
      .filter({ has: page.getByRole('article') })
      .first()
      .waitFor();
    expect(await page.getByLabel('Make').isVisible()).toBe(false);
    await page.getByRole('button', { name: /Filters/ }).click();
    expect(await page.getByLabel('Make').isVisible()).toBe(true);
    expect(await fits()).toBe(true);
    await settle(page);
    await screenshot(page, 'storefront-search-375');

    await page.goto(`/vehicles/${target.id}`);
    await page.getByRole('heading', { level: 1, name: target.title }).waitFor();
    expect((await page.getByTestId('gallery-main').boundingBox())?.height).toBe(400);
    expect(await fits()).toBe(true);
    await settle(page);
    await screenshot(page, 'storefront-detail-375');

    for (const path of ['/contact', '/about', '/parts']) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(await fits(), path).toBe(true);
      await screenshot(page, `storefront-${path.slice(1)}-375`);
    }
    await context.close();
  });
});
