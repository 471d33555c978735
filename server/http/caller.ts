import type { FastifyRequest } from 'fastify';
import type { AuditActor } from '../audit-log/audit.service';
import { principalOf } from './access';

/** The caller of a request as the services take it: who (for checks and the audit log) and from where. */
/** `jti`: the caller's session, so a service can end it. */
export type Caller = { userId: number; actor: AuditActor; ip: string; jti: string };

/** The caller of a request, as an audit actor, and the address it came from (also for public routes). */
export function auditContextOf(request: FastifyRequest): { actor: AuditActor; ip: string } {
  const principal = request.principal;
  return {
    actor: principal ? { userId: principal.userId, username: principal.username } : null,
    ip: request.ip,
  };
}

/** The signed-in caller of a route that is not public. */
export function callerOf(request: FastifyRequest): Caller {
  const { actor, ip } = auditContextOf(request);
  const principal = principalOf(request);
  return { userId: principal.userId, actor, ip, jti: principal.jti };
}
