import type { ReactNode } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import { it } from '@/i18n/it';
import type { RevisionPair } from '@/domain/revision-pair';
import { isSameVersion, type ComparisonState } from './use-record-comparison';
import { formatDateTime, formatDay, romeDay } from '@/lib/dates';
import { errorMessage } from '@/lib/error-message';
import type { DayRange } from '@/domain/search-state';
import type { ComparisonViewProps } from './comparison-view';
import { LoadFailed } from './load-failed';

/**
 * Headed by the search dates (`it.compare.versionAt`), with `it.compare.same` on the right when there is one version.
 * A record that had no version yet at the start date shows its first one inside the range, headed by the day it was
 * saved: it was not the version at the start date. Revisions picked on the timeline are named by the moment they
 * were saved.
 */
export function comparisonHeadings(pair: RevisionPair, range: DayRange, picked: boolean): [string, string] {
  const at = (revision: RevisionPair['first'], day: string) =>
    it.compare.versionAt(picked ? formatDateTime(revision.savedAt) : formatDay(day));
  const savedDay = romeDay(pair.first.savedAt);
  return [
    at(pair.first, savedDay > range.dateFrom ? savedDay : range.dateFrom),
    isSameVersion(pair) ? it.compare.same : at(pair.second, range.dateTo),
  ];
}

export function ComparisonSkeleton({ rows = 6 }: { rows?: number }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className="grid gap-6 lg:grid-cols-2"
      data-testid="comparison-loading"
    >
      <span className="sr-only">{it.compare.loading}</span>
      {[0, 1].map((column) => (
        <div key={column} className="flex flex-col gap-3">
          <Skeleton className="h-6 w-48" />
          {Array.from({ length: rows }, (_, row) => (
            <Skeleton key={row} className="h-5 w-full" />
          ))}
        </div>
      ))}
    </div>
  );
}

/** What a loaded comparison shows: the two versions' headings, snapshots and the fields that differ. */
export type ShownComparison = Pick<ComparisonViewProps, 'headings' | 'left' | 'right' | 'differences'>;

/**
 * A comparison being loaded: placeholder, error, nothing to show, or the two versions as `view` draws them (the
 * screens give it a `ComparisonView` with their sections).
 */
export function ComparisonPanel({
  state,
  range,
  picked = false,
  view,
  skeletonRows,
  children,
}: {
  state: ComparisonState;
  range: DayRange;
  picked?: boolean;
  view: (shown: ShownComparison) => ReactNode;
  skeletonRows?: number;
  /** Shown under the versions once they are loaded (the expansion's 'Dettaglio'). */
  children?: ReactNode;
}) {
  if (state.notSaved)
    return (
      <p role="status" className="text-sm text-muted-foreground" data-testid="not-saved-offline">
        {it.offline.notSaved}
      </p>
    );
  if (state.error) {
    return (
      <LoadFailed message={`${it.compare.loadFailed}: ${errorMessage(state.error)}`} onRetry={state.retry} />
    );
  }
  if (state.empty) return <p className="text-sm text-muted-foreground">{it.compare.noRevisions}</p>;
  const { comparison, savedAt } = state;
  if (!comparison) return <ComparisonSkeleton rows={skeletonRows} />;
  // A saved copy is shown with the dates it was saved for, and says when that was.
  const shownRange =
    savedAt === undefined ? range : { dateFrom: comparison.dateFrom, dateTo: comparison.dateTo };
  return (
    <div className="flex flex-col gap-3">
      {savedAt !== undefined && (
        <p
          role="status"
          className="rounded-md bg-amber-100 px-3 py-2 text-sm text-amber-900"
          data-testid="offline-note"
        >
          {it.offline.savedAt(formatDateTime(savedAt))}
        </p>
      )}
      {view({
        headings: comparisonHeadings(comparison, shownRange, picked && savedAt === undefined),
        left: comparison.first.json,
        right: comparison.second.json,
        differences: comparison.differences,
      })}
      {children}
    </div>
  );
}
