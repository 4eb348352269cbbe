import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { idParamSchema } from '@vm/shared/common';
import { resolveImagePath } from '@vm/shared/image-path';
import { dollarsToCents } from '@vm/shared/money';
import { type PublicSettings, publicSettingsSchema } from '@vm/shared/settings';
import {
  type ApiGet,
  apiGetUrl,
  BOOT_DATA_ELEMENT_ID,
  makesGet,
  publicSettingsGet,
  toQueryString,
} from '@vm/shared/storefront-requests';
import {
  checkedVehicleSearchQuerySchema,
  similarQuerySchema,
  taggedQuerySchema,
  type Vehicle,
} from '@vm/shared/vehicle';
import type { PrecompressedBody } from '../../plugins/precompressed.ts';
import type { VehicleStamp } from '../catalogue/catalogue.ts';
import { isVinChecked } from '@vm/shared/vin';
import { type LandingPage, type PageAnswers, planPage } from './landing-calls.ts';
import { KeptPages, type KeptPage } from './kept-pages.ts';
import { attribute, pageHead, pageHeadHtml, withoutGenericHead } from './page-head.ts';

/*
 * The HTML of a storefront page: the web build's index.html plus, for the page asked for,
 * - the answers to its first API calls as a JSON data block (read by apps/web/src/lib/boot-data.ts),
 * - modulepreload links for the page's code, and a preload of the photo it shows largest,
 * so the browser fetches all of it with the HTML instead of one step after another,
 * - the page's own head: title, description, canonical URL, share card, robots and JSON-LD
 *   (page-head.ts, docs/decisions/119-page-heads-and-sitemap.md).
 * The data blocks are not script: the Content-Security-Policy (no inline script) stays as it is.
 */

/** Written by the web build (apps/web/vite.config.ts): each landing page's chunks. */
export const LANDING_CHUNKS_FILE = 'landing-chunks.json';
const ROOT_ELEMENT = '<div id="root"></div>';

/**
 * A page's status and HTML, with the HTML's bytes compressed once per encoding (kept-pages.ts);
 * or, for a vehicle's former address, where the vehicle is now (docs/decisions/135-former-slugs.md).
 */
export type PageHtml = KeptPage | PageMoved;

/** A permanent redirect: `location` is a path of this site, with the query asked for. */
export interface PageMoved {
  status: 301;
  location: string;
}

/**
 * The page asked for in `request`, made for its visitor: the page's searches spend the visitor's
 * search limit (decision 142), and its calls answered through the app carry the visitor's address
 * rather than all sharing the server's own.
 */
export type PageRenderer = (app: FastifyInstance, request: FastifyRequest) => Promise<PageHtml>;

export interface PageRendererOptions {
  /**
   * Whether a VIN passes its check: only a checked VIN is published in a vehicle's JSON-LD. The
   * check digit of packages/shared/src/vin.ts (decision 118) unless a test says otherwise.
   */
  vinChecked?: (vin: string) => boolean;
}

/** Reads the web build once; the returned function renders one page URL. */
export function pageRenderer(webDist: string, options: PageRendererOptions = {}): PageRenderer {
  // Each page writes its own title, description and share tags.
  const shell = pageShell(withoutGenericHead(readFileSync(path.join(webDist, 'index.html'), 'utf8')), webDist);
  const vinChecked = options.vinChecked ?? isVinChecked;
  const chunks = readLandingChunks(webDist);
  const headOf = (app: FastifyInstance, settings: PublicSettings, pathname: string, vehicle?: Vehicle) =>
    pageHeadHtml(
      pageHead({ pathname, settings, origin: app.config.publicUrl, vehicle, vinChecked }),
      app.config.publicUrl,
    );
  // The home page's and the results page's head and code are the same for every URL of the page
  // (their query asks for other vehicles, not another head): made once per settings copy.
  const sameHeads = new WeakMap<PublicSettings, Map<LandingPage, string[]>>();
  const landingHeadOf = (
    app: FastifyInstance,
    settings: PublicSettings,
    pathname: string,
    page: LandingPage | undefined,
    vehicle?: Vehicle,
  ) => {
    if (page !== 'home' && page !== 'search')
      return [...headOf(app, settings, pathname, vehicle), ...modulePreloads(chunks, page)];
    let heads = sameHeads.get(settings);
    if (!heads) {
      heads = new Map();
      sameHeads.set(settings, heads);
    }
    let tags = heads.get(page);
    if (!tags) {
      tags = [...headOf(app, settings, pathname), ...modulePreloads(chunks, page)];
      heads.set(page, tags);
    }
    return tags;
  };
  const pages = new KeptPages();
  return async (app, request) => {
    const parsed = new URL(request.url, 'http://localhost');
    const plan = planPage(parsed.pathname, parsed.searchParams);
    // A page is kept under what it was made from (kept-pages.ts, docs/decisions/120-pages-at-any-size.md):
    // the catalogue version (every list and card it shows) and the public settings, checked on
    // every request. A vehicle page shows the whole vehicle, whose counts and details change
    // without a new catalogue version: its stamp (status, update time, counts) is part of what
    // the page was made from, read with the version in one statement (Catalogue.vehicleStamp,
    // docs/decisions/129-per-request-answers.md).
    const key = `${parsed.pathname}${parsed.search}`;
    const settings = await app.publicSettings.get();
    const vehicleStamp = plan?.vehicleKey === undefined ? undefined : await app.catalogue.vehicleStamp(plan.vehicleKey);
    if (plan?.vehicleKey !== undefined && !vehicleStamp) {
      // No vehicle has this id or slug now: a link from before the vehicle's title changed.
      const slug = await app.catalogue.slugNow(plan.vehicleKey);
      if (slug !== undefined) return { status: 301, location: `/vehicles/${encodeURIComponent(slug)}${parsed.search}` };
    }
    // Every call of the page is answered at this one reading of the catalogue version
    // (docs/decisions/132-make-orders.md), and the vehicle's answer from this same stamp
    // (Catalogue.vehicleFromStamp).
    const version = vehicleStamp?.version ?? (await app.catalogue.version());
    const made =
      plan?.vehicleKey === undefined
        ? `${version} ${settingsStamp(settings)}`
        : `${vehicleStamp?.stamp ?? `none ${version}`} ${settingsStamp(settings)}`;
    const reading: PageReading = {
      version,
      settings,
      vehicle:
        plan?.vehicleKey !== undefined && vehicleStamp ? { key: plan.vehicleKey, stamp: vehicleStamp } : undefined,
    };
    if (!plan)
      return pages.get(key, made, async () => ({
        status: 200 as const,
        html: pageBytes(shell, headOf(app, settings, parsed.pathname)),
      }));
    // Each answer's JSON bytes go into the page as they came; an answer is parsed only when the
    // plan reads it (the vehicle for the head, the first card's photo), not the similar list or the settings.
    const payloads = new Map<string, Buffer>();
    const read = new Map<string, unknown>();
    const answers: PageAnswers = {
      get: (url) => {
        if (!read.has(url)) read.set(url, parseJson(payloads.get(url)));
        return read.get(url);
      },
      first: (url, list) => {
        const payload = payloads.get(url);
        const element = read.has(url) || payload === undefined ? undefined : firstListElement(payload, list);
        if (element) return parseJson(element);
        const whole = answers.get(url) as Record<string, unknown> | undefined;
        const items = whole?.[list];
        return Array.isArray(items) ? items[0] : undefined;
      },
    };
    let missing = false;
    let refused = false;
    /** Set when the vehicle was answered from the page's stamp: whether its answer is what the stamp describes. */
    let matchesStamp: boolean | undefined;
    const answer = async (calls: typeof plan.calls) => {
      const keys = calls.map(apiGetUrl);
      const responses = await Promise.all(calls.map((call) => callAnswer(app, call, request, reading)));
      // In call order, whichever answered first: the same page gives the same HTML.
      responses.forEach((res, i) => {
        const key = keys[i];
        if (res.status === 404) missing = true;
        else if (res.status !== 200) refused = true;
        if (res.matchesStamp !== undefined) matchesStamp = res.matchesStamp;
        if (res.status !== 200 || res.payload === undefined || key === undefined) return;
        payloads.set(key, res.payload);
      });
    };
    const render = async () => {
      await answer(plan.calls);
      await answer(plan.followUps(answers));
      const head = [
        ...landingHeadOf(app, settings, parsed.pathname, plan.page, plan.vehicle(answers)),
        imagePreload(plan.mainImage(answers)),
      ].filter((tag) => tag !== '');
      const html = pageBytes(shell, head, bootDataBlock(payloads));
      // A vehicle that does not exist: the page says so, and crawlers get a real 404.
      // A page without one of its answers (refused: the visitor's limit, an outage) is not kept for
      // others, nor a vehicle page whose vehicle changed while it was made: its stamp could come
      // back to the one read first (a watch, then an unwatch) with the page showing the moment between.
      // The vehicle's answer says so itself when it was made from the page's stamp; otherwise
      // (a vehicle the page did not find, or answered by a route) the stamp is read again.
      const changed =
        plan.vehicleKey !== undefined &&
        (matchesStamp === undefined
          ? (await app.catalogue.vehicleStamp(plan.vehicleKey))?.stamp !== vehicleStamp?.stamp
          : !matchesStamp);
      return {
        status: plan.page === 'detail' && missing ? (404 as const) : (200 as const),
        html,
        complete: !refused && !changed,
      };
    };
    return pages.get(key, made, render);
  };
}

/** A call's status and, for a 200, its JSON bytes: what GET /api<call> answers. */
interface CallAnswer {
  status: number;
  payload?: Buffer;
  /** A vehicle answered from the page's stamp: whether the answer is what the stamp describes. */
  matchesStamp?: boolean;
}

/** What a page read once for all its calls. */
interface PageReading {
  /** The catalogue version. */
  version: number;
  /** The public settings (the page's header, footer and head). */
  settings: PublicSettings;
  /** A vehicle page's vehicle (its id or slug as the URL names it) and its stamp. */
  vehicle: { key: string; stamp: VehicleStamp } | undefined;
}

/**
 * The answer to one of a page's calls. The catalogue's operations and the settings answer it
 * directly when the call is one of theirs (docs/decisions/129-per-request-answers.md): the same
 * JSON text the route sends, without a request through the app (a request through `app.inject`
 * costs about as much CPU as one over the network: its hooks, headers and fake socket). Anything
 * else goes through `app.inject`, from the visitor's address.
 */
async function callAnswer(
  app: FastifyInstance,
  call: ApiGet,
  request: FastifyRequest,
  reading: PageReading,
): Promise<CallAnswer> {
  // An answer that fails (the database briefly down) is a refused call, as the route's 500 would be.
  const answered = await directAnswer(app, call, request, reading).catch((err: unknown) => {
    app.log.error({ err }, 'a page call failed');
    return { status: 500 };
  });
  if (answered) return answered;
  const res = await app.inject({
    method: 'GET',
    url: `/api${apiGetUrl(call)}`,
    remoteAddress: request.ip,
  });
  return res.statusCode === 200 ? { status: 200, payload: res.rawPayload } : { status: res.statusCode };
}

const bodyText = (body: PrecompressedBody | undefined): CallAnswer =>
  body ? { status: 200, payload: body.identity } : { status: 404 };

/** The direct answer to a call (see callAnswer), or undefined when the route has to answer it. */
async function directAnswer(
  app: FastifyInstance,
  call: ApiGet,
  request: FastifyRequest,
  reading: PageReading,
): Promise<CallAnswer | undefined> {
  const query = call.query ? Object.fromEntries(new URLSearchParams(toQueryString(call.query))) : {};
  const { catalogue } = app;
  const { version } = reading;
  switch (call.path) {
    case publicSettingsGet.path:
      return { status: 200, payload: settingsAnswer(reading.settings) };
    case makesGet.path:
      return call.query ? undefined : bodyText(await catalogue.makes(version));
    case '/vehicles/search': {
      const q = checkedVehicleSearchQuerySchema.safeParse(query);
      if (!q.success || q.data.random) return undefined;
      // The visitor's search limit counts it as the route would (decision 142); past it the page
      // is made without its search, as a refused call.
      if (app.searchLimit && !(await app.searchLimit.allows(request))) return { status: 429 };
      return bodyText(await catalogue.search(q.data, version));
    }
    case '/vehicles/tagged': {
      const q = taggedQuerySchema.safeParse(query);
      return q.success ? bodyText(await catalogue.tagged(q.data.tag, q.data.limit, version)) : undefined;
    }
    case '/vehicles/similar': {
      const q = similarQuerySchema.safeParse(query);
      if (!q.success) return undefined;
      const { make, model, year, price, exclude, limit } = q.data;
      const priceCents = price === undefined ? undefined : dollarsToCents(price);
      return bodyText(await catalogue.similar({ make, model, year, priceCents, exclude, limit }, version));
    }
  }
  // A vehicle (GET /vehicles/:id), unless the segment is one of the static routes beside it
  // (/vehicles/search, ...), too long for the router, or has a query.
  const segment = /^\/vehicles\/([^/?]+)$/.exec(call.path)?.[1];
  if (segment === undefined || call.query || segment.length > (app.initialConfig.maxParamLength ?? 100))
    return undefined;
  if (app.hasRoute({ method: 'GET', url: `/api${call.path}` })) return undefined;
  const id = idParamSchema.safeParse({ id: decodeURIComponentSafe(segment) });
  if (!id.success) return undefined;
  if (reading.vehicle?.key === id.data.id) {
    const { body, matches } = await catalogue.vehicleFromStamp(reading.vehicle.stamp);
    return { ...bodyText(body), matchesStamp: matches };
  }
  return bodyText(await catalogue.vehicle(id.data.id));
}

/** The public settings as GET /api/settings/public sends them, made once per settings copy. */
const settingsAnswers = new WeakMap<object, Buffer>();
function settingsAnswer(settings: PublicSettings): Buffer {
  let json = settingsAnswers.get(settings);
  if (json === undefined) {
    json = Buffer.from(JSON.stringify(publicSettingsSchema.parse(settings)));
    settingsAnswers.set(settings, json);
  }
  return json;
}

/** The settings as part of a kept page's stamp, made once per settings copy. */
const settingsStamps = new WeakMap<object, string>();
function settingsStamp(settings: PublicSettings): string {
  let json = settingsStamps.get(settings);
  if (json === undefined) {
    json = JSON.stringify(settings);
    settingsStamps.set(settings, json);
  }
  return json;
}

function decodeURIComponentSafe(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * The answers keyed by URL, as bytes put together without reading them again, safe inside
 * <script>: JSON has `<` only in strings, where \u003c means the same.
 */
export function bootDataBlock(payloads: ReadonlyMap<string, Buffer>): Buffer {
  const parts: Buffer[] = [Buffer.from(`<script type="application/json" id="${BOOT_DATA_ELEMENT_ID}">{`)];
  for (const [url, payload] of payloads) {
    parts.push(Buffer.from(`${parts.length > 1 ? ',' : ''}${escapeLessThan(JSON.stringify(url))}:`));
    // A search for the byte first: most answers have no `<` and go in as they are.
    parts.push(payload.includes(LESS_THAN) ? Buffer.from(escapeLessThan(payload.toString())) : payload);
  }
  parts.push(Buffer.from('}</script>'));
  return Buffer.concat(parts);
}

const LESS_THAN = 0x3c;
const escapeLessThan = (json: string) => json.replace(/</g, '\\u003c');

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPENERS = new Set([0x7b, 0x5b]); // { [
const CLOSERS = new Set([0x7d, 0x5d]); // } ]

/**
 * The bytes of the first element of the list `list` in an answer that starts `{"list":[{`, as
 * the catalogue's list answers do (cardListJson); undefined for any other shape or an empty list.
 * It follows the JSON's nesting outside strings, byte by byte: in UTF-8 no byte of a multi-byte
 * character is a quote, a backslash or a bracket, so only JSON's own punctuation counts.
 */
export function firstListElement(json: Buffer, list: string): Buffer | undefined {
  const prefix = `{${JSON.stringify(list)}:[{`;
  if (json.length <= prefix.length || json.toString('latin1', 0, prefix.length) !== prefix) return undefined;
  const start = prefix.length - 1;
  let depth = 0;
  let inString = false;
  for (let i = start; i < json.length; i++) {
    const byte = json[i] as number;
    if (inString) {
      if (byte === BACKSLASH) i++;
      else if (byte === QUOTE) inString = false;
    } else if (byte === QUOTE) inString = true;
    else if (OPENERS.has(byte)) depth++;
    else if (CLOSERS.has(byte) && --depth === 0) return json.subarray(start, i + 1);
  }
  return undefined;
}

const parseJson = (bytes: Buffer | undefined): unknown =>
  bytes === undefined ? undefined : JSON.parse(bytes.toString());

/** The web build's index.html, cut once where each page's head tags and data block go. */
interface PageShell {
  /** Up to the end of the head's last tag. */
  start: Buffer;
  /** From the closing head tag to the app's root element, inclusive. */
  middle: Buffer;
  /** What follows the root element. */
  end: Buffer;
}

function pageShell(template: string, webDist: string): PageShell {
  const headEnd = /\s*<\/head>/.exec(template);
  const rootAt = template.indexOf(ROOT_ELEMENT);
  if (!headEnd || rootAt < headEnd.index)
    throw new Error(`${webDist}/index.html has no </head> before ${ROOT_ELEMENT}`);
  const rootEnd = rootAt + ROOT_ELEMENT.length;
  return {
    start: Buffer.from(template.slice(0, headEnd.index)),
    middle: Buffer.from(`\n  </head>${template.slice(headEnd.index + headEnd[0].length, rootEnd)}`),
    end: Buffer.from(template.slice(rootEnd)),
  };
}

const DATA_BLOCK_INDENT = Buffer.from('\n    ');

/**
 * A page's HTML: the shell with the page's head tags, one a line, and its data block after the
 * root element. Put together as bytes: nothing the tags say is read as a pattern.
 */
function pageBytes(shell: PageShell, tags: readonly string[], dataBlock?: Buffer): Buffer {
  const head = Buffer.from(tags.map((tag) => `\n    ${tag}`).join(''));
  const body = dataBlock ? [shell.middle, DATA_BLOCK_INDENT, dataBlock, shell.end] : [shell.middle, shell.end];
  return Buffer.concat([shell.start, head, ...body]);
}

type LandingChunks = Partial<Record<LandingPage, string[]>>;

function readLandingChunks(webDist: string): LandingChunks {
  const file = path.join(webDist, LANDING_CHUNKS_FILE);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as LandingChunks) : {};
}

function modulePreloads(chunks: LandingChunks, page: LandingPage | undefined): string[] {
  if (!page) return [];
  return (chunks[page] ?? []).map((href) => `<link rel="modulepreload" crossorigin href="${attribute(href)}">`);
}

function imagePreload(main: ReturnType<NonNullable<ReturnType<typeof planPage>>['mainImage']>): string {
  if (!main) return '';
  const { image, sizes } = main;
  // Same srcset and sizes as the <img>, so the browser picks, and then reuses, the same file.
  return `<link rel="preload" as="image" href="${attribute(resolveImagePath(image.url))}" imagesrcset="${attribute(image.srcSet)}" imagesizes="${attribute(sizes)}" fetchpriority="high">`;
}
