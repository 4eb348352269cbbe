import type { FastifyInstance } from 'fastify';

export async function trackingRoutes(_app: FastifyInstance) {}
