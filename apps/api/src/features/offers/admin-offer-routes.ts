import type { FastifyInstance } from 'fastify';

export async function adminOfferRoutes(_app: FastifyInstance) {}
