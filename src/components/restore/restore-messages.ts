import { DUPLICATE_REQUEST_MESSAGE, INVALID_TOTP_MESSAGE } from '@contract/restores';
import { it, translateServerMessage } from '@/i18n/it';
import { ApiError } from '@/lib/api-client';
import type { RestoreKind } from '@/lib/api/restores/restore-kind';
import { errorMessage } from '@/lib/error-message';

/** 'Segnala ripristino' (type 1, waits for a reviewer) or 'Forza ripristino' (type 2, done at once). */
export type RestoreAction = 'report' | 'force';

/** Where the restore is asked from: the search lists (selected rows) or a detail screen (its first version). */
export type RestorePlace = 'list' | 'detail';

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

export function restoreSuccessMessage(kind: RestoreKind, action: RestoreAction): string {
  return action === 'report' ? it.restore.reportSent : it.restore.restored[kind];
}

/**
 * SPEC.md section 8: a duplicate reads differently on the lists (several revisions) and on a detail screen (one),
 * a wrong code is the same everywhere, anything else names the action that failed.
 */
export function restoreErrorMessage(
  kind: RestoreKind,
  action: RestoreAction,
  place: RestorePlace,
  error: unknown,
): string {
  if (error instanceof ApiError && error.message === DUPLICATE_REQUEST_MESSAGE)
    return place === 'list' ? it.restore.duplicateOnList : it.restore.duplicateOnDetail;
  if (isInvalidCode(error)) return it.restore.invalidCode;
  return action === 'report' ? it.restore.reportFailed : it.restore.restoreFailed[kind];
}

/** Whether the catalogue message already says everything, or the server's reason should be shown beneath it. */
export function needsReason(error: unknown): boolean {
  return !(
    error instanceof ApiError &&
    (error.message === DUPLICATE_REQUEST_MESSAGE || error.message === INVALID_TOTP_MESSAGE)
  );
}

export const reviewSuccessMessage = (approved: boolean) =>
  approved ? it.restores.approved : it.restores.rejected;

/** A wrong code says so; any other failure, of an approval or a rejection alike, is an approval error. */
export const reviewErrorMessage = (error: unknown) =>
  isInvalidCode(error) ? it.restore.invalidCode : it.restores.reviewFailed;
