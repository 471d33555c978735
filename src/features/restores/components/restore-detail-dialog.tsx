import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { it } from '@/i18n/it';
import { itRestores } from '@/i18n/it-restores';
import type { RestoreRequestView } from '@/domain/kinds/kind-def';
import { formatDateTime, formatDay } from '@/lib/dates';
import { decisionDateLabel, decisionDateText } from './decision-date';
import { outcomeText } from './restore-outcome';
import { fourEyesWhy } from '@/domain/four-eyes-why';
import { ReviewButtons } from './review-buttons';
import { restoredValues } from './restored-values';

const r = itRestores;

const statusBadge = { PENDING: 'warning', APPROVED: 'secondary', REJECTED: 'outline' } as const;

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-xs font-medium uppercase text-muted-foreground">{label}</dt>
      <dd className="break-words">{children}</dd>
    </div>
  );
}

/**
 * One request in full: who asked and when, the decision date (labelled as in docs/product.md#restore-lists),
 * and exactly the fields the restore writes, with their values: the chosen ones when the requester chose
 * some, else every field that differed. A pending request can be reviewed from here.
 */
export function RestoreDetailDialog({
  request,
  onReview,
  onClose,
}: {
  request: RestoreRequestView;
  onReview: (approved: boolean) => void;
  onClose: () => void;
}) {
  const status = request.status.status;
  const values = restoredValues(request);
  const outcome = outcomeText(request);
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-3xl">
        <DialogHeader>
          <DialogTitle>{r.detailTitle(request.id)}</DialogTitle>
          <DialogDescription>{r.detailDescription}</DialogDescription>
        </DialogHeader>
        <dl className="grid grid-cols-1 gap-3 text-sm sm:grid-cols-2">
          <Item label={request.kind === 'account' ? r.columns.contact : r.columns.case}>
            {request.recordLabel ?? request.recordId}
          </Item>
          <Item label={r.status}>
            <Badge variant={statusBadge[status]}>
              {request.outcomeUnknownSince ? r.outcomeChecking : r.statuses[status]}
            </Badge>
          </Item>
          <Item label={r.type}>{r.types[request.restoreType.type]}</Item>
          <Item label={r.searchedRange}>
            {r.range(formatDay(request.dateFrom), formatDay(request.dateTo))}
          </Item>
          <Item label={r.columns.requestedBy}>{request.userCreator.username}</Item>
          <Item label={r.columns.createdAt}>{formatDateTime(request.createdAt)}</Item>
          <Item label={r.columns.doneBy}>{request.userReviewer?.username ?? it.values.empty}</Item>
          <Item label={decisionDateLabel(status)}>{decisionDateText(request.approvedAt)}</Item>
          {outcome && <Item label={r.outcome}>{outcome}</Item>}
        </dl>
        {request.outcomeUnknownSince && (
          <p role="status" className="text-sm text-amber-900">
            {r.outcomeCheckingDetail}
          </p>
        )}
        {status === 'PENDING' && request.fourEyes && (
          <p role="note" className="text-sm text-amber-900">
            {fourEyesWhy(request.fourEyes, request.userCreator.username)}
          </p>
        )}
        <section aria-label={r.differences} className="flex flex-col gap-2">
          <h3 className="font-semibold">{r.differences}</h3>
          {request.fields && (
            <p className="text-sm">
              <Badge variant="secondary">{r.onlyChosen}</Badge>{' '}
              <span className="text-muted-foreground">{r.onlyChosenDetail}</span>
            </p>
          )}
          {values === null ? (
            <p role="alert" className="text-sm text-destructive">
              {it.compare.invalidJson}
            </p>
          ) : values.length === 0 ? (
            <p className="text-sm text-muted-foreground">{r.noDifferences}</p>
          ) : (
            <Table aria-label={r.differences}>
              <TableHeader>
                <TableRow className="hover:bg-transparent">
                  <TableHead>{r.field}</TableHead>
                  <TableHead>{r.targetValue}</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {values.map(({ field, label, target }) => (
                  <TableRow key={field}>
                    <TableCell className="font-medium">{label}</TableCell>
                    <TableCell className="whitespace-pre-wrap break-words">{target}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </section>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            {it.common.close}
          </Button>
          {status === 'PENDING' && (
            <ReviewButtons
              requestId={request.id}
              onReview={onReview}
              checking={request.outcomeUnknownSince !== null}
              heldBack={request.fourEyes !== null}
            />
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
