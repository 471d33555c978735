import type { FastifyServerOptions } from 'fastify';

/**
 * What the server log must never hold: one-time codes (`?code=`), enrolment tokens (`/user/{token}/qr-code`,
 * `/user/{token}/confirm`, `/2fa/{token}`), passwords, bearer tokens and cookies, and the parameter values of a failed database query (they
 * can be any of the above). Request URLs are logged with those parts replaced, every other path by pino's redact.
 */
const REDACTED = '[redacted]';

const SECRET_KEYS = new Set(['code', 'token', 'password', 'oldpassword', 'newpassword', 'email']);
/** One `key=value` of a query string, with the `?` or `&` before it. */
const QUERY_PAIR = /([?&])([^=&#]*)(=[^&#]*)?/g;

/** A query key as the server reads it: percent-decoded (`c%6Fde` is `code`), any case. */
function keyOf(raw: string): string {
  try {
    return decodeURIComponent(raw.replaceAll('+', ' ')).toLowerCase();
  } catch {
    return raw.toLowerCase();
  }
}
const SECRET_PATHS = [/(\/user\/)[^/?#]+(\/qr-code|\/confirm)/, /(\/2fa\/)[^/?#]+()/];

/** A URL fit for the log: query secrets and enrolment tokens replaced. */
export function redactUrl(url: string): string {
  const query = url.indexOf('?');
  let safe =
    query < 0
      ? url
      : url.slice(0, query) +
        url
          .slice(query)
          .replace(QUERY_PAIR, (pair, mark: string, key: string, value: string | undefined) =>
            value !== undefined && SECRET_KEYS.has(keyOf(key)) ? `${mark}${key}=${REDACTED}` : pair,
          );
  for (const pattern of SECRET_PATHS) safe = safe.replace(pattern, `$1${REDACTED}$2`);
  return safe;
}

type LoggedRequest = {
  method: string;
  url: string;
  hostname?: string;
  ip?: string;
  socket?: { remotePort?: number };
  id?: string;
};

type LoggedError = Record<string, unknown> & { message?: unknown; stack?: unknown };

/** Fields of driver errors (pg, PGlite) that carry a query's parameter values. */
const PARAMETER_FIELDS = ['parameters', 'params', 'values', 'detail', 'where'];

function serializeError(error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  const out: LoggedError = { type: error.name, message: error.message, stack: error.stack };
  for (const [key, value] of Object.entries(error)) {
    if (PARAMETER_FIELDS.includes(key)) out[key] = REDACTED;
    else if (key === 'cause') out[key] = serializeError(value);
    else if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) out[key] = value;
  }
  return out;
}

export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  '*.password',
  '*.oldPassword',
  '*.newPassword',
  '*.code',
  '*.token',
  '*.qrToken',
  '*.secretKey',
];

type LoggerOptions = Exclude<FastifyServerOptions['logger'], boolean | undefined>;

/** The logger options with redaction added; `false` (tests without a log) stays `false`. */
export function redactedLogger(options: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (!options || options === true) return options;
  const base = options as LoggerOptions & Record<string, unknown>;
  return {
    ...base,
    serializers: {
      req: (request: LoggedRequest) => ({
        method: request.method,
        url: redactUrl(request.url),
        hostname: request.hostname,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
      err: serializeError,
      ...(base.serializers as Record<string, unknown> | undefined),
    },
    redact: { paths: REDACT_PATHS, censor: REDACTED },
  } as FastifyServerOptions['logger'];
}
