import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ACTIVITY_TYPES, type ActivityType, SUPER_ADMIN_ONLY_ACTIVITIES } from '@vm/shared/constants';
import { activityQuerySchema, activityResponseSchema } from '@vm/shared/dashboard';
import { listActivity } from '../activity/activity-repository.ts';
import { currentUser } from '../../plugins/auth.ts';

const isActivityType = (type: string): type is ActivityType => (ACTIVITY_TYPES as readonly string[]).includes(type);

/** /api/admin: the dashboard's Recent Activity. Everything here requires an admin. */
export async function dashboardRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', app.requireAdmin);

  app.get(
    '/activity',
    {
      schema: {
        tags: ['dashboard'],
        security: [{ bearer: [] }],
        querystring: activityQuerySchema,
        response: { 200: activityResponseSchema },
      },
    },
    async (request) => {
      const { isSuperAdmin } = currentUser(request);
      // Registrations and sales are for super admins only (ROLE-16, decisions.md).
      const rows = await listActivity(app.db, {
        limit: request.query.limit,
        excludeTypes: isSuperAdmin ? [] : SUPER_ADMIN_ONLY_ACTIVITIES,
      });
      const activities = rows.flatMap((row) =>
        isActivityType(row.type)
          ? [{ id: row.id, type: row.type, message: row.summary, createdAt: row.created_at }]
          : [],
      );
      return { activities, isSuperAdmin };
    },
  );
}
