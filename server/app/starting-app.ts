import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { healthRoutes } from '../health/health.routes';
import type { ReadinessState } from '../http/readiness';
import { API_PREFIX } from '../http/access';
import { errorBody } from '../http/envelope';
import { frameworkErrorAnswer, registerNotFound } from '../http/error-handler';
import { registerSecurityHeaders, securityHeaders } from '../http/security';
import { registerSpa } from '../http/spa';

export const STARTING = 'STARTING';

/**
 * What answers while the database opens and migrates: the app shell (so the sign-in page shows at once), /healthz,
 * /readyz with what is still pending, and 503 with Retry-After for the API. It imports nothing of the database.
 */
export async function buildStartingApp(deps: {
  distDir: string;
  readiness: ReadinessState;
  secureTransport: boolean;
  logger: FastifyServerOptions['logger'];
  serverFactory: FastifyServerOptions['serverFactory'];
}): Promise<FastifyInstance> {
  const setSecurityHeaders = securityHeaders(deps.secureTransport);
  const app = Fastify({
    logger: deps.logger,
    serverFactory: deps.serverFactory,
    frameworkErrors: frameworkErrorAnswer(setSecurityHeaders),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerSecurityHeaders(app, setSecurityHeaders);
  await app.register(healthRoutes, { readiness: deps.readiness });
  app.all(`${API_PREFIX}/*`, (_request, reply) =>
    reply
      .code(503)
      .header('retry-after', '2')
      .send(errorBody(503, 'Storico is starting, retry in a few seconds', STARTING)),
  );
  registerNotFound(app, await registerSpa(app, deps.distDir));
  return app;
}
