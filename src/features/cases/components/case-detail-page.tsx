import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { ComparisonScreen, timelineSource } from '@/components/compare/comparison-screen';
import { RestoreActions } from '@/components/restore/restore-actions';
import { it } from '@/i18n/it';
import type { RevisionPair } from '@/lib/comparison';
import { useDetailSearch } from '@/lib/detail-search';
import { useCaseHistory } from '../api/get-case-history';
import { useCaseComparison } from '../hooks/use-case-comparison';
import { caseDetailSections } from './case-sections';

/** `/casi/{id}` 'Dettaglio Caso': the case at the two search dates, or at two picked revisions. */
export function CaseDetailPage() {
  const caseId = useParams().casiID ?? '';
  const search = useDetailSearch('cases');
  const [picked, setPicked] = useState<RevisionPair | null>(null);
  const [timelineOpen, setTimelineOpen] = useState(false);
  const state = useCaseComparison(caseId, search, picked);
  const history = useCaseHistory(caseId, timelineOpen);

  return (
    <ComparisonScreen
      title={it.pages.caseDetail}
      backTo="/casi/casi?page=1"
      state={state}
      range={search}
      picked={picked}
      onPick={setPicked}
      sections={caseDetailSections}
      timelineOpen={timelineOpen}
      onTimelineOpenChange={setTimelineOpen}
      timeline={timelineSource(history)}
      actions={
        <RestoreActions
          kind="case"
          place="detail"
          revisionIds={state.pair ? [state.pair.first.id] : []}
          search={search}
        />
      }
    />
  );
}
