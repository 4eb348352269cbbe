import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import { MSG } from '@vm/shared/messages';
import { accountRoutes } from './features/account/account-routes.ts';
import { authRoutes } from './features/auth/auth-routes.ts';
import { contactRoutes } from './features/contact/contact-routes.ts';
import { dashboardRoutes } from './features/dashboard/dashboard-routes.ts';
import { adminOfferRoutes } from './features/offers/admin-offer-routes.ts';
import { buyerOfferRoutes } from './features/offers/buyer-offer-routes.ts';
import { createPublicSettingsCache, settingsRoutes } from './features/settings/settings-routes.ts';
import { settingsMediaRoutes } from './features/settings/settings-media-routes.ts';
import { trackingRoutes } from './features/tracking/tracking-routes.ts';
import { adminUserRoutes } from './features/users/admin-user-routes.ts';
import { userRoutes } from './features/users/user-routes.ts';
import { adminVehicleRoutes } from './features/vehicles/admin-vehicle-routes.ts';
import { publicVehicleRoutes } from './features/vehicles/public-vehicle-routes.ts';
import { watchRoutes } from './features/watch/watch-routes.ts';

/** Every API route, by feature, under /api. */
export async function registerRoutes(app: FastifyInstance) {
  app.decorate('publicSettings', createPublicSettingsCache(app));

  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        response: {
          200: z.object({ status: z.literal('ok') }),
          503: z.object({ status: z.string(), message: z.string() }),
        },
      },
    },
    async (_request, reply) => {
      try {
        await sql`select 1`.execute(app.db);
        return { status: 'ok' as const };
      } catch {
        return reply.code(503).send({ status: 'unavailable', message: MSG.databaseUnavailable });
      }
    },
  );
  // Fixed JSON with no database call: the ceiling the search benchmark compares against (issue #3).
  app.get(
    '/ping',
    { schema: { tags: ['health'], response: { 200: z.object({ ok: z.literal(true) }) } } },
    async () => ({ ok: true as const }),
  );
  await app.register(authRoutes, { prefix: '/auth' });
  await app.register(settingsRoutes, { prefix: '/settings' });
  await app.register(settingsMediaRoutes, { prefix: '/settings/media' });
  await app.register(publicVehicleRoutes, { prefix: '/vehicles' });
  await app.register(adminVehicleRoutes, { prefix: '/vehicles' });
  await app.register(watchRoutes, { prefix: '/vehicles' });
  await app.register(buyerOfferRoutes, { prefix: '/vehicles' });
  await app.register(trackingRoutes, { prefix: '/tracking' });
  await app.register(contactRoutes, { prefix: '/contact' });
  await app.register(userRoutes, { prefix: '/users' });
  await app.register(adminUserRoutes, { prefix: '/users' });
  await app.register(accountRoutes, { prefix: '/users' });
  await app.register(adminOfferRoutes, { prefix: '/admin/offers' });
  await app.register(dashboardRoutes, { prefix: '/admin' });
}
