import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { activityQuerySchema, activityResponseSchema } from '@vm/shared/dashboard';
import { currentUser } from '../../plugins/auth.ts';
import { recentActivity } from './dashboard-service.ts';

/**
 * /api/admin: the dashboard's Recent Activity. Registered in the admin subtree of routes.ts,
 * whose hook has already checked the role.
 */
export async function dashboardRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();

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
    async (request) =>
      recentActivity(app.db, { limit: request.query.limit, isSuperAdmin: currentUser(request).isSuperAdmin }),
  );
}
