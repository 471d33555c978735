import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ROLLBACK_STATUSES, type RollbackRequest, type RollbackStatus } from '@contract/rollbacks';
import { DataFreshness, NeverReadOffline } from '@/components/data-freshness';
import { LoadFailed } from '@/components/load-failed';
import { PageTitle } from '@/components/page-title';
import { Pagination } from '@/components/ui/pagination';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { it } from '@/i18n/it';
import { itRollbacks } from '@/i18n/it-rollbacks';
import { useOnline } from '@/lib/online-status';
import { parsePageParam, usePageInRange } from '@/lib/page-param';
import { ROLLBACK_DETAIL_PARAM, ROLLBACK_STATUS_PARAM } from '@/domain/rollback-link';
import { useSessionUser } from '@/lib/session-store';
import { parseRollbackStatus, useRollbacks, type RollbacksView } from '../api/get-rollbacks';
import { RollbackDetailDialog } from './rollback-detail-dialog';
import { RollbackReviewDialog } from './rollback-review-dialog';
import { RollbackStopDialog } from './rollback-stop-dialog';
import { RollbacksTable, type ReviewActions } from './rollbacks-table';

const t = itRollbacks;

type OpenDialog =
  | { type: 'detail'; rollback: RollbackRequest }
  | { type: 'review'; rollback: RollbackRequest; approved: boolean }
  | { type: 'stop'; rollback: RollbackRequest }
  | null;

/**
 * The rollbacks in the restore lists' three tabs (docs/product.md#agent-rollbacks) with a progress column
 * ('12 / 340') and each one's detail. `view` 'review': 'Gestione rollback' (ADMIN, USER_{PRODUCT}), every
 * request; pending ones are approved or rejected with a code, running ones can be stopped. `view` 'own': 'Le
 * mie richieste di rollback' (USER_RANA), the requests she made, which she follows and does not decide.
 */
export function RollbacksPage({ view }: { view: RollbacksView }) {
  const me = useSessionUser();
  const online = useOnline();
  const [params, setParams] = useSearchParams();
  const status = parseRollbackStatus(params.get(ROLLBACK_STATUS_PARAM));
  const page = parsePageParam(params.get('page'));
  // A link from an alert names the rollback whose detail opens.
  const linked = /^\d{1,9}$/.test(params.get(ROLLBACK_DETAIL_PARAM) ?? '')
    ? Number(params.get(ROLLBACK_DETAIL_PARAM))
    : null;
  const closeLinked = useCallback(
    () =>
      setParams((current) => {
        const updated = new URLSearchParams(current);
        updated.delete(ROLLBACK_DETAIL_PARAM);
        return updated;
      }),
    [setParams],
  );
  const rollbacks = useRollbacks({ view, status, page });
  const [dialog, setDialog] = useState<OpenDialog>(null);

  const show = useCallback(
    (next: { status?: RollbackStatus; page: number }) =>
      setParams((current) => {
        const updated = new URLSearchParams(current);
        if (next.status) updated.set(ROLLBACK_STATUS_PARAM, next.status);
        updated.set('page', String(Math.max(1, Math.trunc(next.page))));
        return updated;
      }),
    [setParams],
  );
  const goToPage = useCallback((next: number) => show({ page: next }), [show]);

  const review: ReviewActions | undefined =
    view === 'review'
      ? {
          disabled: !online,
          onReview: (rollback, approved) => setDialog({ type: 'review', rollback, approved }),
          onStop: (rollback) => setDialog({ type: 'stop', rollback }),
        }
      : undefined;

  const totalPages = rollbacks.data?.totalPages ?? 0;
  usePageInRange(params.get('page'), page, totalPages, goToPage);

  return (
    <>
      <PageTitle>{review ? it.layout.rollbacks : it.layout.ownRollbacks}</PageTitle>
      {!review && <p className="mb-4 text-sm text-muted-foreground">{t.ownIntro}</p>}
      <Tabs
        value={status}
        onValueChange={(value) => {
          setDialog(null);
          show({ status: parseRollbackStatus(value), page: 1 });
        }}
      >
        <div className="flex flex-wrap items-center justify-between gap-3">
          <TabsList>
            {ROLLBACK_STATUSES.map((value) => (
              <TabsTrigger key={value} value={value}>
                {t.tabs[value]}
              </TabsTrigger>
            ))}
          </TabsList>
          <div className="flex items-center gap-3 text-sm text-muted-foreground">
            {review && !online && status === 'PENDING' && <span>{it.offline.onlineOnly}</span>}
            {rollbacks.data && (
              <span aria-live="polite" data-testid="rollbacks-count">
                {t.countLabel(rollbacks.data.totalElements)}
              </span>
            )}
            <DataFreshness
              readAt={rollbacks.dataUpdatedAt}
              refreshing={rollbacks.isFetching}
              onRefresh={() => void rollbacks.refetch()}
              online={online}
            />
          </div>
        </div>
        <TabsContent value={status} className="flex flex-col gap-4">
          {!online && !rollbacks.data ? (
            <NeverReadOffline />
          ) : rollbacks.isError && !rollbacks.data ? (
            <LoadFailed
              title={t.listFailed}
              error={rollbacks.error}
              retryLabel={t.retry}
              onRetry={() => void rollbacks.refetch()}
            />
          ) : (
            <RollbacksTable
              // A tab's table starts at its left edge, whatever the other tab's was scrolled to.
              key={status}
              status={status}
              rollbacks={rollbacks.data?.content ?? []}
              loading={rollbacks.isPending}
              emptyMessage={review ? it.common.noData : t.ownEmpty[status]}
              onDetail={(rollback) => setDialog({ type: 'detail', rollback })}
              review={review}
            />
          )}
          <Pagination page={page} totalPages={totalPages} onPageChange={goToPage} />
        </TabsContent>
      </Tabs>
      {linked !== null && !dialog && <RollbackDetailDialog id={linked} onClose={closeLinked} />}
      {dialog?.type === 'detail' && (
        <RollbackDetailDialog id={dialog.rollback.id} onClose={() => setDialog(null)} />
      )}
      {dialog?.type === 'stop' && (
        <RollbackStopDialog rollback={dialog.rollback} onClose={() => setDialog(null)} />
      )}
      {dialog?.type === 'review' && me && (
        <RollbackReviewDialog
          rollback={dialog.rollback}
          approved={dialog.approved}
          reviewerId={me.id}
          onClose={() => setDialog(null)}
        />
      )}
    </>
  );
}
