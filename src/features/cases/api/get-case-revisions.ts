import { queryOptions } from '@tanstack/react-query';
import { envelopeOf } from '@contract/envelope';
import { pageOf } from '@contract/page';
import { revisionSchema } from '@contract/revisions';
import { apiRequest } from '@/lib/api-client';
import type { DayRange } from '@/lib/search-state';

/** `GET /revision-case/{id}/cases`: the version at `dateFrom`, then the one at `dateTo` if different. */
export const getCaseRevisions = (caseId: string, range: DayRange, signal?: AbortSignal) =>
  apiRequest(`/revision-case/${encodeURIComponent(caseId)}/cases`, {
    query: { page: 0, size: 10, isPaged: true, dateFrom: range.dateFrom, dateTo: range.dateTo },
    schema: envelopeOf(pageOf(revisionSchema)),
    signal,
  }).then((answer) => answer.data.query);

export const caseRevisionsOptions = (caseId: string, range: DayRange) =>
  queryOptions({
    queryKey: ['cases', 'revisions', caseId, range.dateFrom, range.dateTo],
    queryFn: ({ signal }) => getCaseRevisions(caseId, range, signal),
  });
