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
import { totalPages } from '@vm/shared/pagination';
import { notFound } from '../../lib/http-errors.ts';
import { recordActivity } from '../activity/activity-repository.ts';
import { toContact } from './contact-mapper.ts';
import {
  contactStats,
  deleteContact,
  findContact,
  insertContact,
  listContacts,
  updateContact,
} from './contact-repository.ts';

const CONTACT_NOT_FOUND = 'Contact not found';
/** Per client address: enough for a person, too few for a spam script. */
const SUBMIT_RATE_LIMIT = { max: 10, timeWindow: '1 minute' };

/** The public contact form and the admin inquiry management under /api/contact. */
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
      await app.db.transaction().execute(async (trx) => {
        const row = await insertContact(trx, request.body);
        await recordActivity(trx, 'contact_lead', row.id, `New inquiry from ${row.full_name}: ${row.subject}`);
      });
      return reply.code(201).send({ success: true as const, message: 'Contact form submitted successfully' });
    },
  );

  await app.register(adminContactRoutes, { prefix: '/admin' });
}

/** /api/contact/admin/*: every route needs an admin. */
async function adminContactRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  app.addHook('preHandler', app.requireAdmin);
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
    async (request) => {
      const q = request.query;
      const { rows, total } = await listContacts(app.db, q);
      const pages = totalPages(total, q.limit);
      return {
        contacts: rows.map(toContact),
        pagination: {
          currentPage: q.page,
          totalPages: pages,
          totalContacts: total,
          hasNextPage: q.page < pages,
          hasPrevPage: q.page > 1,
        },
      };
    },
  );

  app.get('/stats', { schema: { tags: ['contact'], security, response: { 200: contactStatsSchema } } }, async () =>
    contactStats(app.db),
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
    async (request) => {
      const { id } = request.params;
      if (!(await updateContact(app.db, id, request.body))) throw notFound(CONTACT_NOT_FOUND);
      const row = await findContact(app.db, id);
      if (!row) throw notFound(CONTACT_NOT_FOUND);
      return { contact: toContact(row) };
    },
  );

  app.delete(
    '/:id',
    {
      schema: { tags: ['contact'], security, params: idParamSchema, response: { 200: successSchema } },
    },
    async (request) => {
      if (!(await deleteContact(app.db, request.params.id))) throw notFound(CONTACT_NOT_FOUND);
      return { success: true as const };
    },
  );
}
