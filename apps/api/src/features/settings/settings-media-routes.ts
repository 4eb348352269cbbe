import type { FastifyInstance } from 'fastify';

export async function settingsMediaRoutes(_app: FastifyInstance) {}
