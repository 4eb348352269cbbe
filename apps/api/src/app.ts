import { existsSync } from 'node:fs';
import path from 'node:path';
import compress from '@fastify/compress';
import cors from '@fastify/cors';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { MAX_IMAGE_BYTES, MAX_IMAGES_PER_REQUEST } from '@vm/shared/constants';
import { MSG } from '@vm/shared/messages';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import { registerRoutes } from './routes.ts';
import { Catalogue } from './features/catalogue/catalogue.ts';
import { authPlugin } from './plugins/auth.ts';
import { findUserById } from './features/auth/user-repository.ts';
import { databasePlugin } from './plugins/database.ts';
import type { CountedLimit } from './features/rate-limits/counted-limit.ts';
import { openRateLimitCounters, type RateLimitCounters } from './features/rate-limits/rate-limit-store.ts';
import { searchLimit } from './features/rate-limits/search-limit.ts';
import { DatabaseNotifications } from './db/notifications.ts';
import { ADDRESS_TOO_LONG, clientErrorHandler, errorsPlugin, frameworkErrorHandler } from './plugins/errors.ts';
import { COMPRESS_OPTIONS } from './plugins/compression.ts';
import { alreadyHeld, neverStoreErrors } from './lib/http-caching.ts';
import { securityHeadersPlugin } from './plugins/security-headers.ts';
import { requestId, requestIdPlugin } from './plugins/request-id.ts';
import { metricsPlugin } from './features/metrics/metrics-plugin.ts';
import type { FileStorage } from './features/images/local-storage.ts';
import { openMediaStorage } from './features/images/media-storage.ts';
import { setMediaPublicUrl } from './features/images/media-urls.ts';
import { serveMediaRoutes } from './features/images/serve-media.ts';
import { pageRenderer } from './features/storefront-pages/page-html.ts';
import { sitemapRoutes } from './features/sitemap/sitemap-routes.ts';
import { emailPlugin } from './features/email/email-plugin.ts';
import { auctionEventsPlugin } from './features/auctions/auction-events-plugin.ts';
import { auctionsPlugin } from './features/auctions/auctions-plugin.ts';
import { createPublicSettingsCache } from './features/settings/settings-service.ts';

export interface AppOptions {
  config: Config;
  database: Database;
  logger?: FastifyServerOptions['logger'];
  /** The server's clock (auctions read the time only from it); tests pass one they can move. */
  clock?: () => Date;
}

/** Builds the whole server as one Fastify instance; tests call inject() on it, server.ts listens. */
export async function buildApp({ config, database, logger, clock }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? { level: config.logLevel, redact: ['req.headers.authorization'] },
    bodyLimit: 1024 * 1024,
    // Off unless TRUST_PROXY names the proxies in front (docs/decisions/130-redis-and-proxies.md):
    // believing any X-Forwarded-For would let a client pick the address its limits count under.
    trustProxy: config.trustProxy,
    requestTimeout: 30_000,
    // Every log line of a request carries its id (Fastify's `reqId`), a safe incoming x-request-id
    // or a new UUID, sent back in x-request-id (plugins/request-id.ts, decision 127).
    // requestIdHeader stays off: Fastify would take the header as it comes, unchecked.
    genReqId: requestId,
    requestIdHeader: false,
    ajv: { customOptions: { removeAdditional: false } },
    // Errors answered before any route runs keep the one error format (plugins/errors.ts).
    frameworkErrors: frameworkErrorHandler,
    clientErrorHandler,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(requestIdPlugin);
  await app.register(errorsPlugin);
  await app.register(securityHeadersPlugin);
  // Every route's answer compressed as it is sent (brotli or gzip as the client asks, above 1 KB),
  // with the options of plugins/compression.ts; the web build's files go with the Content-Encoding
  // of their .br/.gz twins, which the plugin passes as they are (decision 107).
  await app.register(compress, COMPRESS_OPTIONS);
  // A failed answer is never kept by a shared cache, whatever its route had marked (decision 143).
  app.addHook('onSend', neverStoreErrors);
  if (config.corsOrigin) await app.register(cors, { origin: config.corsOrigin.split(','), credentials: false });
  // Added before the plugin so this onRoute hook runs ahead of the plugin's own, which reads the config.
  // Limits that are not a route's config (the per-email sign-in limit, features/auth/login-limits.ts)
  // read config.rateLimit themselves (docs/decisions/111-token-version-and-login-limits.md).
  if (!config.rateLimit)
    app.addHook('onRoute', (route) => {
      if (route.config && 'rateLimit' in route.config) route.config.rateLimit = false;
    });
  // Counted in Redis when REDIS_URL is set, else in the database on PostgreSQL, so every instance
  // counts against the same limits; in memory on SQLite, which has one instance
  // (docs/decisions/128-shared-state.md, docs/decisions/130-redis-and-proxies.md).
  const rateLimitCounters = openRateLimitCounters(config, database, app.log);
  app.decorate('rateLimitCounters', rateLimitCounters);
  app.addHook('onClose', () => rateLimitCounters.close());
  await app.register(rateLimit, {
    ...rateLimitCounters.pluginOptions,
    global: false,
    enableDraftSpec: false,
    errorResponseBuilder: (_req, ctx) => ({ statusCode: 429, message: MSG.rateLimited, retryAfter: ctx.after }),
  });
  await app.register(multipart, {
    limits: {
      fileSize: MAX_IMAGE_BYTES,
      files: MAX_IMAGES_PER_REQUEST + 1,
      fields: 20,
      parts: MAX_IMAGES_PER_REQUEST + 21,
    },
  });
  await app.register(databasePlugin, { database });
  // Before every route, so its onResponse hook times them all; nothing at all without METRICS_TOKEN.
  await app.register(metricsPlugin, { token: config.metricsToken, db: database.db });
  await app.register(authPlugin, { secret: config.jwtSecret, findUser: findUserById });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Vehicle marketplace API', version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  app.decorate('config', config);
  // Media on disk or in an S3-compatible bucket, and the base of their addresses in answers
  // (docs/decisions/126-object-storage.md).
  app.decorate('storage', openMediaStorage(config));
  setMediaPublicUrl(config.mediaPublicUrl);
  app.addHook('onClose', async () => setMediaPublicUrl(undefined));
  // PostgreSQL: the instance's one LISTEN connection, shared by everything that follows other
  // instances' writes (the settings copy, auction events; docs/decisions/128-shared-state.md).
  const notifications = database.listenClient ? new DatabaseNotifications(database.listenClient, app.log) : undefined;
  if (notifications) {
    notifications.start();
    app.addHook('onClose', () => notifications.stop());
  }
  app.decorate('publicSettings', createPublicSettingsCache(app.db, notifications));
  // One catalogue per app: the search routes and the page renderer answer from it and the
  // saved-search alerts match with it (docs/decisions/143-one-plain-read-path.md).
  app.decorate('catalogue', new Catalogue(app.db, app.dialect));
  // Spent by the search route and by the results pages made for a visitor alike (decision 142).
  app.decorate('searchLimit', searchLimit(app));
  await app.register(emailPlugin);
  app.decorate('now', clock ?? (() => new Date()));
  await app.register(auctionEventsPlugin, { database, notifications });
  await app.register(auctionsPlugin);
  await app.register(registerRoutes, { prefix: '/api' });

  // /sitemap.xml, /sitemaps/*.xml and /robots.txt: at the root, with or without a web build (decision 119).
  await app.register(sitemapRoutes, {});

  // /uploads/<key> from whichever storage holds media: the folder through @fastify/static, a bucket
  // streamed by serve-media.ts; both with a year's immutable caching.
  if (config.s3) await app.register(serveMediaRoutes);
  else
    await app.register(fastifyStatic, {
      root: config.uploadsDir,
      prefix: '/uploads/',
      decorateReply: false,
      immutable: true,
      maxAge: '365d',
    });
  const webDist = config.webDist ?? path.resolve(import.meta.dirname, '../../web/dist');
  const serveWeb = existsSync(path.join(webDist, 'index.html'));
  const renderPage = serveWeb ? pageRenderer(webDist) : undefined;
  if (serveWeb) {
    // preCompressed: the build writes .br and .gz next to each text asset (apps/web/vite.config.ts).
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      wildcard: false,
      index: false,
      preCompressed: true,
      // Answered by features/sitemap/ from the catalogue, even if a build ever ships such a file.
      globIgnore: ['robots.txt', 'sitemap.xml', 'sitemaps/**'],
    });
    // Hashed assets never change; pages (index.html with their data) are revalidated every time.
    app.addHook('onSend', async (request, reply) => {
      if (request.url.startsWith('/assets/')) reply.header('Cache-Control', 'public, max-age=31536000, immutable');
    });
  }
  if (renderPage) {
    // Page URLs get the web app's HTML with their first data (page-html.ts); API, uploads and
    // file-like paths go on to the 404 below. A route rather than the not-found handler:
    // @fastify/compress adds its hooks to routes only, so this is how pages are compressed
    // like every other answer (decision 107). HEAD is a method of the route itself rather than
    // Fastify's automatic HEAD twin, which @fastify/compress does not hook: it answers with the
    // GET's status and headers, encoding included, and no body (uptime monitors and crawlers
    // send HEAD; docs/decisions/112-framework-errors-and-start-up.md). Other methods stay 404s.
    app.route({
      method: ['GET', 'HEAD'],
      url: '/*',
      schema: { hide: true },
      exposeHeadRoute: false,
      handler: async (request, reply) => {
        const url = request.url.split('?')[0] ?? '';
        // With this wildcard route in place the router hands it a path whose parameter is over its
        // limit instead of raising its 414: answer that 414 here, as without a web build.
        const maxParam = app.initialConfig.maxParamLength ?? 100;
        if (url.startsWith('/api') && url.split('/').some((segment) => segment.length > maxParam))
          return reply.code(ADDRESS_TOO_LONG.status).send({ message: ADDRESS_TOO_LONG.message });
        if (url.startsWith('/api') || url.startsWith('/uploads/') || isMetricsPath(url) || path.extname(url) !== '')
          return reply.callNotFound();
        // A page carries its ETag and is answered 304 when the client holds it (page-html.ts).
        const page = await renderPage(app, request, (tag) => alreadyHeld(request, reply, tag));
        if (page.status === 304) return reply.code(304).send();
        // Revalidated like a page: a vehicle can take its former address back (decision 135).
        if (page.status === 301) return reply.header('Cache-Control', 'no-cache').redirect(page.location, 301);
        if (page.status === 404) reply.removeHeader('ETag').header('Cache-Control', 'no-cache');
        return reply.code(page.status).type('text/html; charset=utf-8').send(page.html);
      },
    });
  }
  // The address is not repeated in the answer (decision 112): an error says what went wrong, not what was asked.
  app.setNotFoundHandler(async (_request, reply) => reply.code(404).send({ message: 'Route not found' }));
  return app;
}

/** GET /metrics is the metrics plugin's, or a 404 when metrics are off: never a page (decision 127). */
const isMetricsPath = (url: string) => url === '/metrics' || url.startsWith('/metrics/');

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    storage: FileStorage;
    /** The storefront's catalogue (docs/decisions/143-one-plain-read-path.md). */
    catalogue: Catalogue;
    /** The server's clock: the one time auctions go by (AppOptions.clock). */
    now: () => Date;
    /** Where rate limits are counted, and how GET /api/ready checks it (features/rate-limits/rate-limit-store.ts). */
    rateLimitCounters: RateLimitCounters;
    /** The visitor's search limit, undefined with RATE_LIMIT=off (features/rate-limits/search-limit.ts). */
    searchLimit: CountedLimit | undefined;
  }
}
