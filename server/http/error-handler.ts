import { ErrorCode } from '../../contract/error-codes';
import path from 'node:path';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { errorBody } from './envelope';
import { HttpError } from './http-error';

const CONTEXT_NAMES: Record<string, string> = {
  body: 'body',
  querystring: 'query',
  params: 'path',
  headers: 'header',
};

/** `body.password`, `query.page`: the refused field, named the way a caller wrote it. */
function fieldOf(instancePath: string, context: string | undefined): string {
  const where = CONTEXT_NAMES[context ?? ''] ?? context ?? 'request';
  const field = instancePath.replace(/^\//, '').replaceAll('/', '.');
  return field ? `${where}.${field}` : where;
}

/** The one place that writes error bodies: every failure leaves as the contract's error envelope. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      if (error.statusCode >= 500) request.log.error({ err: error }, error.message);
      if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
      return reply
        .code(error.statusCode)
        .send(errorBody(error.statusCode, error.message, error.code, error.field));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0]!;
      const field = fieldOf(first.instancePath, error.validationContext);
      return reply
        .code(400)
        .send(errorBody(400, `Invalid ${field}: ${first.message}`, ErrorCode.BAD_REQUEST, field));
    }
    const status = error.statusCode ?? 500;
    if (status < 500) {
      // Fastify's own client errors: malformed JSON, body too large, unsupported media type, rate limit.
      return reply.code(status).send(errorBody(status, error.message, error.code ?? status));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send(errorBody(500, 'Internal server error', ErrorCode.INTERNAL));
  });
}

const NOT_SPA = /^\/(api|healthz|readyz)(\/|$|\?)/;

/** A client route (a GET for HTML that is not the API nor a file) gets the app shell; anything else a 404 envelope. */
function isClientRoute(request: FastifyRequest): boolean {
  const pathname = request.url.split('?')[0] ?? '';
  return (
    (request.method === 'GET' || request.method === 'HEAD') &&
    (request.headers.accept ?? '').includes('text/html') &&
    !NOT_SPA.test(pathname) &&
    path.extname(pathname) === ''
  );
}

export function registerNotFound(app: FastifyInstance, serveSpa: boolean): void {
  app.setNotFoundHandler((request, reply) => {
    if (serveSpa && isClientRoute(request))
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    return reply
      .code(404)
      .send(
        errorBody(404, `No route for ${request.method} ${request.url.split('?')[0]}`, ErrorCode.NOT_FOUND),
      );
  });
}
