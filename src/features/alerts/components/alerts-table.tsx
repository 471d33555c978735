import { getCoreRowModel, useReactTable, type ColumnDef } from '@tanstack/react-table';
import { CheckCheck } from 'lucide-react';
import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import type { Alert, AlertRollback, AlertStatus, ForcedRestoreAlert } from '@contract/alerts';
import { DataTable } from '@/components/data-table';
import { Button } from '@/components/ui/button';
import { it } from '@/i18n/it';
import { itAlerts } from '@/i18n/it-alerts';
import { cn } from '@/lib/cn';
import { formatDateTime, formatDay } from '@/lib/dates';
import { kindOfObject } from '@contract/record-kinds';
import { fieldLabel, withoutFollowers } from '@/domain/field-labels';
import { rollbackDetailHref } from '@/domain/rollback-link';
import { rollbackPrepareHref } from '@/domain/rollback-prepare-link';
import { isOpenRollback, rollbackState } from '@/domain/rollback-state';

const c = itAlerts.columns;

const agentOf = (alert: Alert) => alert.agentName ?? alert.sfUserID;

/**
 * The rollback requested for the alert, where it stands, leading to its detail where the user can read it; else
 * who asked for it, whom to ask about it.
 */
function RollbackOfAlert({ rollback, path }: { rollback: AlertRollback; path: string | null }) {
  const text = itAlerts.rollback(rollback.id, rollbackState(rollback));
  return (
    <div className="mt-1 text-xs">
      {path ? (
        <Link className="underline underline-offset-2" to={rollbackDetailHref(path, rollback)}>
          {text}
        </Link>
      ) : (
        itAlerts.rollbackOf(text, rollback.requestedBy.username)
      )}
    </div>
  );
}

/** A forced restore's alert: the request, who forced it and when, and who had given them their access. */
function ForcedRestoreOfAlert({ alert, at }: { alert: ForcedRestoreAlert; at: string }) {
  return (
    <>
      <div className="font-medium">
        {itAlerts.forcedRestore(alert.request.id, alert.restoredBy.username, formatDateTime(at))}
      </div>
      <div className="mt-1 text-xs">
        {itAlerts.grantedBy(alert.grant, alert.grantedBy.username, formatDay(alert.grantedAt))}
      </div>
    </>
  );
}

/** Headers wrap at their spaces, so that the table fits a tablet held upright. */
const wrapping = 'whitespace-normal';

/**
 * The alerts of one tab: agent, object, window, counts and the fields most often changed; a forced restore's
 * alert tells its request and users where the window is, and offers no rollback.
 */
export function AlertsTable({
  status,
  alerts,
  loading,
  canAcknowledge,
  canPrepareRollback,
  rollbackPath,
  acknowledgeDisabled,
  onAcknowledge,
}: {
  status: AlertStatus;
  alerts: Alert[];
  loading: boolean;
  canAcknowledge: boolean;
  /** USER_RANA prepares a rollback of the alert's exact window. */
  canPrepareRollback: boolean;
  /** The rollback screen the user reads an alert's rollback on (a reviewer's, or USER_RANA's own); null: none. */
  rollbackPath: (rollback: AlertRollback) => string | null;
  acknowledgeDisabled: boolean;
  onAcknowledge: (alert: Alert) => void;
}) {
  const columns = useMemo<ColumnDef<Alert>[]>(
    () => [
      {
        id: 'agent',
        header: c.agent,
        meta: { className: cn(wrapping, 'break-words') },
        cell: ({ row: { original: alert } }) => (
          <div className="leading-tight">
            <div className="font-medium">{agentOf(alert)}</div>
            {alert.agentName && (
              <div className="text-xs whitespace-nowrap text-muted-foreground">{alert.sfUserID}</div>
            )}
          </div>
        ),
      },
      {
        id: 'object',
        header: c.object,
        meta: { className: wrapping },
        cell: ({ row }) => itAlerts.objects[row.original.object],
      },
      {
        id: 'window',
        header: c.window,
        meta: { className: wrapping },
        cell: ({ row: { original: alert } }) => (
          <>
            {alert.forcedRestore ? (
              <ForcedRestoreOfAlert alert={alert.forcedRestore} at={alert.windowStart} />
            ) : (
              it.alerts.window(formatDateTime(alert.windowStart), formatDateTime(alert.windowEnd))
            )}
            {alert.rollback && (
              <RollbackOfAlert rollback={alert.rollback} path={rollbackPath(alert.rollback)} />
            )}
          </>
        ),
      },
      {
        id: 'changed',
        header: c.changed,
        meta: { className: cn(wrapping, 'text-right tabular-nums') },
        cell: ({ row }) => row.original.changed,
      },
      {
        id: 'deleted',
        header: c.deleted,
        meta: { className: cn(wrapping, 'text-right tabular-nums') },
        cell: ({ row }) => row.original.deleted,
      },
      {
        id: 'topFields',
        header: c.topFields,
        meta: { className: cn(wrapping, 'break-words') },
        cell: ({ row }) =>
          withoutFollowers(row.original.topFields, (f) => f.field)
            .map((f) => itAlerts.fieldCount(fieldLabel(kindOfObject(row.original.object), f.field), f.count))
            .join(', ') || '—',
      },
      ...(status === 'acknowledged'
        ? [
            {
              id: 'acknowledged',
              header: c.acknowledged,
              meta: { className: wrapping },
              cell: ({ row: { original: alert } }) =>
                alert.acknowledgedBy
                  ? itAlerts.acknowledgedBy(
                      alert.acknowledgedBy.username,
                      formatDateTime(alert.acknowledgedAt),
                    )
                  : '—',
            } satisfies ColumnDef<Alert>,
          ]
        : []),
    ],
    [status, rollbackPath],
  );
  // TanStack Table is not memoisable by the React Compiler; this component re-renders with its data anyway.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: alerts,
    columns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (alert) => String(alert.id),
  });
  const acknowledgeShown = status === 'open' && canAcknowledge;
  return (
    <DataTable
      table={table}
      loading={loading}
      emptyMessage={itAlerts.empty}
      aria-label={itAlerts.tabs[status]}
      rowActions={
        canPrepareRollback || acknowledgeShown
          ? {
              header: c.actions,
              label: (alert) => itAlerts.rowActions(agentOf(alert)),
              render: (alert) => (
                <>
                  {canPrepareRollback &&
                    alert.kind === 'mass-change' &&
                    !(alert.rollback && isOpenRollback(alert.rollback)) && (
                      <Button variant="outline" asChild>
                        <Link
                          aria-label={it.rollbacks.prepareOf(agentOf(alert))}
                          to={rollbackPrepareHref({
                            sfUserID: alert.sfUserID,
                            object: alert.object,
                            from: alert.windowStart,
                            to: alert.windowEnd,
                            alertId: alert.id,
                          })}
                        >
                          {it.rollbacks.prepare}
                        </Link>
                      </Button>
                    )}
                  {acknowledgeShown && (
                    <Button
                      variant="outline"
                      aria-label={itAlerts.acknowledgeOf(agentOf(alert))}
                      disabled={acknowledgeDisabled}
                      onClick={() => onAcknowledge(alert)}
                    >
                      <CheckCheck aria-hidden="true" />
                      {itAlerts.acknowledge}
                    </Button>
                  )}
                </>
              ),
            }
          : undefined
      }
    />
  );
}
