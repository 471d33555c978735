import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useParams } from 'react-router-dom';
import { it } from '@/i18n/it';
import type { RecordKind } from '@contract/record-kinds';
import type { RevisionPair } from '@/domain/revision-pair';
import { recordHistoryOptions } from '@/domain/comparison/get-record-history';
import { otherRecordHref, useDetailSearch, useUrlDatesRefused } from '@/domain/comparison/use-detail-search';
import { useRecordComparison } from '@/domain/comparison/use-record-comparison';
import { recordKinds } from '@/domain/kinds/record-kinds';
import { withUnshownChanges } from '@/domain/restore-request/restore-fields';
import { contactDeletedBlock } from './case-contact-deleted';
import { ComparisonScreen, timelineSource } from './comparison-screen';
import { isConverted, lifeOf } from '@/domain/comparison/record-life';
import { RecordLifeBanner } from './record-life-banner';
import { RestoreActions } from '@/domain/restore-request/restore-actions';

/**
 * `/contatti/{id}` and `/casi/{id}`, the detail screens (docs/product.md#detail-screens): the record at the
 * search dates (or two revisions picked on its timeline) and its restore buttons.
 */
export function DetailPage({ kind }: { kind: RecordKind }) {
  const recordId = useParams()[recordKinds[kind].routes.detailParam] ?? '';
  // A link to another record (the one this was merged into or re-created as) starts its screen afresh.
  return <RecordDetail key={recordId} kind={kind} recordId={recordId} />;
}

function RecordDetail({ kind, recordId }: { kind: RecordKind; recordId: string }) {
  const def = recordKinds[kind];
  const search = useDetailSearch(kind);
  const datesRefused = useUrlDatesRefused();
  const [picked, setPicked] = useState<RevisionPair | null>(null);
  const [timelineOpen, setTimelineOpen] = useState(false);
  const state = useRecordComparison(kind, recordId, search, picked);
  const history = useInfiniteQuery(recordHistoryOptions(kind, recordId, timelineOpen));
  const life = state.pair && lifeOf(state.pair.second);
  const differences = state.comparison?.differences;
  const sections = useMemo(
    () => withUnshownChanges(kind, def.detailSections, differences ?? []),
    [kind, def.detailSections, differences],
  );

  return (
    <ComparisonScreen
      title={def.titles.detail}
      backTo={`${def.routes.list}?page=1`}
      state={state}
      range={search}
      picked={picked}
      onPick={setPicked}
      sections={sections}
      timelineOpen={timelineOpen}
      onTimelineOpenChange={setTimelineOpen}
      timeline={timelineSource(history)}
      notice={
        <>
          {datesRefused && (
            <p role="status" className="rounded-lg border bg-muted/50 p-3 text-sm">
              {it.compare.urlDatesRefused}
            </p>
          )}
          {life && (
            <RecordLifeBanner
              life={life}
              linkTo={(id, other) => otherRecordHref(def.routes.detail(id), search, other)}
            />
          )}
        </>
      }
      actions={
        <RestoreActions
          kind={kind}
          place="detail"
          revisionIds={state.pair ? [state.pair.first.id] : []}
          search={search}
          subject={state.pair && { recordId, revisionId: state.pair.first.id, target: state.pair.first }}
          forceBlocked={
            state.pair && isConverted(state.pair.second) ? it.restore.convertedForce(1) : undefined
          }
          blocked={state.pair && contactDeletedBlock(kind, state.pair, search)}
        />
      }
    />
  );
}
