import { useState } from 'react';
import { toast } from '@/lib/toast';
import { OtpDialog } from '@/components/otp-dialog';
import { itRestores } from '@/i18n/it-restores';
import { recordChangeIn, restoreFailureReason } from '@/domain/crm-refusal';
import { isInvalidCode, isSignedOut } from '@/lib/error-message';
import type { RestoreRequestView } from '@/domain/kinds/kind-def';
import type { RecordKind } from '@contract/record-kinds';
import { useReviewRestoreRequest } from '../api/review-restore-request';
import { reviewErrorMessage, reviewSuccessMessage } from './review-messages';

/** Approva or Rifiuta one pending request, confirmed with the reviewer's 6-digit code. */
export function ReviewDialog({
  kind,
  request,
  approved,
  reviewerId,
  onClose,
}: {
  kind: RecordKind;
  request: RestoreRequestView;
  approved: boolean;
  reviewerId: number;
  onClose: () => void;
}) {
  const mutation = useReviewRestoreRequest(kind);
  const [codeError, setCodeError] = useState<string>();

  const submit = async (code: string): Promise<boolean> => {
    try {
      await mutation.mutateAsync({ id: request.id, reviewerId, approved, code });
    } catch (error) {
      if (isInvalidCode(error)) {
        setCodeError(reviewErrorMessage(error));
        return false;
      }
      onClose();
      // The server's reason (your own request, already reviewed, the CRM refused the write) goes beneath.
      if (!isSignedOut(error)) {
        const message = reviewErrorMessage(error);
        // Who changed the record and when says everything: the comparison shown is now with their version.
        const reason =
          recordChangeIn(error) === null
            ? restoreFailureReason(error, { reasonShown: message !== itRestores.reviewFailed })
            : message;
        toast.error(message, reason === message ? undefined : { description: reason });
      }
      return true;
    }
    onClose();
    toast.success(reviewSuccessMessage(approved));
    return true;
  };

  return (
    <OtpDialog
      title={approved ? itRestores.approveTitle(request.id) : itRestores.rejectTitle(request.id)}
      description={itRestores.reviewDescription}
      confirmLabel={approved ? itRestores.approve : itRestores.reject}
      pending={mutation.isPending}
      error={codeError}
      onSubmit={submit}
      onClose={onClose}
    />
  );
}
