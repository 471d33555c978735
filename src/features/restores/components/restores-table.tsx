import { getCoreRowModel, useReactTable, type ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import type { RestoreStatus } from '@contract/restores';
import { DataTable } from '@/components/data-table';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { it } from '@/i18n/it';
import { itRestores } from '@/i18n/it-restores';
import type { RestoreRequestView } from '@/domain/kinds/kind-def';
import type { RecordKind } from '@contract/record-kinds';
import { formatDateTime } from '@/lib/dates';
import { decisionDateLabel, decisionDateText } from './decision-date';
import { outcomeText } from './restore-outcome';
import { fourEyesWhy } from '@/domain/four-eyes-why';
import { ReviewButtons } from './review-buttons';

const c = itRestores.columns;

/**
 * Headers wrap at their spaces, so that the table fits a tablet held upright. From 1280 px the cells do not: an id,
 * a name or a username is read on one line (when the row does not fit, its buttons move under it).
 */
const wrapping = { className: 'whitespace-normal', cellClassName: 'xl:whitespace-nowrap' };

/**
 * The requests of one tab: id, record, creation and decision date/time, who asked and who decided
 * (docs/product.md#restore-lists); every row opens its detail, pending rows have Approva and Rifiuta too.
 */
export function RestoresTable({
  kind,
  status,
  requests,
  loading,
  onDetail,
  onReview,
}: {
  kind: RecordKind;
  status: RestoreStatus;
  requests: RestoreRequestView[];
  loading: boolean;
  onDetail: (request: RestoreRequestView) => void;
  onReview: (request: RestoreRequestView, approved: boolean) => void;
}) {
  const columns = useMemo<ColumnDef<RestoreRequestView>[]>(
    () => [
      {
        id: 'id',
        header: c.id,
        meta: wrapping,
        cell: ({ row }) => <span className="tabular-nums">{row.original.id}</span>,
      },
      {
        id: 'record',
        header: kind === 'account' ? c.contact : c.case,
        cell: ({ row }) => {
          const outcome = outcomeText(row.original);
          return (
            <>
              {row.original.recordLabel ?? row.original.recordId}
              {outcome && (
                <span
                  className="block whitespace-normal break-words text-xs text-muted-foreground"
                  data-testid="restore-outcome"
                >
                  {outcome}
                </span>
              )}
            </>
          );
        },
        meta: wrapping,
      },
      {
        id: 'createdAt',
        header: c.createdAt,
        meta: wrapping,
        cell: ({ row }) => formatDateTime(row.original.createdAt),
      },
      {
        id: 'approvedAt',
        header: decisionDateLabel(status),
        meta: wrapping,
        cell: ({ row }) => {
          if (row.original.outcomeUnknownSince)
            return <Badge variant="warning">{itRestores.outcomeChecking}</Badge>;
          const text = decisionDateText(row.original.approvedAt);
          return row.original.approvedAt ? text : <span className="text-muted-foreground">{text}</span>;
        },
      },
      {
        id: 'requestedBy',
        header: c.requestedBy,
        meta: wrapping,
        cell: ({ row }) => row.original.userCreator.username,
      },
      {
        id: 'doneBy',
        header: c.doneBy,
        meta: wrapping,
        cell: ({ row }) => row.original.userReviewer?.username ?? it.values.empty,
      },
    ],
    [kind, status],
  );
  // TanStack Table is not memoisable by the React Compiler; this component re-renders with its data anyway.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: requests,
    columns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (request) => String(request.id),
  });
  return (
    <DataTable
      table={table}
      loading={loading}
      emptyMessage={it.common.noData}
      aria-label={itRestores.tabs[status]}
      rowActions={{
        header: c.actions,
        label: (request) => itRestores.rowActions(request.id),
        render: (request) => (
          <>
            {/* Compact, in words without icons (44 px high on touch): the buttons leave the columns their width. */}
            <Button
              variant="outline"
              size="sm"
              aria-label={itRestores.detailsOf(request.id)}
              onClick={() => onDetail(request)}
            >
              {itRestores.details}
            </Button>
            {request.status.status === 'PENDING' && (
              <ReviewButtons
                compact
                requestId={request.id}
                checking={request.outcomeUnknownSince !== null}
                heldBack={request.fourEyes !== null}
                heldWhy={
                  request.fourEyes ? fourEyesWhy(request.fourEyes, request.userCreator.username) : undefined
                }
                onReview={(approved) => onReview(request, approved)}
              />
            )}
          </>
        ),
      }}
    />
  );
}
