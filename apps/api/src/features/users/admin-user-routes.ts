import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamSchema, successSchema } from '@vm/shared/common';
import { isSuperAdminRole } from '@vm/shared/constants';
import { MSG } from '@vm/shared/messages';
import { totalPages } from '@vm/shared/pagination';
import { createUserBodySchema, userListQuerySchema, userListResponseSchema, userSchema } from '@vm/shared/user';
import { vehicleListSchema } from '@vm/shared/vehicle';
import { conflict, forbidden, notFound } from '../../lib/http-errors.ts';
import { currentUser } from '../../plugins/auth.ts';
import { isUniqueViolation } from '../../plugins/errors.ts';
import { recordActivity } from '../activity/activity-repository.ts';
import { hashPassword } from '../auth/passwords.ts';
import { toSummaries } from '../vehicles/vehicle-repository.ts';
import { listWatchedVehicles } from '../watch/watch-repository.ts';
import { deleteUserCascade, listUsers } from './admin-user-repository.ts';
import { toUser } from './user-mapper.ts';
import { countActiveSuperAdmins, findUserByEmail, findUserById, insertUser } from './user-repository.ts';

/** Admin user management under /api/users: list, create, delete, and a user's watchlist. */
export async function adminUserRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  // Every route of this plugin is admin-only; the hook stays inside this plugin's scope.
  app.addHook('preHandler', app.requireAdmin);

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
    async (request) => {
      const q = request.query;
      const status = q.status?.toLowerCase();
      const { rows, total } = await listUsers(app.db, {
        search: q.search,
        role: q.role && q.role.toLowerCase() !== 'all' ? q.role : undefined,
        isActive: status === 'active' ? true : status === 'inactive' ? false : undefined,
        sortBy: q.sortBy,
        sortOrder: q.sortOrder,
        page: q.page,
        limit: q.limit,
      });
      return { users: rows.map(toUser), totalUsers: total, totalPages: totalPages(total, q.limit), page: q.page };
    },
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
    async (request, reply) => {
      const me = currentUser(request);
      const body = request.body;
      if (isSuperAdminRole(body.role) && !me.isSuperAdmin) throw forbidden(MSG.superAdminOnly);
      if (await findUserByEmail(app.db, body.email)) throw conflict(MSG.emailTaken);
      const passwordHash = await hashPassword(body.password);
      try {
        const row = await app.db.transaction().execute(async (trx) => {
          const created = await insertUser(trx, { ...body, passwordHash });
          await recordActivity(
            trx,
            'user_registration',
            created.id,
            `${created.first_name} ${created.last_name} was added by an admin`,
          );
          return created;
        });
        return reply.code(201).send({ user: toUser(row) });
      } catch (err) {
        // Two admins creating the same email at once: the unique index decides.
        if (isUniqueViolation(err)) throw conflict(MSG.emailTaken);
        throw err;
      }
    },
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
      const me = currentUser(request);
      const { id } = request.params;
      if (id === me.id) throw conflict(MSG.cannotDeleteSelf);
      const target = await findUserById(app.db, id);
      if (!target) throw notFound('User not found');
      if (isSuperAdminRole(target.role)) {
        if (!me.isSuperAdmin) throw forbidden(MSG.superAdminOnly);
        if (target.is_active === 1 && (await countActiveSuperAdmins(app.db, target.id)) === 0)
          throw conflict(MSG.lastSuperAdmin);
      }
      const deleted = await app.db.transaction().execute((trx) => deleteUserCascade(trx, id));
      if (!deleted) throw notFound('User not found');
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
    async (request) => {
      const target = await findUserById(app.db, request.params.id);
      if (!target) throw notFound('User not found');
      const rows = await listWatchedVehicles(app.db, target.id, { includeArchived: true });
      return { vehicles: await toSummaries(app.db, rows) };
    },
  );
}
