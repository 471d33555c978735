import { getCoreRowModel, useReactTable, type ColumnDef } from '@tanstack/react-table';
import { Check, Eye, OctagonX, X } from 'lucide-react';
import { useMemo } from 'react';
import type { RollbackRequest, RollbackStatus } from '@contract/rollbacks';
import { DataTable } from '@/components/data-table';
import { Button } from '@/components/ui/button';
import { it } from '@/i18n/it';
import { itFourEyes } from '@/i18n/it-four-eyes';
import { itRollbacks } from '@/i18n/it-rollbacks';
import { formatDateTime, formatDayOrDateTime } from '@/lib/dates';
import { fourEyesWhy } from '@/domain/four-eyes-why';
import { rollbackState } from '@/domain/rollback-state';

const t = itRollbacks;
const c = t.columns;

/** Headers wrap at their spaces, so that the table fits a tablet held upright. */
const narrow = 'whitespace-normal';

/** Who did it, and when beneath. */
function ByWhom({ username, at }: { username: string; at: string }) {
  return (
    <>
      <span className="block">{username}</span>
      <span className="block text-xs text-muted-foreground">{at}</span>
    </>
  );
}

/** A reviewer's buttons on a row: approve or reject a pending rollback, stop a running one. */
export type ReviewActions = {
  disabled: boolean;
  onReview: (rollback: RollbackRequest, approved: boolean) => void;
  onStop: (rollback: RollbackRequest) => void;
};

/**
 * One tab of 'Gestione rollback' or 'Le mie richieste di rollback': the progress 'done / total' next to the id
 * (what the screens are for), the agent, object and window, who asked and who decided with when. The buttons go
 * beside or under the row (DataTable): 'Dettaglio' on every row, the reviewer's `review` ones where they apply.
 */
export function RollbacksTable({
  status,
  rollbacks,
  loading,
  emptyMessage,
  onDetail,
  review,
}: {
  status: RollbackStatus;
  rollbacks: RollbackRequest[];
  loading: boolean;
  emptyMessage: string;
  onDetail: (rollback: RollbackRequest) => void;
  review?: ReviewActions;
}) {
  const columns = useMemo<ColumnDef<RollbackRequest>[]>(
    () => [
      {
        id: 'id',
        header: c.id,
        meta: { className: narrow },
        cell: ({ row }) => <span className="tabular-nums">{row.original.id}</span>,
      },
      {
        id: 'progress',
        header: c.progress,
        meta: { className: narrow },
        cell: ({ row: { original: rollback } }) => (
          <>
            <div className="whitespace-nowrap tabular-nums font-medium" data-testid="rollback-progress">
              {t.progress(rollback.done, rollback.total)}
            </div>
            <div className="text-xs text-muted-foreground">{rollbackState(rollback)}</div>
          </>
        ),
      },
      {
        id: 'agent',
        header: c.agent,
        meta: { className: narrow },
        cell: ({ row }) => row.original.agentName ?? row.original.sfUserID,
      },
      {
        id: 'object',
        header: c.object,
        meta: { className: narrow },
        cell: ({ row }) => t.objects[row.original.object],
      },
      {
        id: 'window',
        header: c.window,
        meta: { className: narrow },
        cell: ({ row }) =>
          it.alerts.window(formatDayOrDateTime(row.original.from), formatDayOrDateTime(row.original.to)),
      },
      {
        id: 'requested',
        header: c.requested,
        meta: { className: narrow },
        cell: ({ row }) => (
          <ByWhom username={row.original.userCreator.username} at={formatDateTime(row.original.createdAt)} />
        ),
      },
      {
        id: 'decided',
        header: status === 'REJECTED' ? c.rejected : c.approved,
        meta: { className: narrow },
        cell: ({ row: { original: rollback } }) =>
          rollback.userReviewer && rollback.approvedAt ? (
            <ByWhom username={rollback.userReviewer.username} at={formatDateTime(rollback.approvedAt)} />
          ) : (
            <span className="text-muted-foreground">{t.notYetApproved}</span>
          ),
      },
    ],
    [status],
  );
  // TanStack Table is not memoisable by the React Compiler; this component re-renders with its data anyway.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: rollbacks,
    columns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (rollback) => String(rollback.id),
  });
  return (
    <DataTable
      table={table}
      loading={loading}
      emptyMessage={emptyMessage}
      aria-label={t.tabs[status]}
      rowTestId={(rollback) => `rollback-${rollback.id}`}
      rowActions={{
        header: c.actions,
        label: (rollback) => t.rowActions(rollback.id),
        render: (rollback) => (
          <>
            <Button
              variant="outline"
              aria-label={t.detailsOf(rollback.id)}
              onClick={() => onDetail(rollback)}
            >
              <Eye aria-hidden="true" />
              {t.details}
            </Button>
            {review && rollback.status === 'PENDING' && (
              <>
                {rollback.fourEyes ? (
                  // Four eyes: whoever gave the requester their access does not approve; they may reject.
                  <span
                    className="self-center text-sm text-muted-foreground"
                    title={fourEyesWhy(rollback.fourEyes, rollback.userCreator.username)}
                  >
                    {itFourEyes.held}
                  </span>
                ) : (
                  <Button
                    aria-label={t.approveOf(rollback.id)}
                    disabled={review.disabled}
                    onClick={() => review.onReview(rollback, true)}
                  >
                    <Check aria-hidden="true" />
                    {t.approve}
                  </Button>
                )}
                <Button
                  variant="outline"
                  aria-label={t.rejectOf(rollback.id)}
                  disabled={review.disabled}
                  onClick={() => review.onReview(rollback, false)}
                >
                  <X aria-hidden="true" />
                  {t.reject}
                </Button>
              </>
            )}
            {review && rollback.run === 'running' && (
              <Button
                variant="destructive"
                aria-label={t.stopOf(rollback.id)}
                disabled={review.disabled}
                onClick={() => review.onStop(rollback)}
              >
                <OctagonX aria-hidden="true" />
                {t.stop}
              </Button>
            )}
          </>
        ),
      }}
    />
  );
}
