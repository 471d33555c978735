import { queryOptions, skipToken } from '@tanstack/react-query';
import { differencesSchema } from '@contract/revisions';
import { apiData } from '@/lib/api-client';
import { recordKindTable, type RecordKind } from '@contract/record-kinds';
import type { RevisionPair } from '@/domain/revision-pair';
import { recordKeys } from '@/domain/kinds/query-keys';

/** `GET /revision-account/differences` or `/revision-case/differences`: the fields that differ between two revisions. */
export const getRecordDifferences = (
  kind: RecordKind,
  firstId: number,
  secondId: number,
  signal?: AbortSignal,
) => {
  const { revisions, differences } = recordKindTable[kind].api;
  return apiData(`${revisions}/differences`, {
    query: { [differences[0]]: firstId, [differences[1]]: secondId },
    schema: differencesSchema,
    signal,
  });
};

/** Nothing is asked until both versions are known. */
export const recordDifferencesOptions = (kind: RecordKind, pair: RevisionPair | undefined) =>
  queryOptions({
    queryKey: recordKeys.differences(kind, pair?.first.id ?? 0, pair?.second.id ?? 0),
    queryFn: pair
      ? ({ signal }) => getRecordDifferences(kind, pair.first.id, pair.second.id, signal)
      : skipToken,
    // Revisions never change, so neither does their difference.
    staleTime: Infinity,
  });
