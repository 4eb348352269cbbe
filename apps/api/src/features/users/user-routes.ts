import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { isSuperAdminRole } from '@vm/shared/constants';
import { idParamSchema } from '@vm/shared/common';
import { MSG } from '@vm/shared/messages';
import { updateUserBodySchema, userSchema } from '@vm/shared/user';
import { z } from 'zod';
import { conflict, forbidden, notFound } from '../../lib/http-errors.ts';
import { nowIso } from '../../lib/time.ts';
import { currentUser } from '../../plugins/auth.ts';
import { isUniqueViolation } from '../../plugins/errors.ts';
import { toUser } from './user-mapper.ts';
import { countActiveSuperAdmins, findUserByEmail, findUserById } from './user-repository.ts';

/**
 * GET/PUT /users/:id: an admin reads and edits anyone (SuperAdmin accounts only by a SuperAdmin);
 * any other user only their own profile, and only its profile fields.
 */
export async function userRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/:id',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['users'],
        security: [{ bearer: [] }],
        params: idParamSchema,
        response: { 200: z.object({ user: userSchema }) },
      },
    },
    async (request) => {
      const me = currentUser(request);
      if (!me.isAdmin && me.id !== request.params.id) throw forbidden(MSG.forbidden);
      const row = await findUserById(app.db, request.params.id);
      if (!row) throw notFound('User not found');
      return { user: toUser(row) };
    },
  );

  app.put(
    '/:id',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['users'],
        security: [{ bearer: [] }],
        params: idParamSchema,
        body: updateUserBodySchema,
        response: { 200: z.object({ user: userSchema, message: z.string() }) },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const { id } = request.params;
      const body = request.body;
      if (!me.isAdmin && me.id !== id) throw forbidden(MSG.forbidden);
      const target = await findUserById(app.db, id);
      if (!target) throw notFound('User not found');

      const changes: Record<string, string | number> = {
        first_name: body.firstName,
        last_name: body.lastName,
        updated_at: nowIso(),
      };
      if (body.phone !== undefined) changes.phone = body.phone;
      if (body.address !== undefined) changes.address = body.address;
      if (body.city !== undefined) changes.city = body.city;
      if (body.state !== undefined) changes.state = body.state;
      if (body.zipCode !== undefined) changes.zip_code = body.zipCode;
      if (body.notificationPrefs !== undefined) changes.notification_prefs = JSON.stringify(body.notificationPrefs);

      // Email, role and status are admin fields: a buyer's attempt to send them is ignored.
      if (me.isAdmin) {
        const touchesSuperAdmin = isSuperAdminRole(target.role) || isSuperAdminRole(body.role);
        if (touchesSuperAdmin && !me.isSuperAdmin) throw forbidden(MSG.superAdminOnly);
        const losesSuperAdmin =
          isSuperAdminRole(target.role) &&
          target.is_active === 1 &&
          ((body.role !== undefined && !isSuperAdminRole(body.role)) || body.isActive === false);
        if (losesSuperAdmin && (await countActiveSuperAdmins(app.db, target.id)) === 0)
          throw conflict(MSG.lastSuperAdmin);
        if (body.email !== undefined && body.email.toLowerCase() !== target.email) {
          if (await findUserByEmail(app.db, body.email)) throw conflict(MSG.emailTaken);
          changes.email = body.email.toLowerCase();
        }
        if (body.role !== undefined) changes.role = body.role;
        if (body.isActive !== undefined) changes.is_active = body.isActive ? 1 : 0;
      }
      try {
        await app.db.transaction().execute(async (trx) => {
          await trx.updateTable('users').set(changes).where('id', '=', id).execute();
          // A deactivated account's sessions end at once.
          if (changes.is_active === 0) {
            await trx
              .updateTable('refresh_tokens')
              .set({ revoked_at: nowIso() })
              .where('user_id', '=', id)
              .where('revoked_at', 'is', null)
              .execute();
          }
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw conflict(MSG.emailTaken);
        throw err;
      }
      const updated = await findUserById(app.db, id);
      if (!updated) throw notFound('User not found');
      return { user: toUser(updated), message: 'Profile updated successfully!' };
    },
  );
}
