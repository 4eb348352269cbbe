import type { FastifyInstance } from 'fastify';

export async function buyerOfferRoutes(_app: FastifyInstance) {}
