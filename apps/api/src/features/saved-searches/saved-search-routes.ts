import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamSchema, successSchema } from '@vm/shared/common';
import {
  SAVED_SEARCH_MESSAGES,
  savedSearchBodySchema,
  savedSearchListSchema,
  savedSearchPatchSchema,
  savedSearchSchema,
} from '@vm/shared/saved-search';
import { currentUser } from '../../plugins/auth.ts';
import { changeSavedSearch, createSavedSearch, listSavedSearches, removeSavedSearch } from './saved-search-service.ts';

/**
 * /saved-searches: the signed-in user's saved searches with alerts (docs/product-rules.md#saved-searches).
 * Registered in the signed-in subtree of routes.ts; each call reaches only the caller's own
 * searches, so another user's id is a 404 like an unknown one.
 */
export async function savedSearchRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const tags = ['saved searches'];
  const security = [{ bearer: [] }];

  app.get(
    '/',
    { schema: { tags, security, summary: 'My saved searches', response: { 200: savedSearchListSchema } } },
    async (request) => listSavedSearches(app.db, currentUser(request).id),
  );

  app.post(
    '/',
    {
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags,
        security,
        summary: 'Save a search with alerts',
        body: savedSearchBodySchema,
        response: { 201: savedSearchSchema },
      },
    },
    async (request, reply) => {
      const saved = await createSavedSearch(app.db, app.dialect, currentUser(request).id, request.body);
      return reply.code(201).send(saved);
    },
  );

  app.patch(
    '/:id',
    {
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        tags,
        security,
        summary: 'Rename a saved search, or change its filters or frequency',
        params: idParamSchema,
        body: savedSearchPatchSchema,
        response: { 200: savedSearchSchema },
      },
    },
    async (request) => changeSavedSearch(app.db, currentUser(request).id, request.params.id, request.body),
  );

  app.delete(
    '/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Delete a saved search',
        params: idParamSchema,
        response: { 200: successSchema },
      },
    },
    async (request) => {
      await removeSavedSearch(app.db, currentUser(request).id, request.params.id);
      return { success: true as const, message: SAVED_SEARCH_MESSAGES.deleted };
    },
  );
}
