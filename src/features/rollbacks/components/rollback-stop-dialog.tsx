import type { RollbackRequest } from '@contract/rollbacks';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { itRollbacks } from '@/i18n/it-rollbacks';
import { formatDayOrDateTime } from '@/lib/dates';
import { isSignedOut } from '@/lib/error-message';
import { toast } from '@/lib/toast';
import { useStopRollback } from '../api/stop-rollback';
import { rollbackFailure } from './rollback-failure';

const t = itRollbacks;

/**
 * 'Interrompi' asks first: stopping cannot be undone. The dialog names the rollback (agent, object, window) and says
 * what stays: the records done as they are now, the others never rolled back. The stop route takes no code (a
 * reviewer stops at once what is going wrong); the dialog stays open until the server has answered.
 */
export function RollbackStopDialog({
  rollback,
  onClose,
}: {
  rollback: RollbackRequest;
  onClose: () => void;
}) {
  const stop = useStopRollback();
  const scope = t.scope(
    rollback.agentName ?? rollback.sfUserID,
    t.objects[rollback.object],
    formatDayOrDateTime(rollback.from),
    formatDayOrDateTime(rollback.to),
  );
  return (
    <ConfirmDialog
      title={t.stopTitle(rollback.id)}
      description={`${scope}. ${t.stopConsequences(rollback.done, rollback.restored, rollback.total - rollback.done)}`}
      actionLabel={t.stop}
      cancelLabel={t.cancel}
      destructive
      pending={stop.isPending}
      onClose={onClose}
      onConfirm={() =>
        stop.mutate(rollback.id, {
          onSuccess: () => toast.success(t.stopped),
          onError: (error) => {
            if (!isSignedOut(error)) toast.error(t.stopFailed, { description: rollbackFailure(error) });
          },
          onSettled: onClose,
        })
      }
    />
  );
}
