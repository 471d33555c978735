import Fastify, { LogController, type FastifyInstance } from 'fastify';
import type { SandboxOrg } from './org';
import { NOT_FOUND } from './records/record-errors';
import { sendErrors } from './routes/answers';
import { deletedRoutes } from './routes/deleted';
import { describeRoutes } from './routes/describe';
import { externalIdRoutes } from './routes/external-id';
import { gateHooks } from './routes/gate';
import { limitRoutes } from './routes/limits';
import { oauthTokenRoutes } from './routes/oauth-token';
import { queryRoutes } from './routes/query';
import { soapUndeleteRoutes } from './routes/soap-undelete';
import { sobjectRowRoutes } from './routes/sobject-rows';
import { versionRoutes } from './routes/versions';

/** The org's HTTP face: the body parsers Salesforce takes, its error bodies, and every resource it serves. */
export function buildSandboxApp(org: SandboxOrg): FastifyInstance {
  const logger = org.options.logger;
  // Headers up to 64 KiB reach the routes, which answer a URI over Salesforce's own limit as it does (query.ts).
  const common = { bodyLimit: 1024 * 1024, http: { maxHeaderSize: 65_536 } };
  const app = logger
    ? Fastify({
        ...common,
        loggerInstance: logger,
        logController: new LogController({ disableRequestLogging: true }),
      })
    : Fastify({ ...common, logger: false });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
  app.addContentTypeParser(
    ['text/xml', 'application/soap+xml'],
    { parseAs: 'string' },
    (_req, body, done) => {
      done(null, String(body));
    },
  );
  app.setErrorHandler((error: { statusCode?: number; message: string }, _request, reply) => {
    const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 500;
    const errorCode = status === 400 ? 'JSON_PARSER_ERROR' : 'UNKNOWN_EXCEPTION';
    return sendErrors(reply, status, [{ errorCode, message: error.message }]);
  });
  app.setNotFoundHandler((_request, reply) => sendErrors(reply, 404, [NOT_FOUND]));

  gateHooks(app, org);
  versionRoutes(app);
  oauthTokenRoutes(app, org);
  queryRoutes(app, org);
  limitRoutes(app, org);
  describeRoutes(app, org);
  deletedRoutes(app, org);
  sobjectRowRoutes(app, org);
  externalIdRoutes(app, org);
  soapUndeleteRoutes(app, org);
  return app;
}
