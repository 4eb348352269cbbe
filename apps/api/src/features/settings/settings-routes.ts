import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { publicSettingsSchema, settingsSchema, storedSettingsSchema } from '@vm/shared/settings';
import { alreadyHeld, entityTag, notModified } from '../../lib/http-caching.ts';
import { allSettings, type PublicSettingsCache, saveSettings, settingsTag } from './settings-service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    publicSettings: PublicSettingsCache;
  }
}

/** GET /api/settings/public: what the storefront shows; no sign-in. */
export async function settingsRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/public',
    { schema: { tags: ['settings'], response: { 200: publicSettingsSchema } } },
    async (request, reply) => {
      // Revalidated on every read by its ETag (docs/decisions/143-one-plain-read-path.md).
      const settings = await app.publicSettings.get();
      if (alreadyHeld(request, reply, entityTag('s', settingsTag(settings)))) return notModified(reply);
      return settings;
    },
  );
}

/**
 * GET/PUT /api/settings: every setting, read and saved by an admin. Registered in the admin
 * subtree of routes.ts, whose hook has already checked the role.
 */
export async function adminSettingsRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/',
    { schema: { tags: ['settings'], security: [{ bearer: [] }], response: { 200: storedSettingsSchema } } },
    async () => allSettings(app.db),
  );

  app.put(
    '/',
    {
      schema: {
        tags: ['settings'],
        security: [{ bearer: [] }],
        body: settingsSchema,
        response: { 200: storedSettingsSchema },
      },
    },
    async (request) => saveSettings(app.db, app.storage, app.publicSettings, request.body),
  );
}
