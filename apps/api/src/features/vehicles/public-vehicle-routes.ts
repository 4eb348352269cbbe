import type { FastifyInstance } from 'fastify';

export async function publicVehicleRoutes(_app: FastifyInstance) {}
