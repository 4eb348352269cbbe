import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamSchema } from '@vm/shared/common';
import {
  sentEmailDetailSchema,
  sentEmailListQuerySchema,
  sentEmailListResponseSchema,
  sentEmailSchema,
} from '@vm/shared/email';
import { currentUser } from '../../plugins/auth.ts';
import {
  requireSuperAdmin,
  retrySentEmail,
  sentEmailDetail,
  sentEmailFile,
  sentEmailPage,
} from './sent-email-service.ts';

/**
 * The "Sent emails" screen's API under /api/admin/emails (docs/decisions/114-email-outbox.md).
 * Registered in the admin subtree of routes.ts, whose onRequest hook has already refused anyone
 * without an admin role. The screen is a SuperAdmin's: this plugin's preHandler applies that rule
 * (sent-email-service.ts) to each of its routes, after the input is validated, as every
 * SuperAdmin-only rule is (docs/product-rules.md#authorization), so an Admin gets a 403.
 */
export async function sentEmailRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  app.addHook('preHandler', async (request) => requireSuperAdmin(currentUser(request)));
  const common = { tags: ['email'], security: [{ bearer: [] }] };

  app.get(
    '/',
    { schema: { ...common, querystring: sentEmailListQuerySchema, response: { 200: sentEmailListResponseSchema } } },
    async (request) => sentEmailPage(app.db, request.query),
  );

  app.get(
    '/:id',
    { schema: { ...common, params: idParamSchema, response: { 200: sentEmailDetailSchema } } },
    async (request) => sentEmailDetail(app.db, app.config.mailDir, request.params.id),
  );

  app.get('/:id/eml', { schema: { ...common, params: idParamSchema } }, async (request, reply) => {
    const { fileName, bytes } = await sentEmailFile(app.db, app.config.mailDir, request.params.id);
    return reply
      .type('message/rfc822')
      .header('Content-Disposition', `attachment; filename="${fileName}"`)
      .header('Cache-Control', 'no-store')
      .send(bytes);
  });

  app.post(
    '/:id/retry',
    { schema: { ...common, params: idParamSchema, response: { 200: z.object({ email: sentEmailSchema }) } } },
    async (request) => ({ email: await retrySentEmail(app.db, request.params.id) }),
  );
}
