import { queryOptions, skipToken } from '@tanstack/react-query';
import { pageOf } from '@contract/page';
import { revisionSchema } from '@contract/revisions';
import { apiData } from '@/lib/api-client';
import { recordKindTable, type RecordKind } from '@contract/record-kinds';
import type { DayRange } from '@/domain/search-state';
import { recordKeys } from '@/domain/kinds/query-keys';

/** `GET /revision-account/{id}/account` or `/revision-case/{id}/cases`: the version at `dateFrom`, then the one at `dateTo` if different. */
export const getRecordRevisions = (kind: RecordKind, id: string, range: DayRange, signal?: AbortSignal) => {
  const { revisions, versions } = recordKindTable[kind].api;
  return apiData(`${revisions}/${encodeURIComponent(id)}/${versions}`, {
    query: { page: 0, size: 10, isPaged: true, dateFrom: range.dateFrom, dateTo: range.dateTo },
    schema: pageOf(revisionSchema),
    signal,
  });
};

/** `enabled` false: the versions are not asked for (two revisions were picked on the timeline instead). */
export const recordRevisionsOptions = (kind: RecordKind, id: string, range: DayRange, enabled = true) =>
  queryOptions({
    queryKey: recordKeys.versions(kind, id, range.dateFrom, range.dateTo),
    queryFn: enabled ? ({ signal }) => getRecordRevisions(kind, id, range, signal) : skipToken,
  });
