import { ErrorCode } from '../../contract/error-codes';

/**
 * An error the API answers with its own status and message; anything else becomes a 500 with details hidden. A
 * refusal (4xx) is an answer, not a fault: it builds no stack (3-6 µs each here, paid by every refused request of a
 * flood).
 */
export class HttpError extends Error {
  declare readonly statusCode: number;
  declare readonly code: number | string;
  /** The request field that was refused, on a 400. */
  declare readonly field: string | undefined;
  /** Sent as `Retry-After` (a lock, a rate limit). */
  declare readonly retryAfterSeconds: number | undefined;

  constructor(
    statusCode: number,
    message: string,
    code: number | string = statusCode,
    field?: string,
    retryAfterSeconds?: number,
  ) {
    const stackFrames = Error.stackTraceLimit;
    if (statusCode < 500) Error.stackTraceLimit = 0;
    try {
      super(message);
    } finally {
      Error.stackTraceLimit = stackFrames;
    }
    this.statusCode = statusCode;
    this.code = code;
    this.field = field;
    this.retryAfterSeconds = retryAfterSeconds;
    this.name = 'HttpError';
  }
}

export const badRequest = (field: string, message: string, code: ErrorCode = ErrorCode.BAD_REQUEST) =>
  new HttpError(400, message, code, field);
export const unauthorized = (message = 'Authentication required', code: ErrorCode = ErrorCode.UNAUTHORIZED) =>
  new HttpError(401, message, code);
export const forbidden = (message = 'Forbidden', code: ErrorCode = ErrorCode.FORBIDDEN) =>
  new HttpError(403, message, code);
export const notFound = (message = 'Not found') => new HttpError(404, message, ErrorCode.NOT_FOUND);
export const conflict = (message: string, field?: string, code: ErrorCode = ErrorCode.CONFLICT) =>
  new HttpError(409, message, code, field);
