import { itFourEyes } from '@/i18n/it-four-eyes';
import { itRestores } from '@/i18n/it-restores';
import { ErrorCode } from '@contract/error-codes';
import { crmErrorText } from '@contract/crm-refusal';
import { translateErrorCode } from '@/i18n/it';
import { ApiError } from '@/lib/api-client';
import { codeRefusalText, hasErrorCode, isInvalidCode } from '@/lib/error-message';
import { recordChangeIn } from '@/domain/crm-refusal';

export const reviewSuccessMessage = (approved: boolean) =>
  approved ? itRestores.approved : itRestores.rejected;

/**
 * A wrong code says so; a CRM that did not answer says the outcome is being checked; a contact that is a business
 * account in the CRM now says so, as do a case whose contact is deleted, a purged record being created again and a
 * record changed in the CRM since the version compared (who changed it, when); a CRM refusal gives the CRM's
 * reason when it has a translation; any other failure, of an approval or a rejection alike, is an approval error.
 */
export function reviewErrorMessage(error: unknown): string {
  if (isInvalidCode(error)) return codeRefusalText(error);
  if (hasErrorCode(error, ErrorCode.FOUR_EYES)) return itFourEyes.errorCodes.FOUR_EYES!;
  const change = recordChangeIn(error);
  if (change !== null) return itRestores.recordChanged(change);
  const explained = [
    ErrorCode.CRM_OUTCOME_UNKNOWN,
    ErrorCode.OUTCOME_CHECKING,
    ErrorCode.RECORD_CONVERTED,
    ErrorCode.RELATED_RECORD_DELETED,
    ErrorCode.RECORD_RECREATING,
    ErrorCode.RESTORE_NOT_KEPT,
    ErrorCode.OWNER_CHANGED,
  ];
  for (const code of explained) if (hasErrorCode(error, code)) return translateErrorCode(code)!;
  if (hasErrorCode(error, ErrorCode.CRM_ERROR) && error instanceof ApiError) {
    const reason = crmErrorText(error.message);
    if (reason) return itRestores.crmRefused(reason);
  }
  return itRestores.reviewFailed;
}
