import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamSchema } from '@vm/shared/common';
import { MSG } from '@vm/shared/messages';
import { changePasswordBodySchema, changePasswordResponseSchema, deleteAccountBodySchema } from '@vm/shared/user';
import { vehicleListSchema } from '@vm/shared/vehicle';
import { forbidden } from '../../lib/http-errors.ts';
import { type AuthUser, currentUser } from '../../plugins/auth.ts';
import { type AccountOwner, changePassword, deleteOwnAccount, ownWatchlist } from './account-service.ts';

const messageSchema = z.object({ message: z.string() });
/** Password checks are slow on purpose; this also caps guessing through these routes. */
const passwordRateLimit = { rateLimit: { max: 10, timeWindow: '1 minute' } };

const ownerOf = (me: AuthUser): AccountOwner => ({
  id: me.id,
  isSuperAdmin: me.isSuperAdmin,
  passwordHash: me.row.password_hash,
});

/**
 * The signed-in user's own account: watchlist, password change and account deletion (under /users).
 * Registered in the signed-in subtree of routes.ts, whose hook has already authenticated the caller.
 */
export async function accountRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/watchlist',
    { schema: { tags: ['account'], security: [{ bearer: [] }], response: { 200: vehicleListSchema } } },
    async (request) => ({ vehicles: await ownWatchlist(app.db, currentUser(request).id) }),
  );

  app.put(
    '/:id/password',
    {
      config: passwordRateLimit,
      schema: {
        tags: ['account'],
        security: [{ bearer: [] }],
        params: idParamSchema,
        body: changePasswordBodySchema,
        response: { 200: changePasswordResponseSchema },
      },
    },
    async (request) => {
      const me = currentUser(request);
      // Nobody changes another account's password here, not even an admin.
      if (me.id !== request.params.id) throw forbidden(MSG.forbidden);
      const { message, refreshToken, tokenVersion } = await changePassword(app.db, ownerOf(me), request.body);
      return { message, token: app.signAccessToken({ id: me.id, role: me.role, tokenVersion }), refreshToken };
    },
  );

  app.delete(
    '/me',
    {
      config: passwordRateLimit,
      schema: {
        tags: ['account'],
        security: [{ bearer: [] }],
        body: deleteAccountBodySchema,
        response: { 200: messageSchema },
      },
    },
    async (request) => {
      await deleteOwnAccount(app.db, app.dialect, ownerOf(currentUser(request)), request.body.password);
      return { message: 'Your account has been deleted' };
    },
  );
}
