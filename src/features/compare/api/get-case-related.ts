import { infiniteQueryOptions, skipToken } from '@tanstack/react-query';
import { relatedRecordSchema } from '@contract/case-related';
import { pageOf } from '@contract/page';
import { recordKindTable } from '@contract/record-kinds';
import { apiData } from '@/lib/api-client';
import type { DayRange } from '@/domain/search-state';
import { recordKeys } from '@/domain/kinds/query-keys';

export const RELATED_PAGE_SIZE = 50;

/** `GET /revision-case/{id}/related`: the case's e-mails and comments within the dates, newest first; `page` 0-based. */
export const getCaseRelated = (caseId: string, range: DayRange, page: number, signal?: AbortSignal) =>
  apiData(`${recordKindTable.case.api.revisions}/${encodeURIComponent(caseId)}/related`, {
    query: { dateFrom: range.dateFrom, dateTo: range.dateTo, page, size: RELATED_PAGE_SIZE },
    schema: pageOf(relatedRecordSchema),
    signal,
  });

/** Asked for only while `enabled` (the section is open and the network is there). */
export const caseRelatedOptions = (caseId: string, range: DayRange, enabled: boolean) =>
  infiniteQueryOptions({
    // Under the cases' root: a restore, which may bring e-mails and comments back, reads them again.
    queryKey: [...recordKeys.all('case'), 'related', caseId, range.dateFrom, range.dateTo],
    queryFn: enabled
      ? ({ pageParam, signal }) => getCaseRelated(caseId, range, pageParam, signal)
      : skipToken,
    initialPageParam: 0,
    getNextPageParam: (last) => (last.number + 1 < last.totalPages ? last.number + 1 : undefined),
  });
