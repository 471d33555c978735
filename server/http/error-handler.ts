import { ErrorCode } from '../../contract/error-codes';
import path from 'node:path';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { RefusalAudit } from '../audit-log/refusal-audit';
import { isDatabaseUnreachable } from '../db/unreachable';
import { errorBody } from './envelope';
import { HttpError } from './http-error';
import { redactUrl } from './log-redaction';
import type { SetSecurityHeaders } from './security';

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

/** An error answer: its status, the contract's code, the English message, the refused field, when to retry. */
type Answer = {
  status: number;
  code: number | string;
  message: string;
  field?: string;
  retryAfterSeconds?: number;
};

const refusal = (status: number, field: string, message: string): Answer => ({
  status,
  code: ErrorCode.BAD_REQUEST,
  field,
  message,
});

/**
 * Fastify's own refusals of a request's URL or body, in the contract's words: a client never sees an `FST_ERR_`
 * code, and learns which part of its request was refused. 413 and 415 keep their statuses, which say what to change.
 */
const FRAMEWORK_REFUSALS: Partial<Record<string, Answer>> = {
  FST_ERR_BAD_URL: refusal(400, 'path', 'Invalid path: malformed percent-encoding'),
  FST_ERR_MAX_PARAM_LENGTH: refusal(400, 'path', 'Invalid path: a parameter is too long'),
  FST_ERR_CTP_INVALID_JSON_BODY: refusal(
    400,
    'body',
    'Invalid body: not JSON, or with a __proto__ or constructor key',
  ),
  FST_ERR_CTP_EMPTY_JSON_BODY: refusal(400, 'body', 'Invalid body: empty'),
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: refusal(
    400,
    'body',
    'Invalid body: its size differs from Content-Length',
  ),
  FST_ERR_CTP_BODY_TOO_LARGE: refusal(413, 'body', 'Invalid body: too large'),
  FST_ERR_CTP_INVALID_MEDIA_TYPE: refusal(
    415,
    'header.content-type',
    'Unsupported media type: send application/json',
  ),
};

/** The contract's code of a refusal that has none of its own, by its status. */
function codeOfStatus(status: number): ErrorCode {
  if (status === 401) return ErrorCode.UNAUTHORIZED;
  if (status === 403) return ErrorCode.FORBIDDEN;
  if (status === 404) return ErrorCode.NOT_FOUND;
  if (status === 409) return ErrorCode.CONFLICT;
  if (status === 429) return ErrorCode.RATE_LIMITED;
  return ErrorCode.BAD_REQUEST;
}

const INTERNAL: Answer = { status: 500, code: ErrorCode.INTERNAL, message: 'Internal server error' };

function answerOf(error: FastifyError, request: FastifyRequest): Answer {
  if (error instanceof HttpError) {
    if (error.statusCode >= 500) request.log.error({ err: error }, error.message);
    const { statusCode: status, code, message, field, retryAfterSeconds } = error;
    return {
      status,
      code,
      message,
      ...(field === undefined ? {} : { field }),
      ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }),
    };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const first = error.validation[0]!;
    const field = fieldOf(first.instancePath, error.validationContext);
    return { status: 400, code: ErrorCode.BAD_REQUEST, message: `Invalid ${field}: ${first.message}`, field };
  }
  const known = typeof error.code === 'string' ? FRAMEWORK_REFUSALS[error.code] : undefined;
  if (known) return known;
  const status = error.statusCode ?? 500;
  if (status < 500) {
    // Another client error of Fastify or a plugin: its status, the contract's code for it, and never its own code.
    const message =
      typeof error.code === 'string' && error.code.startsWith('FST_') ? 'Bad request' : error.message;
    return { status, code: codeOfStatus(status), message };
  }
  request.log.error({ err: error }, 'request failed');
  return isDatabaseUnreachable(error) ? DATABASE_UNAVAILABLE : INTERNAL;
}

/** The database does not answer: the caller may retry as it comes back, unlike a fault of the server's own. */
const DATABASE_UNAVAILABLE: Answer = {
  status: 503,
  code: ErrorCode.DATABASE_UNAVAILABLE,
  message: 'The database does not answer: retry in a few seconds',
  retryAfterSeconds: 5,
};

/**
 * Every 403 answered to a signed-in caller goes to the audit log, whoever decided it (the route's roles or a
 * service), at most once a minute per user.
 */
async function auditForbidden(request: FastifyRequest, code: number | string, refusals: RefusalAudit) {
  const principal = request.principal;
  if (!principal) return;
  await refusals.record(
    {
      action: 'auth.refused-forbidden',
      actor: { userId: principal.userId, username: principal.username },
      ip: request.ip,
      details: { method: request.method, url: redactUrl(request.url), role: principal.role, error: code },
    },
    (error) => request.log.warn({ err: error }, 'refusal not audited'),
  );
}

/** The one place that writes error bodies: every failure leaves as the contract's error envelope. */
export function registerErrorHandler(app: FastifyInstance, refusals?: RefusalAudit): void {
  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    const { status, code, message, field, retryAfterSeconds } = answerOf(error, request);
    if (status === 403 && refusals) await auditForbidden(request, code, refusals);
    if (retryAfterSeconds !== undefined) reply.header('retry-after', String(retryAfterSeconds));
    return reply.code(status).send(errorBody(status, message, code, field));
  });
}

/**
 * Fastify's `frameworkErrors`: what it refuses before routing (a malformed percent-encoding in the path, a parameter
 * past its length) answered like any other refusal, with the error envelope and the security headers, which no hook
 * sets here.
 */
export function frameworkErrorAnswer(setHeaders: SetSecurityHeaders) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
    const known = FRAMEWORK_REFUSALS[error.code];
    if (!known) request.log.error({ err: error }, 'request failed');
    const { status, code, message, field } = known ?? INTERNAL;
    setHeaders(request.raw, reply.raw, () => {
      void reply
        .code(status)
        .header('x-request-id', request.id)
        .send(errorBody(status, message, code, field));
    });
  };
}

const NOT_SPA = /^\/(api|healthz|readyz)(\/|$|\?)/;

/** A browser's navigation, or a caller that takes anything (`curl` sends `Accept: *\/*`). */
const TAKES_HTML = /text\/html|\*\/\*/;

/**
 * A client route (a GET taking HTML that is not the API nor a file) gets the app shell; anything else a 404
 * envelope.
 */
function isClientRoute(request: FastifyRequest): boolean {
  const pathname = request.url.split('?')[0] ?? '';
  return (
    (request.method === 'GET' || request.method === 'HEAD') &&
    TAKES_HTML.test(request.headers.accept || '*/*') &&
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
