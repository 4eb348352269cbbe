import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamSchema, successSchema } from '@vm/shared/common';
import { createUserBodySchema, userListQuerySchema, userListResponseSchema, userSchema } from '@vm/shared/user';
import { vehicleListSchema } from '@vm/shared/vehicle';
import { currentUser } from '../../plugins/auth.ts';
import { resetPerUserLimit } from '../auth/login-limits.ts';
import { createUser, deleteUser, sendPasswordResetLink, userListPage, watchlistOfUser } from './admin-user-service.ts';

/**
 * Admin user management under /api/users: list, create, delete, a user's watchlist, and a
 * password reset link sent to a user.
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

  // Staff send the forgotten-password email for someone (docs/decisions/122-people-rules.md):
  // 20 a minute per address, and 5 an hour per account whoever sends them.
  app.post(
    '/:id/password-reset',
    {
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      preHandler: resetPerUserLimit(app),
      schema: {
        tags: ['users'],
        security: [{ bearer: [] }],
        params: idParamSchema,
        response: { 202: z.object({ message: z.string() }) },
      },
    },
    async (request, reply) =>
      reply
        .code(202)
        .send(await sendPasswordResetLink(app.db, app.config.publicUrl, currentUser(request), request.params.id)),
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
