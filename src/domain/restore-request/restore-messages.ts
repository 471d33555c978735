import { ErrorCode } from '@contract/error-codes';
import { it } from '@/i18n/it';
import { codeRefusalText, hasErrorCode, isInvalidCode } from '@/lib/error-message';
import { recordChangeIn } from '@/domain/crm-refusal';
import type { RecordKind } from '@contract/record-kinds';

/** 'Segnala ripristino' (type 1, waits for a reviewer) or 'Forza ripristino' (type 2, done at once). */
export type RestoreAction = 'report' | 'force';

/** Where the restore is asked from: the search lists (selected rows) or a detail screen (its first version). */
export type RestorePlace = 'list' | 'detail';

export function restoreSuccessMessage(kind: RecordKind, action: RestoreAction): string {
  return action === 'report' ? it.restore.reportSent : it.restore.restored[kind];
}

/**
 * docs/product.md#restores-and-reviews: a duplicate reads differently on the lists (several revisions) and on
 * a detail screen (one), a wrong code is the same everywhere, a record changed in the CRM since its latest version
 * here names who changed it and when, anything else names the action that failed.
 */
export function restoreErrorMessage(
  kind: RecordKind,
  action: RestoreAction,
  place: RestorePlace,
  error: unknown,
): string {
  if (hasErrorCode(error, ErrorCode.DUPLICATE_REQUEST))
    return place === 'list' ? it.restore.duplicateOnList : it.restore.duplicateOnDetail;
  if (isInvalidCode(error)) return codeRefusalText(error);
  const change = recordChangeIn(error);
  if (change !== null) return it.restore.recordChanged(change);
  return action === 'report' ? it.restore.reportFailed : it.restore.restoreFailed[kind];
}

/** Whether the catalogue message already says everything, or the server's reason should be shown beneath it. */
export function needsReason(error: unknown): boolean {
  return !(
    hasErrorCode(error, ErrorCode.DUPLICATE_REQUEST) ||
    hasErrorCode(error, ErrorCode.RECORD_CHANGED_SINCE) ||
    isInvalidCode(error)
  );
}
