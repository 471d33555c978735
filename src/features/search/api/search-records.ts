import { keepPreviousData, queryOptions, skipToken } from '@tanstack/react-query';
import { pageOf } from '@contract/page';
import { recordKindTable, type RecordKind } from '@contract/record-kinds';
import { apiData } from '@/lib/api-client';
import type { Search } from '@/domain/search-state';
import { recordKeys } from '@/domain/kinds/query-keys';
import { recordKinds } from '@/domain/kinds/record-kinds';

export const SEARCH_PAGE_SIZE = 10;

/**
 * `GET /sf-user/{agent}/sf-account` or `/sf-case`: the agent's records with revisions in the range, or with
 * `deleted=true` only those deleted in the CRM within it; `page` is 0-based.
 */
export const searchRecords = <K extends RecordKind>(
  kind: K,
  search: Search,
  page: number,
  signal?: AbortSignal,
) =>
  apiData(`/sf-user/${encodeURIComponent(search.agentId)}/${recordKindTable[kind].api.search}`, {
    query: {
      page,
      size: SEARCH_PAGE_SIZE,
      isPaged: true,
      dateFrom: search.dateFrom,
      dateTo: search.dateTo,
      // Left out unless asked for: a search of every record keeps the address it always had.
      deleted: search.deleted === true ? true : undefined,
    },
    schema: pageOf(recordKinds[kind].rowSchema),
    signal,
  });

/** The results of the kept search; nothing is asked before a complete search. */
export const searchRecordsOptions = <K extends RecordKind>(kind: K, search: Search | null, page: number) =>
  queryOptions({
    queryKey: recordKeys.search(kind, search, page),
    queryFn: search ? ({ signal }) => searchRecords(kind, search, page, signal) : skipToken,
    placeholderData: keepPreviousData,
    // Kept across reloads and while offline (docs/product.md#offline-and-installation).
    meta: { persist: true },
  });
