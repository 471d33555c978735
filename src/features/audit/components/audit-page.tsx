import { Download } from 'lucide-react';
import { useSearchParams } from 'react-router-dom';
import { toast } from '@/lib/toast';
import type { AuditEntry, AuditFilter } from '@contract/audit';
import { auditActionName, auditTargetText } from '@contract/audit-texts';
import { DataFreshness, NeverReadOffline } from '@/components/data-freshness';
import { LoadFailed } from '@/components/load-failed';
import { PageTitle } from '@/components/page-title';
import { Button } from '@/components/ui/button';
import { Pagination } from '@/components/ui/pagination';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { it } from '@/i18n/it';
import { itAudit } from '@/i18n/it-audit';
import { formatDateTime } from '@/lib/dates';
import { failureReason } from '@/lib/error-message';
import { useOnline } from '@/lib/online-status';
import { parsePageParam, usePageInRange } from '@/lib/page-param';
import { useExportAuditCsv } from '../api/export-audit-csv';
import { AUDIT_FILTER_KEYS, auditFilterOf, useAuditLog } from '../api/get-audit-log';
import { AuditDetails } from './audit-details';
import { AuditFilterForm } from './audit-filter-form';

const c = itAudit.columns;

/**
 * Who did it, as the filter finds them: a user by the name they have now, with the one the event recorded when they
 * were renamed since (that is the name they had then, and the one the CSV export keeps).
 */
function ActorName({ entry }: { entry: AuditEntry }) {
  const current = entry.actorCurrentUsername ?? entry.actorUsername;
  if (current === null) return itAudit.system;
  const former = entry.actorUsername !== null && entry.actorUsername !== current ? entry.actorUsername : null;
  return (
    <>
      {current}
      {former !== null && <div className="text-xs text-muted-foreground">{itAudit.formerName(former)}</div>}
    </>
  );
}

/** 'Audit' (ADMIN): the log of security events, restores and alerts, filtered, paged and exported as CSV. */
export function AuditPage() {
  const online = useOnline();
  const [params, setParams] = useSearchParams();
  const filter = auditFilterOf(params);
  const page = parsePageParam(params.get('page'));
  const log = useAuditLog({ filter, page });
  const exportCsv = useExportAuditCsv();
  const apply = (next: AuditFilter, nextPage = 1) =>
    setParams(() => {
      const updated = new URLSearchParams();
      for (const key of AUDIT_FILTER_KEYS) if (next[key]) updated.set(key, next[key]);
      updated.set('page', String(nextPage));
      return updated;
    });
  usePageInRange(params.get('page'), page, log.data?.totalPages ?? 0, (next) => apply(filter, next));

  return (
    <>
      <PageTitle
        actions={
          <Button
            variant="outline"
            disabled={!online || exportCsv.isPending}
            aria-busy={exportCsv.isPending}
            onClick={() =>
              exportCsv.mutate(filter, {
                onError: (error) => toast.error(itAudit.exportFailed, { description: failureReason(error) }),
              })
            }
          >
            <Download aria-hidden="true" />
            {itAudit.export}
          </Button>
        }
      >
        {it.pages.audit}
      </PageTitle>
      <p className="mb-4 text-sm text-muted-foreground">{itAudit.intro}</p>
      <AuditFilterForm filter={filter} onApply={(next) => apply(next)} />
      <div className="mb-2 flex flex-wrap items-center justify-end gap-3 text-sm text-muted-foreground">
        {log.data && <span aria-live="polite">{itAudit.count(log.data.totalElements)}</span>}
        <DataFreshness
          readAt={log.dataUpdatedAt}
          refreshing={log.isFetching}
          onRefresh={() => void log.refetch()}
          online={online}
        />
      </div>
      {!online && !log.data ? (
        // The log is not kept on the device: offline there is nothing to show until the network is back.
        <NeverReadOffline message={itAudit.offline} />
      ) : log.isError && !log.data ? (
        <LoadFailed
          title={itAudit.loadFailed}
          error={log.error}
          retryLabel={itAudit.retry}
          onRetry={() => void log.refetch()}
        />
      ) : (
        <Table aria-label={it.pages.audit} aria-busy={log.isPending || undefined}>
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              <TableHead>{c.at}</TableHead>
              <TableHead>{c.user}</TableHead>
              <TableHead>{c.action}</TableHead>
              <TableHead>{c.target}</TableHead>
              <TableHead>{c.ip}</TableHead>
              <TableHead>{c.details}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {log.isPending ? (
              Array.from({ length: 5 }, (_, i) => (
                <TableRow key={i} className="hover:bg-transparent">
                  <TableCell colSpan={6}>
                    <Skeleton className="h-5 w-full" />
                  </TableCell>
                </TableRow>
              ))
            ) : log.data?.content.length ? (
              log.data.content.map((entry) => (
                <TableRow key={entry.id}>
                  <TableCell className="whitespace-nowrap">{formatDateTime(entry.at)}</TableCell>
                  <TableCell className="break-words">
                    <ActorName entry={entry} />
                  </TableCell>
                  <TableCell>
                    {auditActionName(entry.action) ?? null}
                    <div className="font-mono text-xs text-muted-foreground">{entry.action}</div>
                  </TableCell>
                  <TableCell className="break-words">
                    {auditTargetText(entry.target, entry.crmUserName)}
                  </TableCell>
                  <TableCell className="whitespace-nowrap">{entry.ip ?? ''}</TableCell>
                  <TableCell className="max-w-md text-xs">
                    <AuditDetails entry={entry} />
                  </TableCell>
                </TableRow>
              ))
            ) : (
              <TableRow className="hover:bg-transparent">
                <TableCell colSpan={6} className="py-6 text-center text-muted-foreground">
                  {it.common.emptyTable}
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      )}
      <Pagination
        className="mt-4"
        page={page}
        totalPages={log.data?.totalPages ?? 0}
        onPageChange={(next) => apply(filter, next)}
      />
    </>
  );
}
