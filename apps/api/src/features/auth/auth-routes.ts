import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  authResponseSchema,
  loginBodySchema,
  refreshBodySchema,
  refreshResponseSchema,
  registerBodySchema,
} from '@vm/shared/auth';
import { BUYER_ROLE } from '@vm/shared/constants';
import { MSG } from '@vm/shared/messages';
import { userSchema } from '@vm/shared/user';
import { currentUser } from '../../plugins/auth.ts';
import { isUniqueViolation } from '../../plugins/errors.ts';
import { conflict, forbidden, unauthorized } from '../../lib/http-errors.ts';
import { recordActivity } from '../activity/activity-repository.ts';
import { toUser } from '../users/user-mapper.ts';
import { findUserByEmail, findUserById, insertUser } from '../users/user-repository.ts';
import { dummyPasswordHash, hashPassword, verifyPassword } from './passwords.ts';
import { issueRefreshToken, revokeRefreshToken, rotateRefreshToken } from './refresh-tokens.ts';

const messageSchema = z.object({ message: z.string() });

export async function authRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const perIp = (max: number) => ({ rateLimit: { max, timeWindow: '1 minute' } });

  app.post(
    '/register',
    { config: perIp(20), schema: { tags: ['auth'], body: registerBodySchema, response: { 201: authResponseSchema } } },
    async (request, reply) => {
      const body = request.body;
      if (await findUserByEmail(app.db, body.email)) throw conflict(MSG.emailTaken);
      const passwordHash = await hashPassword(body.password);
      try {
        const row = await app.db.transaction().execute(async (trx) => {
          const created = await insertUser(trx, { ...body, passwordHash, role: BUYER_ROLE, isActive: true });
          await recordActivity(
            trx,
            'user_registration',
            created.id,
            `${created.first_name} ${created.last_name} registered`,
          );
          return created;
        });
        const refreshToken = await issueRefreshToken(app.db, row.id);
        return reply.code(201).send({ token: app.signAccessToken(row), refreshToken, user: toUser(row) });
      } catch (err) {
        if (isUniqueViolation(err)) throw conflict(MSG.emailTaken);
        throw err;
      }
    },
  );

  const loginPerEmail = app.rateLimit({
    max: 10,
    timeWindow: '15 minutes',
    keyGenerator: (req) => `login:${String((req.body as { email?: unknown } | undefined)?.email ?? '').toLowerCase()}`,
  });
  app.post(
    '/login',
    {
      config: perIp(30),
      preHandler: loginPerEmail,
      schema: { tags: ['auth'], body: loginBodySchema, response: { 200: authResponseSchema } },
    },
    async (request) => {
      const { email, password } = request.body;
      const row = await findUserByEmail(app.db, email);
      // Verify against a dummy hash for unknown emails so the answer time does not reveal them.
      const ok = await verifyPassword(row?.password_hash ?? (await dummyPasswordHash()), password);
      if (!row || !ok) throw unauthorized(MSG.invalidCredentials);
      if (row.is_active !== 1) throw forbidden(MSG.accountInactive);
      const refreshToken = await issueRefreshToken(app.db, row.id);
      return { token: app.signAccessToken(row), refreshToken, user: toUser(row) };
    },
  );

  app.post(
    '/refresh',
    {
      config: perIp(60),
      schema: { tags: ['auth'], body: refreshBodySchema, response: { 200: refreshResponseSchema } },
    },
    async (request) => {
      const result = await rotateRefreshToken(app.db, request.body.refreshToken);
      if (!result.ok) throw unauthorized(MSG.sessionExpired);
      const row = await findUserById(app.db, result.userId);
      if (row?.is_active !== 1) {
        await revokeRefreshToken(app.db, result.token);
        throw unauthorized(MSG.sessionExpired);
      }
      return { token: app.signAccessToken(row), refreshToken: result.token };
    },
  );

  app.post(
    '/logout',
    { schema: { tags: ['auth'], body: refreshBodySchema, response: { 200: messageSchema } } },
    async (request) => {
      await revokeRefreshToken(app.db, request.body.refreshToken);
      return { message: 'Logged out' };
    },
  );

  app.get(
    '/me',
    { preHandler: app.authenticate, schema: { tags: ['auth'], response: { 200: z.object({ user: userSchema }) } } },
    async (request) => ({ user: toUser(currentUser(request).row) }),
  );
}
