import { ErrorCode } from '@contract/error-codes';
import { it, translateErrorCode } from '@/i18n/it-first-load';
import { ApiError } from './api-client';

/** What to tell the user about a failed call, in Italian. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.code === 'TIMEOUT') return it.errors.timeout;
    if (error.isNetwork) return it.errors.network;
    if (error.status === 404) return it.errors.notFound;
    if (error.status === 403) return it.errors.forbidden;
    return translateErrorCode(error.code) ?? statusMessage(error);
  }
  return it.errors.generic;
}

/**
 * A refusal of a generic or unknown code told by its status, never by the server's English reason: a 400 names the
 * field it refused (`body.dateTo` -> 'A', the label the person typed it under, else the field's own name).
 */
function statusMessage({ status, field }: ApiError): string {
  if (status === 400) {
    const name = field?.replace(/^(body|query|params)\./, '');
    return name ? it.errors.invalidField(it.requestFields[name] ?? name) : it.errors.invalidRequest;
  }
  if (status === 409) return it.errors.conflict;
  if (status >= 500) return it.errors.server;
  return it.errors.generic;
}

/** Whether a call was refused with this code (contract/error-codes.ts). */
export const hasErrorCode = (error: unknown, code: ErrorCode) =>
  error instanceof ApiError && error.code === code;

/** A 409: what was asked no longer matches the server (decided elsewhere, already done): what is shown is stale. */
export const isConflict = (error: unknown) => error instanceof ApiError && error.status === 409;

/** A wrong or already used one-time code: the code dialog stays open for a new try. */
export const isInvalidCode = (error: unknown) =>
  hasErrorCode(error, ErrorCode.INVALID_CODE) || hasErrorCode(error, ErrorCode.CODE_USED);

/** What a code dialog says of a refused code: wrong, or right but used already (wait for the next one). */
export const codeRefusalText = (error: unknown) =>
  translateErrorCode(
    hasErrorCode(error, ErrorCode.CODE_USED) ? ErrorCode.CODE_USED : ErrorCode.INVALID_CODE,
  )!;

/** A 401 is told and handled once, by the query client (sign-in again). */
export const isSignedOut = (error: unknown) => error instanceof ApiError && error.status === 401;

/** The server's reason in Italian: what its code means when that is fixed, else what the status means. */
export function failureReason(error: unknown): string {
  return (error instanceof ApiError && translateErrorCode(error.code)) || errorMessage(error);
}
