import { ArrowLeft } from 'lucide-react';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { Page } from '@contract/page';
import type { Revision } from '@contract/revisions';
import { PageTitle } from '@/components/page-title';
import { Button } from '@/components/ui/button';
import { it } from '@/i18n/it';
import type { RevisionPair } from '@/domain/revision-pair';
import type { ComparisonState } from '@/domain/comparison/use-record-comparison';
import type { DayRange } from '@/domain/search-state';
import { ComparisonPanel } from '@/domain/comparison/comparison-panel';
import type { ComparisonViewProps } from '@/domain/comparison/comparison-view';
import { RevisionTimeline, type RevisionTimelineProps } from './revision-timeline';

export type TimelineSource = Pick<
  RevisionTimelineProps,
  'revisions' | 'loading' | 'error' | 'onRetry' | 'hasMore' | 'loadingMore' | 'onLoadMore'
>;

/** A record's history query as the timeline takes it. */
export function timelineSource(
  history: UseInfiniteQueryResult<InfiniteData<Page<Revision>>>,
): TimelineSource {
  return {
    revisions: history.data?.pages.flatMap((page) => page.content),
    loading: history.isPending,
    error: history.error,
    onRetry: () => void history.refetch(),
    hasMore: history.hasNextPage,
    loadingMore: history.isFetchingNextPage,
    onLoadMore: () => void history.fetchNextPage(),
  };
}

/**
 * A detail screen: title, 'Indietro' to page 1 of the list, the revision timeline and the two versions.
 * `actions` holds the screen's buttons next to 'Indietro' (the restore buttons act on `state.pair.first`);
 * `notice` shows under the record's name (a record deleted in the CRM says so there).
 */
export function ComparisonScreen({
  title,
  backTo,
  state,
  range,
  picked,
  onPick,
  sections,
  timelineOpen,
  onTimelineOpenChange,
  timeline,
  actions,
  notice,
}: {
  title: string;
  backTo: string;
  state: ComparisonState;
  range: DayRange;
  picked: RevisionPair | null;
  onPick: (pair: RevisionPair | null) => void;
  sections: ComparisonViewProps['sections'];
  timelineOpen: boolean;
  onTimelineOpenChange: (open: boolean) => void;
  timeline: TimelineSource;
  actions?: ReactNode;
  notice?: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-4">
      <PageTitle
        actions={
          <div className="flex flex-wrap gap-2">
            {actions}
            <Button asChild variant="outline">
              <Link to={backTo}>
                <ArrowLeft aria-hidden="true" />
                {it.compare.back}
              </Link>
            </Button>
          </div>
        }
      >
        {title}
      </PageTitle>
      {state.comparison?.label && (
        <p className="-mt-2 text-lg font-medium" data-testid="record-label">
          {state.comparison.label}
        </p>
      )}
      {notice}
      <RevisionTimeline
        {...timeline}
        open={timelineOpen}
        onOpenChange={onTimelineOpenChange}
        shown={state.pair}
        picked={picked !== null}
        onCompare={onPick}
        onReset={() => onPick(null)}
      />
      <ComparisonPanel
        state={state}
        range={range}
        picked={picked !== null}
        sections={sections}
        skeletonRows={10}
      />
    </div>
  );
}
