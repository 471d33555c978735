import { ErrorCode } from '@contract/error-codes';
import { crmErrorCodeOf } from '@contract/restores';
import { it } from '@/i18n/it';
import { ApiError } from './api-client';
import { failureReason, hasErrorCode } from './error-message';

/**
 * A CRM refusal as the app tells it: the reason in Italian when Salesforce's error code has a translation, and what
 * the CRM itself said (the part of the server's message after `Salesforce said CODE: `, an org's validation rule
 * speaking its own language), never the server's own English: a message without the CRM's words has none.
 */
export function crmRefusal(message: string): { reason: string | undefined; words: string | undefined } {
  const words = /Salesforce said [A-Z][A-Z_]+: (.*)$/s.exec(message)?.[1];
  return { reason: it.crmErrors[crmErrorCodeOf(message) ?? ''], words };
}

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
