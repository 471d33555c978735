import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { envelopeOf } from '@contract/envelope';
import { pageOf } from '@contract/page';
import { caseRowSchema } from '@contract/search';
import { apiRequest } from '@/lib/api-client';
import type { Search } from '@/lib/search-state';

export const CASES_PAGE_SIZE = 10;

/** `GET /sf-user/{agent}/sf-case`: the agent's cases with revisions in the range; `page` is 0-based. */
export const searchCases = (search: Search, page: number, signal?: AbortSignal) =>
  apiRequest(`/sf-user/${encodeURIComponent(search.agentId)}/sf-case`, {
    query: { page, size: CASES_PAGE_SIZE, isPaged: true, dateFrom: search.dateFrom, dateTo: search.dateTo },
    schema: envelopeOf(pageOf(caseRowSchema)),
    signal,
  }).then((answer) => answer.data.query);

export const searchCasesOptions = (search: Search, page: number) =>
  queryOptions({
    queryKey: ['cases', 'search', search, page],
    queryFn: ({ signal }) => searchCases(search, page, signal),
    placeholderData: keepPreviousData,
    // Kept across reloads and while offline (DESIGN.md section 7).
    meta: { persist: true },
  });

/** The results of the kept search; nothing is asked before a complete search. */
export const useCaseSearch = (search: Search | null, page: number) =>
  useQuery({
    ...searchCasesOptions(search ?? { agentId: '', dateFrom: '', dateTo: '' }, page),
    enabled: search !== null,
  });
