import { ErrorCode } from '@contract/error-codes';
import { crmRefusal } from '@contract/crm-refusal';
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
