import { ErrorCode } from '../../contract/error-codes';

/** An error the API answers with its own status and message; anything else becomes a 500 with details hidden. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code: number | string = statusCode,
    readonly field?: string,
    /** Sent as `Retry-After` (a lock, a rate limit). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
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
