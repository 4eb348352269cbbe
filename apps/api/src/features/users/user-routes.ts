import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamSchema } from '@vm/shared/common';
import { MSG } from '@vm/shared/messages';
import { updateUserBodySchema, userSchema } from '@vm/shared/user';
import { z } from 'zod';
import { forbidden } from '../../lib/http-errors.ts';
import { type AuthUser, currentUser } from '../../plugins/auth.ts';
import { readUser, updateProfile } from './user-service.ts';

/** An admin reads and edits anyone; any other user only their own profile. */
function requireSelfOrAdmin(me: AuthUser, id: string): void {
  if (!me.isAdmin && me.id !== id) throw forbidden(MSG.forbidden);
}

/**
 * GET/PUT /users/:id: an admin reads and edits anyone (SuperAdmin accounts only by a SuperAdmin);
 * any other user only their own profile, and only its profile fields.
 * Registered in the signed-in subtree of routes.ts, whose hook has already authenticated the caller.
 */
export async function userRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/:id',
    {
      schema: {
        tags: ['users'],
        security: [{ bearer: [] }],
        params: idParamSchema,
        response: { 200: z.object({ user: userSchema }) },
      },
    },
    async (request) => {
      requireSelfOrAdmin(currentUser(request), request.params.id);
      return { user: await readUser(app.db, request.params.id) };
    },
  );

  app.put(
    '/:id',
    {
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
      requireSelfOrAdmin(me, request.params.id);
      return updateProfile(app.db, app.dialect, me, request.params.id, request.body);
    },
  );
}
