import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { parseDiffProperties, type Revision } from '@contract/revisions';
import { ApiError } from '@/lib/api-client';
import { useOnline } from '@/lib/online-status';
import type { RecordKind } from '@contract/record-kinds';
import type { Comparison } from '@/offline/offline-db';
import type { RevisionPair } from '@/domain/revision-pair';
import type { DayRange } from '@/domain/search-state';
import { useSessionUser } from '@/lib/session-store';
import { parseSnapshot } from '@/domain/snapshot';
import { lastReadComparison, latestComparison, saveComparison } from '@/offline/comparison-store';
import { useSavedComparisons } from '@/offline/use-saved-comparisons';
import { recordDifferencesOptions } from './get-record-differences';
import { recordRevisionsOptions } from './get-record-revisions';
import { recordKinds } from '@/domain/kinds/record-kinds';

/**
 * The revisions answer holds the version at the start date, then the one at the end date when it is a different
 * revision: the first two items are the pair, a single item is the same version twice.
 */
export function pairFromRevisions(items: readonly Revision[]): RevisionPair | null {
  const [first, second] = items;
  if (!first) return null;
  return { first, second: second ?? first };
}

/** Two revisions picked on the timeline, the older on the left. */
export function orderedPair(a: Revision, b: Revision): RevisionPair {
  const aFirst = a.savedAt < b.savedAt || (a.savedAt === b.savedAt && a.id <= b.id);
  return aFirst ? { first: a, second: b } : { first: b, second: a };
}

export const isSameVersion = (pair: RevisionPair) => pair.first.id === pair.second.id;

export type ComparisonState = {
  /** Both versions, as soon as they are loaded (the differences may still be on their way). */
  pair: RevisionPair | undefined;
  /** The whole comparison, once the differences are loaded too. */
  comparison: Comparison | undefined;
  /** The record has no revision up to the end date. */
  empty: boolean;
  isPending: boolean;
  error: unknown;
  retry: () => void;
  /** Set when the network is gone and the comparison comes from this device's store: when it was saved (epoch ms). */
  savedAt?: number;
  /** The network is gone and this device never saved a comparison of the record. */
  notSaved?: boolean;
};

const comparisonKey = (c: Comparison | undefined) =>
  c ? `${c.kind}:${c.recordId}:${c.first.id}:${c.second.id}:${c.differences.join(',')}:${c.label}` : '';

/**
 * Offline, the latest comparison of the record saved on this device (null when there is none); online, undefined.
 * Online, every comparison shown is saved, so it can be opened again without a network.
 */
function useOfflineCopy(
  comparison: Comparison | undefined,
  kind: RecordKind,
  recordId: string,
  online: boolean,
) {
  const userId = useSessionUser()?.id;
  const key = comparisonKey(comparison);
  useEffect(() => {
    if (online && comparison && userId !== undefined) void saveComparison({ ...comparison, userId });
    // `key` stands for the comparison's content: a new object with the same content is not saved again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [online, key, userId]);
  const offlineUser = online ? undefined : userId;
  return useSavedComparisons(
    async () =>
      offlineUser === undefined ? undefined : ((await latestComparison(offlineUser, kind, recordId)) ?? null),
    [offlineUser, kind, recordId],
    // Offline, the detail route's loader has read it already: shown in the first render.
    offlineUser === undefined ? undefined : lastReadComparison(offlineUser, kind, recordId),
  );
}

/**
 * Loads one comparison of a record: the two versions at the dates of `range` (or the two `picked` on the
 * timeline), then, once both are there, their differences; the same id twice when there is one version. The one
 * place a comparison is put together, for the detail screens and the expanded search rows alike.
 */
export function useRecordComparison(
  kind: RecordKind,
  recordId: string,
  range: DayRange,
  picked: RevisionPair | null = null,
): ComparisonState {
  const online = useOnline();
  // Offline the versions are not asked for (the request could only fail): the saved copy stands in for them.
  const revisions = useQuery(recordRevisionsOptions(kind, recordId, range, picked === null && online));
  const fromDates = revisions.data ? pairFromRevisions(revisions.data.content) : null;
  const pair = picked ?? fromDates ?? undefined;
  const differences = useQuery(recordDifferencesOptions(kind, pair));

  const comparison: Comparison | undefined =
    pair && differences.data
      ? {
          kind,
          recordId,
          label:
            recordKinds[kind].label(parseSnapshot(pair.second.json) ?? parseSnapshot(pair.first.json)) ||
            recordId,
          dateFrom: range.dateFrom,
          dateTo: range.dateTo,
          first: pair.first,
          second: pair.second,
          differences: parseDiffProperties(differences.data.jsonDiffProperties),
        }
      : undefined;

  const saved = useOfflineCopy(comparison, kind, recordId, online);
  if (saved) {
    return {
      pair: { first: saved.first, second: saved.second },
      comparison: saved,
      empty: false,
      isPending: false,
      error: null,
      retry: () => undefined,
      savedAt: saved.savedAt,
    };
  }
  if (saved === null && !comparison) {
    return {
      pair: undefined,
      comparison: undefined,
      empty: false,
      isPending: false,
      error: new ApiError(0, 'network', 'NETWORK'),
      retry: () => undefined,
      notSaved: true,
    };
  }

  const empty = picked === null && revisions.isSuccess && fromDates === null;
  const error = (picked === null ? revisions.error : null) ?? differences.error;
  return {
    pair,
    comparison,
    empty,
    isPending: !empty && !error && comparison === undefined,
    error,
    retry: () => {
      if (picked === null && revisions.isError) void revisions.refetch();
      else void differences.refetch();
    },
  };
}
