import type { LoaderFunctionArgs } from 'react-router-dom';
import { ALERT_STATUS_PARAM, alertsQueryOptions, parseAlertStatus } from '@/features/alerts/api/get-alerts';
import { auditFilterOf, auditLogQueryOptions } from '@/features/audit/api/get-audit-log';
import { recordRevisionsOptions } from '@/domain/comparison/get-record-revisions';
import { searchRecordsOptions } from '@/features/search/api/search-records';
import {
  parseRollbackStatus,
  rollbacksQueryOptions,
  type RollbacksView,
} from '@/features/rollbacks/api/get-rollbacks';
import { detailSearchOf } from '@/domain/comparison/use-detail-search';
import { recordRoutes } from '@/domain/kinds/record-routes';
import { usersQueryOptions } from '@/features/users/api/get-users';
import { ROLLBACK_STATUS_PARAM } from '@/domain/rollback-link';
import {
  parseStatus,
  restoreRequestsQueryOptions,
  STATUS_PARAM,
} from '@/features/restores/api/get-restore-requests';
import type { RecordKind } from '@contract/record-kinds';
import { parsePageParam } from '@/lib/page-param';
import { searchState } from '@/domain/search-state';
import { sessionStore } from '@/lib/session-store';
import { queryClient } from './query-client';

/**
 * Route loaders read a list from the server on every navigation to it (stale time 0), through the same query
 * the screen then shows, so the screen itself never refetches on mount or focus
 * (docs/product.md#reading-fresh-data, decision 012). Offline they read nothing: the screen shows the saved
 * copy, or says it has none. Without a session they read nothing either: the page shows sign-in, and a call
 * without a token would only be refused with 'Sessione scaduta' to someone who never signed in. A failed read
 * is left to the screen's own error state.
 */
const fresh = (read: () => Promise<unknown>): null => {
  // Not awaited: the page opens at once with its loading bars (or the rows it had) while the read runs, instead of
  // a blank screen on the first load; the screen's query joins this read rather than starting another.
  if (navigator.onLine && sessionStore.user()) read().catch(() => undefined);
  return null;
};

const pageOf = (request: Request) => parsePageParam(new URL(request.url).searchParams.get('page'));

/** `/contatti/contatti`, `/casi/casi`: the kept search's page, when there is one. */
export const searchLoader =
  (kind: RecordKind) =>
  ({ request }: LoaderFunctionArgs) => {
    const search = searchState.search(kind);
    const options = search && searchRecordsOptions(kind, search, pageOf(request) - 1);
    return options ? fresh(() => queryClient.fetchQuery({ ...options, staleTime: 0 })) : null;
  };

/**
 * `/contatti/{id}`, `/casi/{id}`: the record's versions at the dates of the link (or of the kept search). Their
 * differences are not read again: a pair of revisions never changes. Offline, the comparison of the record saved
 * on this device is read while the screen's code loads, so that the screen shows it in its first render.
 */
export const detailLoader =
  (kind: RecordKind) =>
  async ({ request, params }: LoaderFunctionArgs) => {
    const recordId = params[recordRoutes[kind].detailParam] ?? '';
    if (!recordId) return null;
    if (!navigator.onLine) {
      const user = sessionStore.user();
      // The detail screen's own chunk: the other routes' loaders do not carry it.
      const { latestComparison } = await import('@/offline/comparison-store');
      if (user) await latestComparison(user.id, kind, recordId).catch(() => undefined);
      return null;
    }
    const search = detailSearchOf(kind, new URL(request.url).searchParams);
    const options = recordRevisionsOptions(kind, recordId, search);
    return fresh(() => queryClient.fetchQuery({ ...options, staleTime: 0 }));
  };

/** The restore lists: the tab and page in the URL. */
export const restoresLoader =
  (kind: RecordKind) =>
  ({ request }: LoaderFunctionArgs) => {
    const options = restoreRequestsQueryOptions({
      kind,
      status: parseStatus(new URL(request.url).searchParams.get(STATUS_PARAM)),
      page: pageOf(request),
    });
    return fresh(() => queryClient.fetchQuery({ ...options, staleTime: 0 }));
  };

/** 'Gestione rollback' and 'Le mie richieste di rollback': the tab and page in the URL. */
export const rollbacksLoader =
  (view: RollbacksView) =>
  ({ request }: LoaderFunctionArgs) => {
    const options = rollbacksQueryOptions({
      view,
      status: parseRollbackStatus(new URL(request.url).searchParams.get(ROLLBACK_STATUS_PARAM)),
      page: pageOf(request),
    });
    return fresh(() => queryClient.fetchQuery({ ...options, staleTime: 0 }));
  };

/** 'Avvisi': the tab and page in the URL. */
export const alertsLoader = ({ request }: LoaderFunctionArgs) => {
  const options = alertsQueryOptions({
    status: parseAlertStatus(new URL(request.url).searchParams.get(ALERT_STATUS_PARAM)),
    page: pageOf(request),
  });
  return fresh(() => queryClient.fetchQuery({ ...options, staleTime: 0 }));
};

/** 'Audit': the filters and page in the URL. */
export const auditLoader = ({ request }: LoaderFunctionArgs) => {
  const options = auditLogQueryOptions({
    filter: auditFilterOf(new URL(request.url).searchParams),
    page: pageOf(request),
  });
  return fresh(() => queryClient.fetchQuery({ ...options, staleTime: 0 }));
};
/** 'Gestione utenti': the page in the URL, unfiltered (the filter is typed on the screen and read as typed). */
export const usersLoader = ({ request }: LoaderFunctionArgs) =>
  fresh(() =>
    queryClient.fetchQuery({ ...usersQueryOptions({ page: pageOf(request), filter: '' }), staleTime: 0 }),
  );
