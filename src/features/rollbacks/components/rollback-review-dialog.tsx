import { useState } from 'react';
import { toast } from '@/lib/toast';
import type { RollbackRequest } from '@contract/rollbacks';
import { OtpDialog } from '@/components/otp-dialog';
import { it } from '@/i18n/it';
import { itRollbacks } from '@/i18n/it-rollbacks';
import { formatDayOrDateTime } from '@/lib/dates';
import { codeRefusalText, isInvalidCode, isSignedOut } from '@/lib/error-message';
import { useReviewRollback } from '../api/review-rollback';
import { rollbackFailure } from './rollback-failure';

const t = itRollbacks;

/** Approva or Rifiuta a pending rollback, confirmed with the reviewer's 6-digit code. */
export function RollbackReviewDialog({
  rollback,
  approved,
  reviewerId,
  onClose,
}: {
  rollback: RollbackRequest;
  approved: boolean;
  reviewerId: number;
  onClose: () => void;
}) {
  const mutation = useReviewRollback();
  const [codeError, setCodeError] = useState<string>();

  const submit = async (code: string): Promise<boolean> => {
    try {
      await mutation.mutateAsync({ id: rollback.id, reviewerId, approved, code });
    } catch (error) {
      if (isInvalidCode(error)) {
        setCodeError(codeRefusalText(error));
        return false;
      }
      onClose();
      if (!isSignedOut(error)) toast.error(t.reviewFailed, { description: rollbackFailure(error) });
      return true;
    }
    onClose();
    toast.success(approved ? t.approved : t.rejected);
    return true;
  };

  return (
    <OtpDialog
      title={approved ? t.approveTitle(rollback.id) : t.rejectTitle(rollback.id)}
      description={`${t.reviewScope(
        t.objects[rollback.object],
        rollback.agentName ?? rollback.sfUserID,
        it.alerts.window(formatDayOrDateTime(rollback.from), formatDayOrDateTime(rollback.to)),
        rollback.total,
      )} ${t.reviewDescription}`}
      confirmLabel={approved ? t.approve : t.reject}
      pending={mutation.isPending}
      error={codeError}
      onSubmit={submit}
      onClose={onClose}
    />
  );
}
