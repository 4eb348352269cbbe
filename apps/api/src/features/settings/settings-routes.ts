import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SETTINGS_CACHE_MS } from '@vm/shared/constants';
import { publicSettingsSchema, type PublicSettings, settingsSchema, toPublicSettings } from '@vm/shared/settings';
import { readSettings, writeSettings } from './settings-repository.ts';

/** Public settings are read on every storefront page: cached for 5 minutes, dropped on save. */
export function createPublicSettingsCache(app: FastifyInstance) {
  let cached: { value: PublicSettings; at: number } | null = null;
  return {
    async get(): Promise<PublicSettings> {
      if (cached && Date.now() - cached.at < SETTINGS_CACHE_MS) return cached.value;
      const value = toPublicSettings(await readSettings(app.db));
      cached = { value, at: Date.now() };
      return value;
    },
    invalidate() {
      cached = null;
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    publicSettings: ReturnType<typeof createPublicSettingsCache>;
  }
}

export async function settingsRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/public',
    { schema: { tags: ['settings'], response: { 200: publicSettingsSchema } } },
    async (_request, reply) => {
      // Revalidated on every read (the in-memory cache above keeps that cheap): an HTTP max-age
      // would let a browser keep showing the old company name for a while after an admin saves.
      reply.header('Cache-Control', 'no-cache');
      return app.publicSettings.get();
    },
  );

  app.get(
    '/',
    {
      preHandler: app.requireAdmin,
      schema: { tags: ['settings'], security: [{ bearer: [] }], response: { 200: settingsSchema } },
    },
    async () => readSettings(app.db),
  );

  app.put(
    '/',
    {
      preHandler: app.requireAdmin,
      schema: {
        tags: ['settings'],
        security: [{ bearer: [] }],
        body: settingsSchema,
        response: { 200: settingsSchema },
      },
    },
    async (request) => {
      await writeSettings(app.db, request.body);
      app.publicSettings.invalidate();
      return readSettings(app.db);
    },
  );
}
