import { fresh, pageOf, type RouteRead } from '@/lib/screen-route';
import { auditFilterOf, auditLogQueryOptions } from './api/get-audit-log';

/** 'Audit': the filters and page in the URL. */
export const auditRead: RouteRead = ({ request }, queryClient) => {
  const options = auditLogQueryOptions({
    filter: auditFilterOf(new URL(request.url).searchParams),
    page: pageOf(request),
  });
  return fresh(() => queryClient.fetchQuery({ ...options, staleTime: 0 }));
};
