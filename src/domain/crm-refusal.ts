import { ErrorCode } from '@contract/error-codes';
import { crmRefusal } from '@contract/crm-refusal';
import { recordChangeOf, type RecordChange } from '@contract/record-changed';
import { formatDateTime } from '@/lib/dates';
import { it } from '@/i18n/it';
import { ApiError } from '@/lib/api-client';
import { failureReason, hasErrorCode } from '@/lib/error-message';

/**
 * Why a restore call failed, to go beneath its message: a CRM refusal in Italian with the CRM's own words (only
 * the words when the message above already gives the reason), else the server's reason as `failureReason` says it.
 */
export function restoreFailureReason(error: unknown, { reasonShown = false } = {}): string {
  if (!(error instanceof ApiError && hasErrorCode(error, ErrorCode.CRM_ERROR))) return failureReason(error);
  const { reason, words } = crmRefusal(error.message);
  if (words === undefined) return failureReason(error);
  return reason && !reasonShown ? it.crmSaid.because(reason, words) : it.crmSaid.only(words);
}

/**
 * A write refused because the record was changed in the CRM after the version compared (409 RECORD_CHANGED_SINCE):
 * who changed it and when, as the screens show a date; `undefined` when the server's message names neither, null
 * for any other error.
 */
export function recordChangeIn(error: unknown): RecordChange | undefined | null {
  if (!(error instanceof ApiError && hasErrorCode(error, ErrorCode.RECORD_CHANGED_SINCE))) return null;
  const change = recordChangeOf(error.message);
  return change && { by: change.by, at: formatDateTime(change.at) };
}
