import type { FastifyInstance } from 'fastify';

export async function watchRoutes(_app: FastifyInstance) {}
