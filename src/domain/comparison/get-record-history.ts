import { infiniteQueryOptions, queryOptions, skipToken } from '@tanstack/react-query';
import { pageOf } from '@contract/page';
import { revisionSchema } from '@contract/revisions';
import { apiData } from '@/lib/api-client';
import { recordKindTable, type RecordKind } from '@contract/record-kinds';
import { recordKeys } from '@/domain/kinds/query-keys';

const HISTORY_PAGE_SIZE = 20;

/** `GET /revision-account/{id}/history` or `/revision-case/{id}/history`: every revision, newest first; `page` is 0-based. */
export const getRecordHistory = (kind: RecordKind, id: string, page: number, signal?: AbortSignal) =>
  apiData(`${recordKindTable[kind].api.revisions}/${encodeURIComponent(id)}/history`, {
    query: { page, size: HISTORY_PAGE_SIZE, isPaged: true },
    schema: pageOf(revisionSchema),
    signal,
  });

/** Loaded only once the timeline is opened (`enabled`). */
export const recordHistoryOptions = (kind: RecordKind, id: string, enabled: boolean) =>
  infiniteQueryOptions({
    queryKey: recordKeys.history(kind, id),
    queryFn: enabled ? ({ pageParam, signal }) => getRecordHistory(kind, id, pageParam, signal) : skipToken,
    initialPageParam: 0,
    getNextPageParam: (last) => (last.number + 1 < last.totalPages ? last.number + 1 : undefined),
  });

/**
 * The record's latest stored revision (the history's first item; null when it has none), read afresh each time a
 * restore dialog asks (`enabled`): it is what the restore's values are set against.
 */
export const latestRevisionOptions = (kind: RecordKind, id: string, enabled: boolean) =>
  queryOptions({
    queryKey: recordKeys.latest(kind, id),
    queryFn: enabled
      ? async ({ signal }) => (await getRecordHistory(kind, id, 0, signal)).content[0] ?? null
      : skipToken,
    refetchOnMount: 'always',
  });
