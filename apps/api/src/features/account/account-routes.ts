import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamSchema } from '@vm/shared/common';
import { MSG } from '@vm/shared/messages';
import { changePasswordBodySchema, changePasswordResponseSchema, deleteAccountBodySchema } from '@vm/shared/user';
import { vehicleListSchema } from '@vm/shared/vehicle';
import { badRequest, conflict, forbidden } from '../../lib/http-errors.ts';
import { currentUser } from '../../plugins/auth.ts';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import { issueRefreshToken, revokeUserTokens } from '../auth/refresh-tokens.ts';
import { withdrawOpenOffers } from '../offers/offer-repository.ts';
import { countActiveSuperAdmins } from '../users/user-repository.ts';
import { toSummaries } from '../vehicles/vehicle-repository.ts';
import { listWatchedVehicles, removeAllWatches } from '../watch/watch-repository.ts';
import { eraseUser, updatePasswordHash } from './account-repository.ts';

const messageSchema = z.object({ message: z.string() });
/** Password checks are slow on purpose; this also caps guessing through these routes. */
const passwordRateLimit = { rateLimit: { max: 10, timeWindow: '1 minute' } };

/** The signed-in user's own account: watchlist, password change and account deletion (under /users). */
export async function accountRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/watchlist',
    {
      preHandler: app.authenticate,
      schema: { tags: ['account'], security: [{ bearer: [] }], response: { 200: vehicleListSchema } },
    },
    async (request) => {
      const me = currentUser(request);
      return { vehicles: await toSummaries(app.db, await listWatchedVehicles(app.db, me.id)) };
    },
  );

  app.put(
    '/:id/password',
    {
      preHandler: app.authenticate,
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
      if (me.id !== request.params.id) throw forbidden(MSG.forbidden);
      const { currentPassword, newPassword } = request.body;
      if (!(await verifyPassword(me.row.password_hash, currentPassword)))
        throw badRequest(MSG.currentPasswordIncorrect, 'currentPassword');
      const passwordHash = await hashPassword(newPassword);
      // Every session ends, this one included; the caller continues on a fresh token pair.
      const refreshToken = await app.db.transaction().execute(async (trx) => {
        await updatePasswordHash(trx, me.id, passwordHash);
        await revokeUserTokens(trx, me.id);
        return issueRefreshToken(trx, me.id);
      });
      return {
        message: 'Password updated successfully!',
        token: app.signAccessToken({ id: me.id, role: me.role }),
        refreshToken,
      };
    },
  );

  app.delete(
    '/me',
    {
      preHandler: app.authenticate,
      config: passwordRateLimit,
      schema: {
        tags: ['account'],
        security: [{ bearer: [] }],
        body: deleteAccountBodySchema,
        response: { 200: messageSchema },
      },
    },
    async (request) => {
      const me = currentUser(request);
      if (!(await verifyPassword(me.row.password_hash, request.body.password)))
        throw badRequest(MSG.passwordIncorrect, 'password');
      const unusableHash = await hashPassword(randomBytes(32).toString('base64url'));
      await app.db.transaction().execute(async (trx) => {
        if (me.isSuperAdmin && (await countActiveSuperAdmins(trx, me.id)) === 0) throw conflict(MSG.lastSuperAdmin);
        await removeAllWatches(trx, me.id);
        await withdrawOpenOffers(trx, me.id);
        await eraseUser(trx, me.id, unusableHash);
        await revokeUserTokens(trx, me.id);
      });
      return { message: 'Your account has been deleted' };
    },
  );
}
