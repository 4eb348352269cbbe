import type { FastifyInstance } from 'fastify';

export async function adminVehicleRoutes(_app: FastifyInstance) {}
