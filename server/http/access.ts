import { ErrorCode } from '../../contract/error-codes';
import { ROLE_HEADER, USERNAME_HEADER } from '../../contract/role-names';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RefusalAudit } from '../audit-log/refusal-audit';
import { bearerToken } from './bearer-token';
import { forbidden, unauthorized } from './http-error';
import { redactUrl } from './log-redaction';

/** Who may call a route: anyone, any signed-in user, or the listed roles only. */
export type Access = 'public' | 'signed-in' | readonly string[];

export type Principal = { userId: number; username: string; role: string; jti: string };

/** Turns a bearer token into the caller, or null when the token or its session is not valid (any more). */
export interface SessionVerifier {
  verify(token: string, request: FastifyRequest): Promise<Principal | null>;
}

/** `rateLimited`: the route counts its calls against a per-address limit (and may answer 429). */
export type RouteRule = { method: string; url: string; access: Access; rateLimited: boolean };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    principal: Principal | null;
  }
  interface FastifyInstance {
    routeRules: RouteRule[];
  }
}

export const API_PREFIX = '/api/v3';

/** The signed-in caller; only for handlers of routes that are not public. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw unauthorized();
  return request.principal;
}

/**
 * Deny by default: every /api/v3 route must declare its access, or the app refuses to start.
 * The declared rules are kept in `app.routeRules` so tests can walk the whole table.
 */
export function registerAccessControl(
  app: FastifyInstance,
  sessions: SessionVerifier,
  refusals?: RefusalAudit,
): void {
  app.decorate('routeRules', [] as RouteRule[]);
  app.decorateRequest('principal', null);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(API_PREFIX) || route.method === 'HEAD') return;
    const access = route.config?.access;
    if (access === undefined)
      throw new Error(`Route ${String(route.method)} ${route.url} declares no access rule`);
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const rateLimited = Boolean(route.config?.rateLimit);
    for (const method of methods) app.routeRules.push({ method, url: route.url, access, rateLimited });
  });

  // onRequest: a caller without the right is refused before the body is parsed or validated.
  app.addHook('onRequest', async (request, reply) => {
    const access = request.routeOptions.config.access;
    if (access === undefined || access === 'public') return;
    const token = bearerToken(request.headers.authorization);
    const principal = token ? await sessions.verify(token, request) : null;
    if (!principal) {
      if (!token) throw unauthorized('Authentication required');
      await refusals?.record(
        {
          action: 'auth.refused-token',
          actor: null,
          ip: request.ip,
          details: { method: request.method, url: redactUrl(request.url) },
        },
        (error) => request.log.warn({ err: error }, 'refusal not audited'),
      );
      throw unauthorized('Session expired or revoked', ErrorCode.SESSION_EXPIRED);
    }
    request.principal = principal;
    // The role and name as the server knows them now: the client follows them when they changed since the token
    // was issued.
    void reply.header(ROLE_HEADER, principal.role);
    void reply.header(USERNAME_HEADER, encodeURIComponent(principal.username));
    // The error handler audits this 403, as every other one answered to a signed-in caller.
    if (access !== 'signed-in' && !access.includes(principal.role))
      throw forbidden('Your role does not allow this');
  });
}
