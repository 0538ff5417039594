import type { FastifyRequest } from 'fastify';
import type { ClientInfo } from '../modules/auth/service.ts';

export const clientInfo = (request: FastifyRequest): ClientInfo => ({
  ip: request.ip,
  userAgent: String(request.headers['user-agent'] ?? '').slice(0, 500),
});
