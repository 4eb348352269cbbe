import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamSchema, successSchema } from '@vm/shared/common';
import {
  contactListQuerySchema,
  contactListResponseSchema,
  contactSchema,
  contactStatsSchema,
  contactSubmitSchema,
  contactUpdateSchema,
} from '@vm/shared/contact';
import { deleteInquiry, inquiry, inquiryPage, inquiryStats, submitInquiry, updateInquiry } from './contact-service.ts';

/** Per client address: enough for a person, too few for a spam script. */
const SUBMIT_RATE_LIMIT = { max: 10, timeWindow: '1 minute' };

/** The public contact form under /api/contact. */
export async function contactRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/submit',
    {
      config: { rateLimit: SUBMIT_RATE_LIMIT },
      schema: {
        tags: ['contact'],
        body: contactSubmitSchema,
        response: { 201: successSchema },
      },
    },
    async (request, reply) => {
      await submitInquiry(app.db, request.body, { publicUrl: app.config.publicUrl });
      return reply.code(201).send({ success: true as const, message: 'Contact form submitted successfully' });
    },
  );
}

/**
 * Inquiry management under /api/contact/admin. Registered in the admin subtree of routes.ts,
 * whose hook has already checked the role.
 */
export async function adminContactRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const security = [{ bearer: [] }];

  app.get(
    '/all',
    {
      schema: {
        tags: ['contact'],
        security,
        querystring: contactListQuerySchema,
        response: { 200: contactListResponseSchema },
      },
    },
    async (request) => inquiryPage(app.db, request.query),
  );

  app.get('/stats', { schema: { tags: ['contact'], security, response: { 200: contactStatsSchema } } }, async () =>
    inquiryStats(app.db),
  );

  app.get(
    '/:id',
    {
      schema: {
        tags: ['contact'],
        security,
        params: idParamSchema,
        response: { 200: z.object({ contact: contactSchema }) },
      },
    },
    async (request) => ({ contact: await inquiry(app.db, request.params.id) }),
  );

  app.put(
    '/:id',
    {
      schema: {
        tags: ['contact'],
        security,
        params: idParamSchema,
        body: contactUpdateSchema,
        response: { 200: z.object({ contact: contactSchema }) },
      },
    },
    async (request) => ({ contact: await updateInquiry(app.db, request.params.id, request.body) }),
  );

  app.delete(
    '/:id',
    {
      schema: { tags: ['contact'], security, params: idParamSchema, response: { 200: successSchema } },
    },
    async (request) => {
      await deleteInquiry(app.db, request.params.id);
      return { success: true as const };
    },
  );
}
