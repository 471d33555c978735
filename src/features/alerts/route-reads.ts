import { fresh, pageOf, type RouteRead } from '@/lib/screen-route';
import { ALERT_STATUS_PARAM, alertsQueryOptions, parseAlertStatus } from './api/get-alerts';

/** 'Avvisi': the tab and page in the URL. */
export const alertsRead: RouteRead = ({ request }, queryClient) => {
  const options = alertsQueryOptions({
    status: parseAlertStatus(new URL(request.url).searchParams.get(ALERT_STATUS_PARAM)),
    page: pageOf(request),
  });
  return fresh(() => queryClient.fetchQuery({ ...options, staleTime: 0 }));
};
