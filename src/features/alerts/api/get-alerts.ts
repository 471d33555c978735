import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ALERT_STATUSES, alertSchema, type AlertStatus } from '@contract/alerts';
import { pageOf } from '@contract/page';
import { apiData } from '@/lib/api-client';

export const ALERTS_PAGE_SIZE = 10;
/** The header's count of open alerts is read again this often while the app is visible. */
export const OPEN_ALERTS_REFRESH_MS = 60_000;

/** Every alerts query lives under this key: an acknowledgement invalidates it (lists and the header's count). */
export const alertsQueryKey = ['alerts'] as const;

/** The tab is kept in the URL next to `page`, so a reload or the back button shows the same list. */
export const ALERT_STATUS_PARAM = 'stato';

export const parseAlertStatus = (value: string | null): AlertStatus =>
  ALERT_STATUSES.find((status) => status === value) ?? 'open';

/** `page` is 1-based (the URL's); the API counts from 0. */
export type AlertListParams = { status: AlertStatus; page: number };

export const getAlerts = ({ status, page }: AlertListParams, size: number, signal?: AbortSignal) =>
  apiData('/alert/', {
    query: { status, page: page - 1, size, isPaged: true },
    schema: pageOf(alertSchema),
    signal,
  });

export const alertsQueryOptions = (params: AlertListParams) =>
  queryOptions({
    queryKey: [...alertsQueryKey, 'list', params],
    queryFn: ({ signal }) => getAlerts(params, ALERTS_PAGE_SIZE, signal),
    placeholderData: (previous, previousQuery) =>
      (previousQuery?.queryKey[2] as AlertListParams | undefined)?.status === params.status
        ? previous
        : undefined,
  });

export const useAlerts = (params: AlertListParams) =>
  useQuery({ ...alertsQueryOptions(params), refetchInterval: OPEN_ALERTS_REFRESH_MS, staleTime: 30_000 });

/** How many alerts are open: one row asked for, the total read. */
export const openAlertCountOptions = () =>
  queryOptions({
    queryKey: [...alertsQueryKey, 'open-count'],
    queryFn: ({ signal }) => getAlerts({ status: 'open', page: 1 }, 1, signal),
    select: (page) => page.totalElements,
    placeholderData: keepPreviousData,
    // The badge is a hint beside every screen: its failure neither signs the user out nor shows a message (the
    // screen's own calls do that).
    meta: { handles401: true },
  });

export const useOpenAlertCount = (enabled: boolean) =>
  useQuery({
    ...openAlertCountOptions(),
    enabled,
    refetchInterval: OPEN_ALERTS_REFRESH_MS,
    retry: false,
  });
