import { sql } from 'kysely';
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { searchRoutes } from '../search/search.routes';
import { auditRoutes } from '../audit/audit.routes';
import { RefusalAudit } from '../audit-log/refusal-audit';
import { authRoutes } from '../auth/auth.routes';
import type { SessionService } from '../identity/sessions';
import type { Config } from '../config/config';
import type { CrmConnector } from '../crm/crm-connector';
import type { Db } from '../db/database';
import { healthRoutes } from '../health/health.routes';
import type { ReadinessState } from '../http/readiness';
import { API_PREFIX, registerAccessControl } from '../http/access';
import { frameworkErrorAnswer, registerErrorHandler, registerNotFound } from '../http/error-handler';
import { acceptEmptyJsonBodies } from '../http/json-body';
import { redactedLogger } from '../http/log-redaction';
import { registerOpenApi } from '../http/openapi';
import { registerOverloadGuard } from '../http/overload';
import { registerRateLimit } from '../http/rate-limit';
import { sharedRateLimitStore } from '../http/rate-limit-store';
import { registerSecurityHeaders, securityHeaders } from '../http/security';
import { registerSpa } from '../http/spa';
import type { Mailer } from '../mail/mailer';
import { Metrics } from '../metrics/metrics';
import { registerMetrics } from '../metrics/metrics.routes';
import { restoreRoutes } from '../restores/restores.routes';
import { buildServices, type Services } from './services';
import { revisionRoutes } from '../revisions/revisions.routes';
import { userRoutes } from '../users/users.routes';
import { alertRoutes } from '../watch/alerts.routes';
import { rollbackRoutes } from '../rollbacks/rollbacks.routes';

export type AppDeps = {
  config: Config;
  db: Db;
  readiness: ReadinessState;
  sessions: SessionService;
  /** Sends enrolment e-mails; by default the SMTP_URL mailer (none without SMTP_URL). */
  mailer?: Mailer | null;
  /** The clock of sessions, one-time codes and locks; tests move it. Defaults to the system clock. */
  now?: () => Date;
  /** The built PWA to serve; absent in API-only tests. */
  distDir?: string;
  logger?: FastifyServerOptions['logger'];
  /** The CRM that restores write to; absent in tests that do not restore. */
  crm?: CrmConnector;
  /** Where the server's metrics are counted; one is made when METRICS_TOKEN is set and none is given. */
  metrics?: Metrics;
  /** The socket to answer on, shared with the app that served while the server started (main.ts). */
  serverFactory?: FastifyServerOptions['serverFactory'];
};

/** Builds the whole HTTP app without listening: main.ts starts it, tests call it through inject or a port. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  return (await buildAppAndServices(deps)).app;
}

/** The app and the services it was built with, which the server's background work shares (main.ts). */
export async function buildAppAndServices(
  deps: AppDeps,
): Promise<{ app: FastifyInstance; services: Services }> {
  const setSecurityHeaders = securityHeaders(deps.config.secureTransport);
  const app = Fastify({
    logger: redactedLogger(deps.logger ?? { level: deps.config.logLevel }),
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    // Fastify accepts a hop count at run time, though its type lists only boolean, string and function.
    trustProxy: deps.config.trustProxy as FastifyServerOptions['trustProxy'],
    bodyLimit: 1024 * 1024,
    // What Fastify refuses before routing (a malformed URL) reaches no hook nor the error handler.
    frameworkErrors: frameworkErrorAnswer(setSecurityHeaders),
    ...(deps.serverFactory ? { serverFactory: deps.serverFactory } : {}),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  if (deps.config.metricsToken) registerMetrics(app, deps.metrics ?? new Metrics(), deps.config.metricsToken);
  const services = buildServices({ ...deps, logger: app.log });
  // One throttle for every refusal written to the audit log: the access rules' and the error handler's 403s.
  const refusals = new RefusalAudit(services.identity.audit, deps.now);
  registerErrorHandler(app, refusals);
  registerOverloadGuard(app, deps.config.apiMaxInFlight);
  acceptEmptyJsonBodies(app);
  // Before access control: its onRequest hook refuses with 401/403, and those answers need the headers too.
  registerSecurityHeaders(app, setSecurityHeaders);
  registerAccessControl(app, deps.sessions, refusals);
  await registerOpenApi(app, { serve: deps.config.apiDocs });
  // On PostgreSQL every instance counts the same hits; PGlite serves one process.
  await registerRateLimit(app, deps.config.databaseUrl ? sharedRateLimitStore(deps.db) : undefined);
  await app.register(healthRoutes, {
    readiness: deps.readiness,
    ...(deps.config.metricsToken ? { operatorToken: deps.config.metricsToken } : {}),
    ...(deps.config.databaseUrl ? { probeDatabase: () => sql`select 1`.execute(deps.db) } : {}),
  });
  const { identity } = services;
  const { productCode } = deps.config;
  await app.register(authRoutes, { prefix: API_PREFIX, identity, auth: services.auth });
  await app.register(userRoutes, {
    prefix: API_PREFIX,
    identity,
    users: services.users,
    enrolment: services.enrolment,
  });
  await app.register(searchRoutes, { prefix: API_PREFIX, search: services.search });
  await app.register(revisionRoutes, {
    prefix: API_PREFIX,
    revisions: services.revisions,
    related: services.related,
  });
  await app.register(restoreRoutes, { prefix: API_PREFIX, restores: services.restores, productCode });
  await app.register(alertRoutes, { prefix: API_PREFIX, alerts: services.alerts, productCode });
  await app.register(auditRoutes, { prefix: API_PREFIX, db: deps.db, productCode });
  await app.register(rollbackRoutes, { prefix: API_PREFIX, rollbacks: services.rollbacks, productCode });
  const serveSpa = deps.distDir ? await registerSpa(app, deps.distDir) : false;
  registerNotFound(app, serveSpa);
  return { app, services };
}
