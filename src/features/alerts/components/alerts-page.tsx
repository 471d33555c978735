import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import { toast } from '@/lib/toast';
import { ALERT_STATUSES, type Alert, type AlertRollback, type AlertStatus } from '@contract/alerts';
import { DataFreshness, NeverReadOffline } from '@/components/data-freshness';
import { LoadFailed } from '@/components/load-failed';
import { PageTitle } from '@/components/page-title';
import { Pagination } from '@/components/ui/pagination';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { it } from '@/i18n/it';
import { itAlerts } from '@/i18n/it-alerts';
import { failureReason } from '@/lib/error-message';
import { useOnline } from '@/lib/online-status';
import { parsePageParam, usePageInRange } from '@/lib/page-param';
import { OWN_ROLLBACKS_PATH, ROLLBACKS_PATH } from '@/domain/rollback-link';
import {
  canAcknowledgeAlerts,
  canFollowOwnRollbacks,
  canRequestRollback,
  canReviewRollbacks,
} from '@/domain/roles';
import { useSessionUser } from '@/lib/session-store';
import { useAcknowledgeAlert } from '../api/acknowledge-alert';
import { ALERT_STATUS_PARAM, parseAlertStatus, useAlerts } from '../api/get-alerts';
import { AlertsTable } from './alerts-table';

/** 'Avvisi' (every role): mass changes to check, and those already seen; reviewers confirm they saw one. */
export function AlertsPage() {
  const me = useSessionUser();
  const online = useOnline();
  const [params, setParams] = useSearchParams();
  const status = parseAlertStatus(params.get(ALERT_STATUS_PARAM));
  const page = parsePageParam(params.get('page'));
  const alerts = useAlerts({ status, page });
  const acknowledge = useAcknowledgeAlert();

  const show = useCallback(
    (next: { status?: AlertStatus; page: number }) =>
      setParams((current) => {
        const updated = new URLSearchParams(current);
        if (next.status) updated.set(ALERT_STATUS_PARAM, next.status);
        updated.set('page', String(Math.max(1, Math.trunc(next.page))));
        return updated;
      }),
    [setParams],
  );
  const goToPage = useCallback((next: number) => show({ page: next }), [show]);
  const onAcknowledge = useCallback(
    (alert: Alert) =>
      acknowledge.mutate(alert.id, {
        onSuccess: () => toast.success(itAlerts.acknowledged),
        onError: (error) => toast.error(itAlerts.acknowledgeFailed, { description: failureReason(error) }),
      }),
    [acknowledge],
  );

  // A reviewer reads every rollback in 'Gestione rollback'; USER_RANA only those she asked for, among her own.
  const rollbackPath = useCallback(
    (rollback: AlertRollback) =>
      me && canReviewRollbacks(me.role)
        ? ROLLBACKS_PATH
        : me && canFollowOwnRollbacks(me.role) && rollback.requestedBy.id === me.id
          ? OWN_ROLLBACKS_PATH
          : null,
    [me],
  );

  const totalPages = alerts.data?.totalPages ?? 0;
  // After the last open alert of a page is acknowledged the page may no longer exist: show the last one.
  usePageInRange(params.get('page'), page, totalPages, goToPage);

  return (
    <>
      <PageTitle>{it.pages.alerts}</PageTitle>
      <p className="mb-4 text-sm text-muted-foreground">{itAlerts.intro}</p>
      <Tabs value={status} onValueChange={(value) => show({ status: parseAlertStatus(value), page: 1 })}>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <TabsList>
            {ALERT_STATUSES.map((value) => (
              <TabsTrigger key={value} value={value}>
                {itAlerts.tabs[value]}
              </TabsTrigger>
            ))}
          </TabsList>
          <div className="flex items-center gap-3 text-sm text-muted-foreground">
            {!online && status === 'open' && <span>{it.offline.onlineOnly}</span>}
            {alerts.data && (
              <span aria-live="polite" data-testid="alerts-count">
                {itAlerts.count(alerts.data.totalElements)}
              </span>
            )}
            <DataFreshness
              readAt={alerts.dataUpdatedAt}
              refreshing={alerts.isFetching}
              onRefresh={() => void alerts.refetch()}
              online={online}
            />
          </div>
        </div>
        <TabsContent value={status} className="flex flex-col gap-4">
          {!online && !alerts.data ? (
            <NeverReadOffline />
          ) : alerts.isError && !alerts.data ? (
            <LoadFailed
              title={itAlerts.loadFailed}
              error={alerts.error}
              retryLabel={itAlerts.retry}
              onRetry={() => void alerts.refetch()}
            />
          ) : (
            <AlertsTable
              status={status}
              alerts={alerts.data?.content ?? []}
              loading={alerts.isPending}
              canAcknowledge={Boolean(me && canAcknowledgeAlerts(me.role))}
              canPrepareRollback={Boolean(me && canRequestRollback(me.role))}
              rollbackPath={rollbackPath}
              acknowledgeDisabled={!online || acknowledge.isPending}
              onAcknowledge={onAcknowledge}
            />
          )}
          <Pagination page={page} totalPages={totalPages} onPageChange={goToPage} />
        </TabsContent>
      </Tabs>
    </>
  );
}
