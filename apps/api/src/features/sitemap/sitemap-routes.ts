import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  pagesSitemapXml,
  robotsTxt,
  type SitemapOptions,
  sitemapXml,
  vehiclesSitemapXml,
  type XmlChunks,
} from './sitemap-service.ts';

/*
 * GET /sitemap.xml, /sitemaps/<file>.xml and /robots.txt, at the root of the site (not under
 * /api), with or without a web build (docs/decisions/119-page-heads-and-sitemap.md).
 */

export interface SitemapRoutesOptions {
  /** URLs a sitemap file may hold; tests lower it to reach the index without 50,000 vehicles. */
  urlLimit?: number;
}

/** Crawlers come back for these now and then; a sitemap is read fresh, so it is not sent more often. */
const CACHE_CONTROL = 'public, max-age=3600';
/** A sitemap reads every public vehicle: far above what a crawler asks for, far below a flood. */
const RATE_LIMIT = { rateLimit: { max: 60, timeWindow: '1 minute' } };
const VEHICLE_FILE = /^vehicles-([1-9]\d{0,8})\.xml$/;

export async function sitemapRoutes(app: FastifyInstance, options: SitemapRoutesOptions) {
  const sitemapOptions = (): SitemapOptions => ({ origin: app.config.publicUrl, urlLimit: options.urlLimit });
  const sendXml = (reply: FastifyReply, chunks: XmlChunks) =>
    reply
      .type('application/xml; charset=utf-8')
      .header('Cache-Control', CACHE_CONTROL)
      .send(Readable.from(chunks, { objectMode: false }));

  app.get('/sitemap.xml', { schema: { hide: true }, config: RATE_LIMIT }, async (_request, reply) =>
    sendXml(reply, await sitemapXml(app.db, sitemapOptions())),
  );

  app.get<{ Params: { file: string } }>(
    '/sitemaps/:file',
    { schema: { hide: true }, config: RATE_LIMIT },
    async (request, reply) => {
      const { file } = request.params;
      if (file === 'pages.xml') return sendXml(reply, pagesSitemapXml(sitemapOptions()));
      const n = VEHICLE_FILE.exec(file)?.[1];
      const chunks = n === undefined ? undefined : await vehiclesSitemapXml(app.db, Number(n), sitemapOptions());
      if (!chunks) return reply.callNotFound();
      return sendXml(reply, chunks);
    },
  );

  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('Cache-Control', CACHE_CONTROL)
      .send(robotsTxt(app.config.publicUrl)),
  );
}
