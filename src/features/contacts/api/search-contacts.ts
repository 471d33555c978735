import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { envelopeOf } from '@contract/envelope';
import { pageOf } from '@contract/page';
import { contactRowSchema } from '@contract/search';
import { apiRequest } from '@/lib/api-client';
import type { Search } from '@/lib/search-state';

export const CONTACTS_PAGE_SIZE = 10;

/** `GET /sf-user/{agent}/sf-account`: the agent's contacts with revisions in the range; `page` is 0-based. */
export const searchContacts = (search: Search, page: number, signal?: AbortSignal) =>
  apiRequest(`/sf-user/${encodeURIComponent(search.agentId)}/sf-account`, {
    query: {
      page,
      size: CONTACTS_PAGE_SIZE,
      isPaged: true,
      dateFrom: search.dateFrom,
      dateTo: search.dateTo,
    },
    schema: envelopeOf(pageOf(contactRowSchema)),
    signal,
  }).then((answer) => answer.data.query);

export const searchContactsOptions = (search: Search, page: number) =>
  queryOptions({
    queryKey: ['contacts', 'search', search, page],
    queryFn: ({ signal }) => searchContacts(search, page, signal),
    placeholderData: keepPreviousData,
    // Kept across reloads and while offline (DESIGN.md section 7).
    meta: { persist: true },
  });

/** The results of the kept search; nothing is asked before a complete search. */
export const useContactSearch = (search: Search | null, page: number) =>
  useQuery({
    ...searchContactsOptions(search ?? { agentId: '', dateFrom: '', dateTo: '' }, page),
    enabled: search !== null,
  });
