import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import type { Page } from '@contract/page';
import type { Revision } from '@contract/revisions';
import { RestoreActions } from '@/components/restore/restore-actions';
import type { RestoreKind } from '@/lib/api/restores/restore-kind';
import type { ComparisonState, RevisionPair } from '@/lib/comparison';
import { useDetailSearch } from '@/lib/detail-search';
import type { DayRange, SearchKind } from '@/lib/search-state';
import { ComparisonScreen, timelineSource } from './comparison-screen';
import type { ComparisonViewProps } from './comparison-view';

export type DetailPageProps = {
  title: string;
  backTo: string;
  recordId: string;
  searchKind: SearchKind;
  restoreKind: RestoreKind;
  sections: ComparisonViewProps['sections'];
  /** The feature's comparison of the record at the two dates, or at two picked revisions. */
  useRecordComparison: (recordId: string, range: DayRange, picked: RevisionPair | null) => ComparisonState;
  /** The feature's revision history of the record, loaded once the timeline is opened. */
  useRecordHistory: (
    recordId: string,
    enabled: boolean,
  ) => UseInfiniteQueryResult<InfiniteData<Page<Revision>>>;
};

/** A detail screen: the record at the search dates (or two revisions picked on its timeline) and its restore buttons. */
export function DetailPage({
  title,
  backTo,
  recordId,
  searchKind,
  restoreKind,
  sections,
  useRecordComparison,
  useRecordHistory,
}: DetailPageProps) {
  const search = useDetailSearch(searchKind);
  const [picked, setPicked] = useState<RevisionPair | null>(null);
  const [timelineOpen, setTimelineOpen] = useState(false);
  const state = useRecordComparison(recordId, search, picked);
  const history = useRecordHistory(recordId, timelineOpen);

  return (
    <ComparisonScreen
      title={title}
      backTo={backTo}
      state={state}
      range={search}
      picked={picked}
      onPick={setPicked}
      sections={sections}
      timelineOpen={timelineOpen}
      onTimelineOpenChange={setTimelineOpen}
      timeline={timelineSource(history)}
      actions={
        <RestoreActions
          kind={restoreKind}
          place="detail"
          revisionIds={state.pair ? [state.pair.first.id] : []}
          search={search}
        />
      }
    />
  );
}
