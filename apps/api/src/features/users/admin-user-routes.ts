import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamSchema, successSchema } from '@vm/shared/common';
import { createUserBodySchema, userListQuerySchema, userListResponseSchema, userSchema } from '@vm/shared/user';
import { vehicleListSchema } from '@vm/shared/vehicle';
import { currentUser } from '../../plugins/auth.ts';
import { createUser, deleteUser, userListPage, watchlistOfUser } from './admin-user-service.ts';

/**
 * Admin user management under /api/users: list, create, delete, and a user's watchlist.
 * Registered in the admin subtree of routes.ts, whose hook has already checked the role.
 */
export async function adminUserRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/',
    {
      schema: {
        tags: ['users'],
        security: [{ bearer: [] }],
        querystring: userListQuerySchema,
        response: { 200: userListResponseSchema },
      },
    },
    async (request) => userListPage(app.db, request.query),
  );

  app.post(
    '/',
    {
      schema: {
        tags: ['users'],
        security: [{ bearer: [] }],
        body: createUserBodySchema,
        response: { 201: z.object({ user: userSchema }) },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ user: await createUser(app.db, currentUser(request), request.body) }),
  );

  app.delete(
    '/:id',
    {
      schema: {
        tags: ['users'],
        security: [{ bearer: [] }],
        params: idParamSchema,
        response: { 200: successSchema },
      },
    },
    async (request) => {
      await deleteUser(app.db, app.dialect, currentUser(request), request.params.id);
      return { success: true as const, message: 'User deleted successfully' };
    },
  );

  app.get(
    '/:id/watchlist',
    {
      schema: {
        tags: ['users'],
        security: [{ bearer: [] }],
        params: idParamSchema,
        response: { 200: vehicleListSchema },
      },
    },
    async (request) => ({ vehicles: await watchlistOfUser(app.db, request.params.id) }),
  );
}
