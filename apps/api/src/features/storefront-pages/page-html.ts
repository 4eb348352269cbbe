import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { idParamSchema } from '@vm/shared/common';
import { resolveImagePath } from '@vm/shared/image-path';
import { dollarsToCents } from '@vm/shared/money';
import { type LandingPage, type PageAnswers, planPage } from '@vm/shared/page-plan';
import { type PublicSettings, publicSettingsSchema } from '@vm/shared/settings';
import { type ApiGet, apiGetUrl, BOOT_DATA_ELEMENT_ID, toQueryString } from '@vm/shared/storefront-requests';
import {
  checkedVehicleSearchQuerySchema,
  similarQuerySchema,
  taggedQuerySchema,
  type Vehicle,
} from '@vm/shared/vehicle';
import { isVinChecked } from '@vm/shared/vin';
import { entityTag } from '../../lib/http-caching.ts';
import { settingsTag } from '../settings/settings-service.ts';
import { getVehicle } from '../vehicles/vehicle-repository.ts';
import { readVehicleStamp, type VehicleStamp, vehicleValidator } from '../vehicles/vehicle-stamp.ts';
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

/** A page: its status and HTML, a 304 for a client that holds it, or a former address's redirect. */
export type PageHtml = { status: 200 | 404; html: Buffer } | { status: 304 } | PageMoved;

/** A permanent redirect: `location` is a path of this site, with the query asked for. */
export interface PageMoved {
  status: 301;
  location: string;
}

/**
 * The page asked for in `request`, made for its visitor: the page's searches spend the visitor's
 * search limit (decision 142). `held` marks the page with its ETag and tells whether the client
 * already holds that page (lib/http-caching.ts alreadyHeld): then nothing is made.
 */
export type PageRenderer = (
  app: FastifyInstance,
  request: FastifyRequest,
  held: (tag: string) => boolean,
) => Promise<PageHtml>;

export interface PageRendererOptions {
  /**
   * Whether a VIN passes its check: only a checked VIN is published in a vehicle's JSON-LD. The
   * check digit of packages/shared/src/vin.ts (decision 118) unless a test says otherwise.
   */
  vinChecked?: (vin: string) => boolean;
}

/** Reads the web build once; the returned function renders one page URL. */
export function pageRenderer(webDist: string, options: PageRendererOptions = {}): PageRenderer {
  const template = readFileSync(path.join(webDist, 'index.html'), 'utf8');
  // Each page writes its own title, description and share tags.
  const shell = pageShell(withoutGenericHead(template), webDist);
  // A new build is a new page: its scripts and styles have other names.
  const build = createHash('sha256').update(template).digest('base64url').slice(0, 12);
  const vinChecked = options.vinChecked ?? isVinChecked;
  const chunks = readLandingChunks(webDist);
  return async (app, request, held) => {
    const parsed = new URL(request.url, 'http://localhost');
    const plan = planPage(parsed.pathname, parsed.searchParams);
    const settings = await app.publicSettings.get();
    const head = (vehicle?: Vehicle) => [
      ...pageHeadHtml(
        pageHead({ pathname: parsed.pathname, settings, origin: app.config.publicUrl, vehicle, vinChecked }),
        app.config.publicUrl,
      ),
      ...modulePreloads(chunks, plan?.page),
    ];
    // What the page is validated by (docs/decisions/143-one-plain-read-path.md): the build and the
    // settings; a vehicle page's vehicle stamp; the catalogue version of a page listing vehicles.
    const tag = (data: string | number) => entityTag('p', build, settingsTag(settings), data);
    if (!plan?.calls.some((call) => call.kind !== 'settings')) {
      if (held(tag('-'))) return { status: 304 };
      const data = plan && bootDataBlock(await answerAll(app, request, plan.calls, settings));
      return { status: 200, html: pageBytes(shell, head(), data) };
    }
    let stamp: VehicleStamp | undefined;
    if (plan.vehicleKey !== undefined) {
      stamp = await readVehicleStamp(app.db, plan.vehicleKey);
      if (!stamp || stamp.status === 'Archived') {
        // No vehicle has this id or slug now: a link from before the vehicle's title changed?
        const slug = await app.catalogue.slugNow(plan.vehicleKey);
        if (slug !== undefined)
          return { status: 301, location: `/vehicles/${encodeURIComponent(slug)}${parsed.search}` };
      } else if (held(tag(vehicleValidator(stamp)))) return { status: 304 };
    } else if (held(tag(await app.catalogue.version()))) return { status: 304 };
    const answers = await answerAll(app, request, plan.calls, settings);
    const more = plan.followUps(pageAnswers(answers));
    for (const [url, answer] of await answerAll(app, request, more, settings)) answers.set(url, answer);
    const read = pageAnswers(answers);
    const tags = [...head(plan.vehicle(read)), imagePreload(plan.mainImage(read))].filter((t) => t !== '');
    // A vehicle that does not exist: the page says so, and crawlers get a real 404.
    const missing = plan.vehicleKey !== undefined && (!stamp || stamp.status === 'Archived');
    return { status: missing ? 404 : 200, html: pageBytes(shell, tags, bootDataBlock(answers)) };
  };
}

const pageAnswers = (answers: ReadonlyMap<string, unknown>): PageAnswers => ({ get: (url) => answers.get(url) });

/** The answers to a page's calls by URL, in call order; a call refused or failed is left out (the page makes it itself). */
async function answerAll(
  app: FastifyInstance,
  request: FastifyRequest,
  calls: readonly ApiGet[],
  settings: PublicSettings,
): Promise<Map<string, unknown>> {
  const answered = await Promise.all(
    calls.map((call) =>
      answerCall(app, request, call, settings).catch((err: unknown) => {
        app.log.error({ err }, 'a page call failed');
        return undefined;
      }),
    ),
  );
  const answers = new Map<string, unknown>();
  calls.forEach((call, i) => {
    if (answered[i] !== undefined) answers.set(apiGetUrl(call), answered[i]);
  });
  return answers;
}

/**
 * The answer to one of a page's calls: the service function its route calls, with the query
 * checked by the route's own schema (docs/decisions/143-one-plain-read-path.md). Undefined when
 * the route would not answer 200.
 */
async function answerCall(
  app: FastifyInstance,
  request: FastifyRequest,
  call: ApiGet,
  settings: PublicSettings,
): Promise<unknown> {
  const query = Object.fromEntries(new URLSearchParams(toQueryString(call.query)));
  const { catalogue } = app;
  switch (call.kind) {
    case 'settings':
      return publicSettingsSchema.parse(settings);
    case 'makes':
      return catalogue.makes();
    case 'search': {
      const q = checkedVehicleSearchQuerySchema.safeParse(query);
      if (!q.success || q.data.random) return undefined;
      // The visitor's search limit counts it as the route would (decision 142); past it the page
      // is made without its search, which the page then asks for and is refused.
      if (app.searchLimit && !(await app.searchLimit.allows(request))) return undefined;
      return catalogue.search(q.data);
    }
    case 'tagged': {
      const q = taggedQuerySchema.safeParse(query);
      return q.success ? catalogue.tagged(q.data.tag, q.data.limit) : undefined;
    }
    case 'similar': {
      const q = similarQuerySchema.safeParse(query);
      if (!q.success) return undefined;
      const { make, model, year, price, exclude, limit } = q.data;
      const priceCents = price === undefined ? undefined : dollarsToCents(price);
      return catalogue.similar({ make, model, year, priceCents, exclude, limit });
    }
    case 'vehicle': {
      const id = idParamSchema.safeParse({ id: decodeURIComponent(call.path.slice('/vehicles/'.length)) });
      const vehicle = id.success ? await getVehicle(app.db, id.data.id) : undefined;
      return vehicle && vehicle.status !== 'Archived' ? vehicle : undefined;
    }
    default:
      return undefined;
  }
}

/**
 * The answers keyed by URL as one JSON data block (read by apps/web/src/lib/boot-data.ts), safe
 * inside <script>: JSON has `<` only in strings, where \u003c means the same.
 */
export function bootDataBlock(answers: ReadonlyMap<string, unknown>): Buffer {
  const json = JSON.stringify(Object.fromEntries(answers)).replace(/</g, '\\u003c');
  return Buffer.from(`<script type="application/json" id="${BOOT_DATA_ELEMENT_ID}">${json}</script>`);
}

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
