import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { agentRoutes } from './agents/agents.routes';
import { authRoutes } from './auth/auth.routes';
import { identityDeps } from './auth/identity-deps';
import type { SessionService } from './auth/sessions';
import type { Config } from './config';
import type { CrmConnector } from './crm/crm-connector';
import type { Db } from './db/database';
import { healthRoutes } from './health/health.routes';
import type { ReadinessState } from './health/readiness';
import { API_PREFIX, registerAccessControl } from './http/access';
import { registerErrorHandler, registerNotFound } from './http/error-handler';
import { acceptEmptyJsonBodies } from './http/json-body';
import { registerOpenApi } from './http/openapi';
import { registerRateLimit } from './http/rate-limit';
import { registerSecurityHeaders } from './http/security';
import { registerSpa } from './http/spa';
import type { Mailer } from './mail/mailer';
import { restoreRoutes } from './restores/restores.routes';
import { revisionRoutes } from './revisions/revisions.routes';
import { userRoutes } from './users/users.routes';

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
  /** The socket to answer on, shared with the app that served while the server started (main.ts). */
  serverFactory?: FastifyServerOptions['serverFactory'];
};

/** Builds the whole HTTP app without listening: main.ts starts it, tests call it through inject or a port. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: deps.logger ?? { level: deps.config.logLevel },
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    // Fastify accepts a hop count at run time, though its type lists only boolean, string and function.
    trustProxy: deps.config.trustProxy as FastifyServerOptions['trustProxy'],
    bodyLimit: 1024 * 1024,
    ...(deps.serverFactory ? { serverFactory: deps.serverFactory } : {}),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  registerErrorHandler(app);
  acceptEmptyJsonBodies(app);
  registerAccessControl(app, deps.sessions);
  await registerSecurityHeaders(app, deps.config.secureTransport);
  await registerOpenApi(app);
  await registerRateLimit(app);
  await app.register(healthRoutes, { readiness: deps.readiness });
  const identity = identityDeps(deps);
  await app.register(authRoutes, { prefix: API_PREFIX, identity });
  await app.register(userRoutes, { prefix: API_PREFIX, identity });
  await app.register(agentRoutes, { prefix: API_PREFIX, db: deps.db });
  await app.register(revisionRoutes, { prefix: API_PREFIX, db: deps.db });
  await app.register(restoreRoutes, {
    prefix: API_PREFIX,
    identity,
    crm: deps.crm,
    productCode: deps.config.productCode,
    outcomeWaitMs: deps.config.restoreOutcomeWaitMs,
  });

  const serveSpa = deps.distDir ? await registerSpa(app, deps.distDir) : false;
  registerNotFound(app, serveSpa);
  return app;
}
