import { useState } from 'react';
import type { RollbackRecord } from '@contract/rollbacks';
import { PartLoading } from '@/components/part-loading';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Pagination } from '@/components/ui/pagination';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { itRollbacks } from '@/i18n/it-rollbacks';
import { errorMessage } from '@/lib/error-message';
import { kindOfObject } from '@contract/record-kinds';
import { fieldLabel } from '@/domain/field-labels';
import { formatSnapshotValue } from '@/domain/snapshot-value';
import type { RecordKind } from '@contract/record-kinds';
import { useRollback } from '../api/get-rollback';
import { pendingOutcome, rollbackState } from '@/domain/rollback-state';
import { recordReason } from '@contract/rollback-reasons';

const t = itRollbacks;

/**
 * Why the record came out as it did, or the fields written; for a record still to be applied, what its write
 * changes (the value each field goes back to, and the one it holds).
 */
function RecordDetails({ record, kind }: { record: RollbackRecord; kind: RecordKind }) {
  if (record.outcome === null && record.changes.length > 0)
    return (
      <ul className="flex flex-col gap-1">
        {record.changes.map((c) => (
          <li key={c.field}>
            {t.changeBack(
              fieldLabel(kind, c.field),
              formatSnapshotValue(c.before),
              formatSnapshotValue(c.after),
            )}
          </li>
        ))}
      </ul>
    );
  const reason = recordReason(record);
  if (!reason)
    return record.written.length > 0 ? record.written.map((f) => fieldLabel(kind, f)).join(', ') : '—';
  return (
    <>
      {reason.text}
      {reason.detail && <div className="text-xs text-muted-foreground">{reason.detail}</div>}
      {record.changedBy && (
        <div className="text-xs text-muted-foreground">
          {t.changedSinceBy(record.changedBy.name ?? record.changedBy.id)}
        </div>
      )}
    </>
  );
}

/** A rollback's progress and its records' outcomes, 10 a page, read again while it runs. */
export function RollbackDetailDialog({ id, onClose }: { id: number; onClose: () => void }) {
  const [page, setPage] = useState(1);
  const detail = useRollback(id, page);
  const data = detail.data;
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-3xl">
        <DialogHeader>
          <DialogTitle>{t.detailTitle(id)}</DialogTitle>
          <DialogDescription>{t.detailDescription}</DialogDescription>
        </DialogHeader>
        {!data ? (
          detail.isError ? (
            <p role="alert">{errorMessage(detail.error)}</p>
          ) : (
            <PartLoading />
          )
        ) : (
          <div className="flex flex-col gap-3">
            <p className="font-medium" data-testid="rollback-detail-progress">
              {t.progress(data.done, data.total)} · {rollbackState(data)}
            </p>
            <p className="text-sm">{t.counts(data.restored, data.skipped, data.refused, data.unknown)}</p>
            <p className="text-sm text-muted-foreground">
              {t.fieldsTitle}:{' '}
              {data.fields
                ? data.fields.map((f) => fieldLabel(kindOfObject(data.object), f)).join(', ')
                : t.allFields}
            </p>
            <Table aria-label={t.detailTitle(id)} className="table-fixed">
              <TableHeader>
                <TableRow>
                  <TableHead>{t.record}</TableHead>
                  <TableHead>{t.outcomeColumn}</TableHead>
                  <TableHead>{t.messageColumn}</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {data.outcomes.content.map((o) => (
                  <TableRow key={o.recordId}>
                    <TableCell className="whitespace-normal [overflow-wrap:anywhere]">
                      {o.label ?? o.recordId}
                      {o.laterChanged && (
                        <div className="text-xs text-muted-foreground">{t.laterChanged}</div>
                      )}
                    </TableCell>
                    <TableCell>{o.outcome ? t.outcomes[o.outcome] : pendingOutcome(data)}</TableCell>
                    <TableCell className="text-sm whitespace-normal [overflow-wrap:anywhere]">
                      <RecordDetails record={o} kind={kindOfObject(data.object)} />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            <Pagination page={page} totalPages={data.outcomes.totalPages} onPageChange={setPage} />
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
