import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { auditEntrySchema, type AuditFilter } from '@contract/audit';
import { pageOf } from '@contract/page';
import { apiData } from '@/lib/api-client';

export const AUDIT_PAGE_SIZE = 20;

export const auditQueryKey = ['audit'] as const;

export const AUDIT_FILTER_KEYS = ['user', 'action', 'dateFrom', 'dateTo'] as const;

/** The filters are kept in the URL, so a reload, the back button and a shared link show the same list. */
export function auditFilterOf(params: URLSearchParams): AuditFilter {
  const filter: AuditFilter = {};
  for (const key of AUDIT_FILTER_KEYS) {
    const value = params.get(key)?.trim();
    if (value) filter[key] = value;
  }
  return filter;
}

/** `page` is 1-based (the URL's); the API counts from 0. */
export type AuditListParams = { filter: AuditFilter; page: number };

/** `GET /audit/` (ADMIN): newest first, filtered by user, action (or its prefix) and days. */
export const getAuditLog = ({ filter, page }: AuditListParams, signal?: AbortSignal) =>
  apiData('/audit/', {
    query: { ...filter, page: page - 1, size: AUDIT_PAGE_SIZE, isPaged: true },
    schema: pageOf(auditEntrySchema),
    signal,
  });

export const auditLogQueryOptions = (params: AuditListParams) =>
  queryOptions({
    queryKey: [...auditQueryKey, 'list', params],
    queryFn: ({ signal }) => getAuditLog(params, signal),
    placeholderData: keepPreviousData,
  });

export const useAuditLog = (params: AuditListParams) => useQuery(auditLogQueryOptions(params));
