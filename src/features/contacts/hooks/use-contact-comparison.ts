import { useComparison, type RevisionPair } from '@/lib/comparison';
import type { DayRange } from '@/lib/search-state';
import { textOf, type Snapshot } from '@/lib/snapshot';
import { accountDifferencesOptions } from '../api/get-account-differences';
import { accountRevisionsOptions } from '../api/get-account-revisions';

/** A contact is named by its Name. */
export const contactLabel = (snapshot: Snapshot | null, fallback: string) =>
  textOf(snapshot?.Name) || fallback;

/** A contact's two versions at the search dates (or two picked revisions) and their differences. */
export function useContactComparison(accountId: string, range: DayRange, picked: RevisionPair | null = null) {
  return useComparison({
    kind: 'contact',
    recordId: accountId,
    range,
    revisions: accountRevisionsOptions(accountId, range),
    differences: accountDifferencesOptions,
    labelOf: (snapshot) => contactLabel(snapshot, accountId),
    picked,
  });
}
