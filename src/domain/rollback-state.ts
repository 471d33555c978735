import type { RollbackRequest } from '@contract/rollbacks';
import { itRollbacks } from '@/i18n/it-rollbacks';
import { formatDateTime } from '@/lib/dates';

const t = itRollbacks;

/**
 * Where a rollback stands, in words (on the rollback screens, and on the alert it was requested for): a rejected one is never applied, a pending one waits for a reviewer, an
 * approved one runs, was stopped (by whom and when) or is complete.
 */
export function rollbackState(
  rollback: Pick<RollbackRequest, 'status' | 'run' | 'stoppedBy' | 'stoppedAt'>,
): string {
  if (rollback.status === 'REJECTED') return t.neverApplied;
  if (rollback.status === 'PENDING') return t.awaitingReview;
  if (rollback.run === 'stopped' && rollback.stoppedBy && rollback.stoppedAt)
    return t.stoppedBy(rollback.stoppedBy.username, formatDateTime(rollback.stoppedAt));
  return t.runs[rollback.run];
}

/** Pending or running: no other rollback of its changes may be requested meanwhile (the server refuses it, 409). */
export const isOpenRollback = (rollback: Pick<RollbackRequest, 'status' | 'run'>): boolean =>
  rollback.status === 'PENDING' || rollback.run === 'running';

/** A record without an outcome: still to be applied, or never to be, when the rollback was rejected or stopped. */
export const pendingOutcome = (rollback: Pick<RollbackRequest, 'status' | 'run'>): string =>
  rollback.status === 'REJECTED' || rollback.run === 'stopped' ? t.outcomes.notApplied : t.outcomes.pending;
