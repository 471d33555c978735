import { Download, Filter, X } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { toast } from '@/lib/toast';
import type { AuditFilter } from '@contract/audit';
import { DataFreshness } from '@/components/data-freshness';
import { LoadFailed } from '@/components/load-failed';
import { PageTitle } from '@/components/page-title';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Pagination } from '@/components/ui/pagination';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { it } from '@/i18n/it';
import { itAudit } from '@/i18n/it-audit';
import { formatDateTime } from '@/lib/dates';
import { FIRST_DAY, LAST_DAY } from '@/lib/day-input';
import { failureReason } from '@/lib/error-message';
import { useOnline } from '@/lib/online-status';
import { parsePageParam } from '@/lib/page-param';
import { useExportAuditCsv } from '../api/export-audit-csv';
import { AUDIT_FILTER_KEYS, auditFilterOf, useAuditLog } from '../api/get-audit-log';
import { AuditDetails } from './audit-details';
import { targetText } from './audit-text';

const c = itAudit.columns;

/** 'Audit' (ADMIN): the log of security events, restores and alerts, filtered, paged and exported as CSV. */
export function AuditPage() {
  const online = useOnline();
  const [params, setParams] = useSearchParams();
  const filter = auditFilterOf(params);
  const page = parsePageParam(params.get('page'));
  const log = useAuditLog({ filter, page });
  const exportCsv = useExportAuditCsv();
  const [draft, setDraft] = useState<AuditFilter>(filter);
  const [dateError, setDateError] = useState(false);

  const apply = (next: AuditFilter, nextPage = 1) =>
    setParams(() => {
      const updated = new URLSearchParams();
      for (const key of AUDIT_FILTER_KEYS) if (next[key]) updated.set(key, next[key]);
      updated.set('page', String(nextPage));
      return updated;
    });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const bad = Boolean(draft.dateFrom && draft.dateTo && draft.dateFrom > draft.dateTo);
    setDateError(bad);
    if (!bad) apply(draft);
  };

  const field = (key: (typeof AUDIT_FILTER_KEYS)[number]) => ({
    id: `audit-${key}`,
    value: draft[key] ?? '',
    onChange: (event: { target: { value: string } }) => setDraft({ ...draft, [key]: event.target.value }),
  });

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
      <form onSubmit={onSubmit} className="mb-4 flex flex-wrap items-end gap-3" noValidate>
        <div className="flex flex-col gap-2">
          <Label htmlFor="audit-user">{itAudit.user}</Label>
          <Input {...field('user')} placeholder={itAudit.userPlaceholder} autoComplete="off" />
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor="audit-action">{itAudit.action}</Label>
          <Input
            {...field('action')}
            placeholder={itAudit.actionPlaceholder}
            autoComplete="off"
            list="audit-actions"
          />
          {/* The codes the filter takes, each with its Italian name: a whole area by its prefix, or one action. */}
          <datalist id="audit-actions">
            {Object.entries({ ...itAudit.actionAreas, ...itAudit.actions }).map(([code, name]) => (
              <option key={code} value={code} label={name} />
            ))}
          </datalist>
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor="audit-dateFrom">{itAudit.dateFrom}</Label>
          <Input {...field('dateFrom')} type="date" min={FIRST_DAY} max={LAST_DAY} />
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor="audit-dateTo">{itAudit.dateTo}</Label>
          <Input
            {...field('dateTo')}
            type="date"
            min={FIRST_DAY}
            max={LAST_DAY}
            aria-invalid={dateError || undefined}
            aria-describedby={dateError ? 'audit-date-error' : undefined}
          />
        </div>
        <Button type="submit">
          <Filter aria-hidden="true" />
          {itAudit.apply}
        </Button>
        <Button
          type="button"
          variant="ghost"
          onClick={() => {
            setDraft({});
            setDateError(false);
            apply({});
          }}
        >
          <X aria-hidden="true" />
          {itAudit.clear}
        </Button>
        {dateError && (
          <p id="audit-date-error" role="alert" className="w-full text-sm text-destructive">
            {itAudit.dateOrder}
          </p>
        )}
      </form>
      <div className="mb-2 flex flex-wrap items-center justify-end gap-3 text-sm text-muted-foreground">
        {log.data && <span aria-live="polite">{itAudit.count(log.data.totalElements)}</span>}
        <DataFreshness
          readAt={log.dataUpdatedAt}
          refreshing={log.isFetching}
          onRefresh={() => void log.refetch()}
          online={online}
        />
      </div>
      {log.isError && !log.data ? (
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
                  <TableCell className="break-words">{entry.actorUsername ?? itAudit.system}</TableCell>
                  <TableCell>
                    {itAudit.actions[entry.action] ?? null}
                    <div className="font-mono text-xs text-muted-foreground">{entry.action}</div>
                  </TableCell>
                  <TableCell className="break-words">{targetText(entry.target)}</TableCell>
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
