import type { FastifyRequest } from 'fastify';
import { unauthorized } from '../http-error.ts';

/** Who made a change, as the audit log records it. */
export interface Actor {
  actorUserId: number;
  ip: string;
  userAgent: string;
}

export function actorOf(request: FastifyRequest): Actor {
  if (!request.user) throw unauthorized();
  return {
    actorUserId: request.user.id,
    ip: request.ip,
    userAgent: String(request.headers['user-agent'] ?? ''),
  };
}
