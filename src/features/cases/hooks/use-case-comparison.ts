import { useComparison, type RevisionPair } from '@/lib/comparison';
import type { DayRange } from '@/lib/search-state';
import { textOf, type Snapshot } from '@/lib/snapshot';
import { caseDifferencesOptions } from '../api/get-case-differences';
import { caseRevisionsOptions } from '../api/get-case-revisions';

/** A case is named by its number. */
export const caseLabel = (snapshot: Snapshot | null, fallback: string) =>
  textOf(snapshot?.CaseNumber) || fallback;

/** A case's two versions at the search dates (or two picked revisions) and their differences. */
export function useCaseComparison(caseId: string, range: DayRange, picked: RevisionPair | null = null) {
  return useComparison({
    kind: 'case',
    recordId: caseId,
    range,
    revisions: caseRevisionsOptions(caseId, range),
    differences: caseDifferencesOptions,
    labelOf: (snapshot) => caseLabel(snapshot, caseId),
    picked,
  });
}
