import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { envelopeOf } from '@contract/envelope';
import { pageOf } from '@contract/page';
import { revisionSchema } from '@contract/revisions';
import { apiRequest } from '@/lib/api-client';

const HISTORY_PAGE_SIZE = 20;

/** `GET /revision-account/{id}/history`: every revision of a contact, newest first; `page` is 0-based. */
export const getAccountHistory = (accountId: string, page: number, signal?: AbortSignal) =>
  apiRequest(`/revision-account/${encodeURIComponent(accountId)}/history`, {
    query: { page, size: HISTORY_PAGE_SIZE, isPaged: true },
    schema: envelopeOf(pageOf(revisionSchema)),
    signal,
  }).then((answer) => answer.data.query);

export const accountHistoryOptions = (accountId: string) =>
  infiniteQueryOptions({
    queryKey: ['contacts', 'history', accountId],
    queryFn: ({ pageParam, signal }) => getAccountHistory(accountId, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last) => (last.number + 1 < last.totalPages ? last.number + 1 : undefined),
  });

/** Loaded only once the timeline is opened. */
export const useAccountHistory = (accountId: string, enabled: boolean) =>
  useInfiniteQuery({ ...accountHistoryOptions(accountId), enabled });
