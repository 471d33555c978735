import { Check, Eye, OctagonX, X } from 'lucide-react';
import type { RollbackRequest, RollbackStatus } from '@contract/rollbacks';
import { compactButton, compactLabel, pinnedActionsCell } from '@/components/row-actions';
import { Skeleton } from '@/components/ui/skeleton';
import { Button } from '@/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { it } from '@/i18n/it';
import { itRollbacks } from '@/i18n/it-rollbacks';
import { formatDateTime, formatDayOrDateTime } from '@/lib/dates';

const t = itRollbacks;
const c = t.columns;

/** One tab of 'Gestione rollback': who asked, who decided, the window, and the progress 'done / total'. */
export function RollbacksTable({
  status,
  rollbacks,
  loading,
  actionsDisabled,
  onDetail,
  onReview,
  onStop,
}: {
  status: RollbackStatus;
  rollbacks: RollbackRequest[];
  loading: boolean;
  actionsDisabled: boolean;
  onDetail: (rollback: RollbackRequest) => void;
  onReview: (rollback: RollbackRequest, approved: boolean) => void;
  onStop: (rollback: RollbackRequest) => void;
}) {
  const headers = [
    c.id,
    c.agent,
    c.object,
    c.window,
    c.createdAt,
    status === 'REJECTED' ? c.rejectedAt : c.approvedAt,
    c.requestedBy,
    c.doneBy,
    c.progress,
  ];
  return (
    <Table aria-label={t.tabs[status]}>
      <TableHeader>
        <TableRow>
          {headers.map((header) => (
            <TableHead key={header}>{header}</TableHead>
          ))}
          <TableHead className={pinnedActionsCell}>
            <span className="sr-only">{c.actions}</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {loading ? (
          <TableRow>
            <TableCell colSpan={headers.length + 1}>
              <Skeleton className="h-6 w-full" />
            </TableCell>
          </TableRow>
        ) : rollbacks.length === 0 ? (
          <TableRow>
            <TableCell colSpan={headers.length + 1} className="text-center text-muted-foreground">
              {it.common.noData}
            </TableCell>
          </TableRow>
        ) : (
          rollbacks.map((rollback) => (
            <TableRow key={rollback.id} data-testid={`rollback-${rollback.id}`}>
              <TableCell className="tabular-nums">{rollback.id}</TableCell>
              <TableCell>{rollback.agentName ?? rollback.sfUserID}</TableCell>
              <TableCell>{t.objects[rollback.object]}</TableCell>
              <TableCell>
                {it.alerts.window(formatDayOrDateTime(rollback.from), formatDayOrDateTime(rollback.to))}
              </TableCell>
              <TableCell>{formatDateTime(rollback.createdAt)}</TableCell>
              <TableCell>
                {rollback.approvedAt ? formatDateTime(rollback.approvedAt) : t.notYetApproved}
              </TableCell>
              <TableCell>{rollback.userCreator.username}</TableCell>
              <TableCell>{rollback.userReviewer?.username ?? '—'}</TableCell>
              <TableCell>
                <div className="tabular-nums" data-testid="rollback-progress">
                  {t.progress(rollback.done, rollback.total)}
                </div>
                <div className="text-xs text-muted-foreground">{t.runs[rollback.run]}</div>
              </TableCell>
              <TableCell className={pinnedActionsCell}>
                <div className="flex justify-end gap-2" role="group" aria-label={t.rowActions(rollback.id)}>
                  <Button
                    variant="outline"
                    aria-label={t.detailsOf(rollback.id)}
                    title={t.detailsOf(rollback.id)}
                    className={compactButton}
                    onClick={() => onDetail(rollback)}
                  >
                    <Eye aria-hidden="true" />
                    <span className={compactLabel}>{t.details}</span>
                  </Button>
                  {rollback.status === 'PENDING' && (
                    <>
                      <Button
                        aria-label={t.approveOf(rollback.id)}
                        title={t.approveOf(rollback.id)}
                        className={compactButton}
                        disabled={actionsDisabled}
                        onClick={() => onReview(rollback, true)}
                      >
                        <Check aria-hidden="true" />
                        <span className={compactLabel}>{t.approve}</span>
                      </Button>
                      <Button
                        variant="outline"
                        aria-label={t.rejectOf(rollback.id)}
                        title={t.rejectOf(rollback.id)}
                        className={compactButton}
                        disabled={actionsDisabled}
                        onClick={() => onReview(rollback, false)}
                      >
                        <X aria-hidden="true" />
                        <span className={compactLabel}>{t.reject}</span>
                      </Button>
                    </>
                  )}
                  {rollback.run === 'running' && (
                    <Button
                      variant="destructive"
                      aria-label={t.stopOf(rollback.id)}
                      title={t.stopOf(rollback.id)}
                      className={compactButton}
                      disabled={actionsDisabled}
                      onClick={() => onStop(rollback)}
                    >
                      <OctagonX aria-hidden="true" />
                      <span className={compactLabel}>{t.stop}</span>
                    </Button>
                  )}
                </div>
              </TableCell>
            </TableRow>
          ))
        )}
      </TableBody>
    </Table>
  );
}
