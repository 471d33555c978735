import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { envelopeOf } from '@contract/envelope';
import { pageOf } from '@contract/page';
import { revisionSchema } from '@contract/revisions';
import { apiRequest } from '@/lib/api-client';

const HISTORY_PAGE_SIZE = 20;

/** `GET /revision-case/{id}/history`: every revision of a case, newest first; `page` is 0-based. */
export const getCaseHistory = (caseId: string, page: number, signal?: AbortSignal) =>
  apiRequest(`/revision-case/${encodeURIComponent(caseId)}/history`, {
    query: { page, size: HISTORY_PAGE_SIZE, isPaged: true },
    schema: envelopeOf(pageOf(revisionSchema)),
    signal,
  }).then((answer) => answer.data.query);

export const caseHistoryOptions = (caseId: string) =>
  infiniteQueryOptions({
    queryKey: ['cases', 'history', caseId],
    queryFn: ({ pageParam, signal }) => getCaseHistory(caseId, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last) => (last.number + 1 < last.totalPages ? last.number + 1 : undefined),
  });

/** Loaded only once the timeline is opened. */
export const useCaseHistory = (caseId: string, enabled: boolean) =>
  useInfiniteQuery({ ...caseHistoryOptions(caseId), enabled });
