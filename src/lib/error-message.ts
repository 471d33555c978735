import { INVALID_TOTP_MESSAGE } from '@contract/restores';
import { it, translateServerMessage } from '@/i18n/it';
import { ApiError } from './api-client';

/** What to tell the user about a failed call, in Italian. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.code === 'TIMEOUT') return it.errors.timeout;
    if (error.isNetwork) return it.errors.network;
    if (error.status === 404) return it.errors.notFound;
    if (error.status === 403) return it.errors.forbidden;
    return translateServerMessage(error.message);
  }
  return it.errors.generic;
}

export const isInvalidCode = (error: unknown) =>
  error instanceof ApiError && error.message === INVALID_TOTP_MESSAGE;

/** A 401 is told and handled once, by the query client (sign-in again). */
export const isSignedOut = (error: unknown) => error instanceof ApiError && error.status === 401;

/** The server's reason in Italian: its own message when the table knows it, else what the status means. */
export function failureReason(error: unknown): string {
  if (error instanceof ApiError && it.serverMessages[error.message])
    return translateServerMessage(error.message);
  return errorMessage(error);
}
