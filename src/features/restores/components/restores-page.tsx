import { Suspense, useCallback, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { RESTORE_STATUSES, type RestoreStatus } from '@contract/restores';
import { DataFreshness, NeverReadOffline } from '@/components/data-freshness';
import { PageTitle } from '@/components/page-title';
import { Button } from '@/components/ui/button';
import { Pagination } from '@/components/ui/pagination';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { it } from '@/i18n/it';
import { itRestores } from '@/i18n/it-restores';
import { parseStatus, STATUS_PARAM, useRestoreRequests } from '../api/get-restore-requests';
import type { RestoreRequestView } from '@/domain/kinds/kind-def';
import { recordKinds } from '@/domain/kinds/record-kinds';
import type { RecordKind } from '@contract/record-kinds';
import { errorMessage } from '@/lib/error-message';
import { lazyNamed } from '@/lib/lazy-named';
import { useOnline } from '@/lib/online-status';
import { parsePageParam, usePageInRange } from '@/lib/page-param';
import { useSessionUser } from '@/lib/session-store';
import { RestoresTable } from './restores-table';

// The dialogs (the review's code boxes included) load when one is first opened, not with the list.
const RestoreDetailDialog = lazyNamed(() => import('./restore-detail-dialog'), 'RestoreDetailDialog');
const ReviewDialog = lazyNamed(() => import('./review-dialog'), 'ReviewDialog');

type OpenDialog =
  | { type: 'detail'; request: RestoreRequestView }
  | { type: 'review'; request: RestoreRequestView; approved: boolean }
  | null;

/**
 * 'Gestione ripristini casi' / 'contatti': the requests in three tabs (pending, approved, rejected), 10 a page,
 * each with its detail; pending ones are approved or rejected with the reviewer's code.
 */
export function RestoresPage({ kind }: { kind: RecordKind }) {
  const me = useSessionUser();
  const online = useOnline();
  const [params, setParams] = useSearchParams();
  const status = parseStatus(params.get(STATUS_PARAM));
  const page = parsePageParam(params.get('page'));
  const requests = useRestoreRequests({ kind, status, page });
  const [dialog, setDialog] = useState<OpenDialog>(null);

  const show = useCallback(
    (next: { status?: RestoreStatus; page: number }) =>
      setParams((current) => {
        const updated = new URLSearchParams(current);
        if (next.status) updated.set(STATUS_PARAM, next.status);
        updated.set('page', String(Math.max(1, Math.trunc(next.page))));
        return updated;
      }),
    [setParams],
  );
  const goToPage = useCallback((next: number) => show({ page: next }), [show]);
  const close = useCallback(() => setDialog(null), []);
  const onDetail = useCallback((request: RestoreRequestView) => setDialog({ type: 'detail', request }), []);
  const onReview = useCallback(
    (request: RestoreRequestView, approved: boolean) => setDialog({ type: 'review', request, approved }),
    [],
  );

  const totalPages = requests.data?.totalPages ?? 0;
  // After the last pending request of a page is reviewed the page may no longer exist: show the last one.
  usePageInRange(params.get('page'), page, totalPages, goToPage);

  return (
    <>
      <PageTitle>{recordKinds[kind].titles.restores}</PageTitle>
      <Tabs
        value={status}
        onValueChange={(value) => {
          setDialog(null);
          show({ status: parseStatus(value), page: 1 });
        }}
      >
        <div className="flex flex-wrap items-center justify-between gap-3">
          <TabsList>
            {RESTORE_STATUSES.map((value) => (
              <TabsTrigger key={value} value={value}>
                {itRestores.tabs[value]}
              </TabsTrigger>
            ))}
          </TabsList>
          <div className="flex items-center gap-3 text-sm text-muted-foreground">
            {!online && status === 'PENDING' && <span>{it.offline.onlineOnly}</span>}
            {requests.data && (
              <span aria-live="polite" data-testid="restores-count">
                {itRestores.count(requests.data.totalElements)}
              </span>
            )}
            <DataFreshness
              readAt={requests.dataUpdatedAt}
              refreshing={requests.isFetching}
              onRefresh={() => void requests.refetch()}
              online={online}
            />
          </div>
        </div>
        {/* One panel, shown under whichever tab is active: the tabs only change the status asked for. */}
        <TabsContent value={status} className="flex flex-col gap-4">
          {!online && !requests.data ? (
            <NeverReadOffline />
          ) : requests.isError && !requests.data ? (
            <div role="alert" className="flex flex-col items-start gap-3 rounded-md border p-4">
              <p className="font-medium">{itRestores.loadFailed}</p>
              <p className="text-sm text-muted-foreground">{errorMessage(requests.error)}</p>
              <Button variant="outline" onClick={() => void requests.refetch()}>
                {itRestores.retry}
              </Button>
            </div>
          ) : (
            <RestoresTable
              kind={kind}
              status={status}
              requests={requests.data?.content ?? []}
              loading={requests.isPending}
              onDetail={onDetail}
              onReview={onReview}
            />
          )}
          <Pagination page={page} totalPages={totalPages} onPageChange={goToPage} />
        </TabsContent>
      </Tabs>

      <Suspense>
        {dialog?.type === 'detail' && (
          <RestoreDetailDialog
            request={dialog.request}
            onReview={(approved) => setDialog({ type: 'review', request: dialog.request, approved })}
            onClose={close}
          />
        )}
        {dialog?.type === 'review' && me && (
          <ReviewDialog
            kind={kind}
            request={dialog.request}
            approved={dialog.approved}
            reviewerId={me.id}
            onClose={close}
          />
        )}
      </Suspense>
    </>
  );
}
