import { queryOptions } from '@tanstack/react-query';
import { envelopeOf } from '@contract/envelope';
import { pageOf } from '@contract/page';
import { revisionSchema } from '@contract/revisions';
import { apiRequest } from '@/lib/api-client';
import type { DayRange } from '@/lib/search-state';

/** `GET /revision-account/{id}/account`: the version at `dateFrom`, then the one at `dateTo` if different. */
export const getAccountRevisions = (accountId: string, range: DayRange, signal?: AbortSignal) =>
  apiRequest(`/revision-account/${encodeURIComponent(accountId)}/account`, {
    query: { page: 0, size: 10, isPaged: true, dateFrom: range.dateFrom, dateTo: range.dateTo },
    schema: envelopeOf(pageOf(revisionSchema)),
    signal,
  }).then((answer) => answer.data.query);

export const accountRevisionsOptions = (accountId: string, range: DayRange) =>
  queryOptions({
    queryKey: ['contacts', 'revisions', accountId, range.dateFrom, range.dateTo],
    queryFn: ({ signal }) => getAccountRevisions(accountId, range, signal),
  });
