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
import {
  forgotPasswordBodySchema,
  PASSWORD_RESET_MESSAGES,
  passwordResetAnswerSchema,
  resetPasswordBodySchema,
} from '@vm/shared/password-reset';
import { userSchema } from '@vm/shared/user';
import { currentUser } from '../../plugins/auth.ts';
import { logIn, logOut, refreshSession, registerBuyer } from './auth-service.ts';
import { loginPerEmailLimit, resetPerEmailLimit } from './login-limits.ts';
import { requestPasswordReset, resetPassword } from './password-reset-service.ts';
import { toUser } from './user-mapper.ts';

const messageSchema = z.object({ message: z.string() });

/** Registration, login, token refresh, logout and password reset under /api/auth: no sign-in needed. */
export async function authRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const perIp = (max: number) => ({ rateLimit: { max, timeWindow: '1 minute' } });

  app.post(
    '/register',
    { config: perIp(20), schema: { tags: ['auth'], body: registerBodySchema, response: { 201: authResponseSchema } } },
    async (request, reply) => {
      const { user, refreshToken, tokenVersion } = await registerBuyer(app.db, request.body);
      return reply
        .code(201)
        .send({ token: app.signAccessToken({ id: user.id, role: user.role, tokenVersion }), refreshToken, user });
    },
  );

  // Two limits (docs/decisions/003-auth-tokens.md): 30 a minute per address in the route config
  // (onRequest), and 10 per 15 minutes per email once the body is read (login-limits.ts).
  app.post(
    '/login',
    {
      config: perIp(30),
      preHandler: loginPerEmailLimit(app),
      schema: { tags: ['auth'], body: loginBodySchema, response: { 200: authResponseSchema } },
    },
    async (request) => {
      const { user, refreshToken, tokenVersion } = await logIn(app.db, request.body.email, request.body.password);
      return { token: app.signAccessToken({ id: user.id, role: user.role, tokenVersion }), refreshToken, user };
    },
  );

  app.post(
    '/refresh',
    {
      config: perIp(60),
      schema: { tags: ['auth'], body: refreshBodySchema, response: { 200: refreshResponseSchema } },
    },
    async (request) => {
      const { account, refreshToken } = await refreshSession(app.db, request.body.refreshToken);
      return { token: app.signAccessToken(account), refreshToken };
    },
  );

  // Password reset (docs/decisions/116-password-reset.md): 20 requests an hour per address in the
  // route config, and 5 an hour per email once the body is read (login-limits.ts). The answer is
  // the same whether or not the email has an account.
  app.post(
    '/forgot-password',
    {
      config: { rateLimit: { max: 20, timeWindow: '1 hour' } },
      preHandler: resetPerEmailLimit(app),
      schema: { tags: ['auth'], body: forgotPasswordBodySchema, response: { 202: passwordResetAnswerSchema } },
    },
    async (request, reply) => {
      await requestPasswordReset(app.db, app.config.publicUrl, request.body.email);
      return reply.code(202).send({ message: PASSWORD_RESET_MESSAGES.linkSent });
    },
  );

  app.post(
    '/reset-password',
    {
      config: perIp(20),
      schema: { tags: ['auth'], body: resetPasswordBodySchema, response: { 200: passwordResetAnswerSchema } },
    },
    async (request) => {
      await resetPassword(app.db, request.body);
      return { message: PASSWORD_RESET_MESSAGES.done };
    },
  );

  app.post(
    '/logout',
    { schema: { tags: ['auth'], body: refreshBodySchema, response: { 200: messageSchema } } },
    async (request) => {
      await logOut(app.db, request.body.refreshToken);
      return { message: 'Logged out' };
    },
  );
}

/**
 * GET /api/auth/me: the signed-in user, as the session read it. Registered in the signed-in
 * subtree of routes.ts, whose hook has already authenticated the caller.
 */
export async function currentUserRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/me',
    { schema: { tags: ['auth'], response: { 200: z.object({ user: userSchema }) } } },
    async (request) => ({ user: toUser(currentUser(request).row) }),
  );
}
