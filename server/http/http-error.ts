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

export const badRequest = (field: string, message: string) =>
  new HttpError(400, message, 'BAD_REQUEST', field);
export const unauthorized = (message = 'Authentication required') =>
  new HttpError(401, message, 'UNAUTHORIZED');
export const forbidden = (message = 'Forbidden') => new HttpError(403, message, 'FORBIDDEN');
export const notFound = (message = 'Not found') => new HttpError(404, message, 'NOT_FOUND');
export const conflict = (message: string, field?: string) => new HttpError(409, message, 'CONFLICT', field);
