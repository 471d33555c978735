import {
  useInfiniteQuery,
  useQuery,
  type InfiniteData,
  type UseInfiniteQueryResult,
} from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { Page } from '@contract/page';
import type { Revision } from '@contract/revisions';
import { PageTitle } from '@/components/page-title';
import { Button } from '@/components/ui/button';
import { it } from '@/i18n/it';
import type { RecordKind } from '@contract/record-kinds';
import type { RevisionPair } from '@/domain/revision-pair';
import { recordHistoryOptions } from '@/domain/comparison/get-record-history';
import { otherRecordHref, useDetailSearch, useUrlDatesRefused } from '@/domain/comparison/use-detail-search';
import { useRecordComparison } from '@/domain/comparison/use-record-comparison';
import { recordKinds } from '@/domain/kinds/record-kinds';
import { otherFieldsOptions, withOtherFields } from '@/domain/comparison/other-fields';
import { contactDeletedBlock } from './case-contact-deleted';
import { isConverted, lifeOf } from '@/domain/comparison/record-life';
import { RecordLifeBanner } from './record-life-banner';
import { RestoreActions } from '@/domain/restore-request/restore-actions';
import { ComparisonPanel } from '@/domain/comparison/comparison-panel';
import { ComparisonView } from '@/domain/comparison/comparison-view';
import { RevisionTimeline, type RevisionTimelineProps } from './revision-timeline';
import { CaseRelated } from './case-related';

type TimelineSource = Pick<
  RevisionTimelineProps,
  'revisions' | 'loading' | 'error' | 'onRetry' | 'hasMore' | 'loadingMore' | 'onLoadMore'
>;

/** A record's history query as the timeline takes it. */
function timelineSource(history: UseInfiniteQueryResult<InfiniteData<Page<Revision>>>): TimelineSource {
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
 * `/contatti/{id}` and `/casi/{id}`, the detail screens (docs/product.md#detail-screens): the record at the
 * search dates (or two revisions picked on its timeline) and its restore buttons: title, the restore buttons and
 * 'Indietro' to page 1 of the list, the record's name, what it says about the record (a record deleted in the CRM
 * says so there), the revision timeline and the two versions. The restore buttons act on `state.pair.first`.
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
  const otherFields = useQuery(otherFieldsOptions(kind)).data?.fields;
  const sections = useMemo(
    () => withOtherFields(kind, def.detailSections, otherFields),
    [kind, def.detailSections, otherFields],
  );

  return (
    <div className="flex flex-col gap-4">
      <PageTitle
        actions={
          <div className="flex flex-wrap gap-2">
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
            <Button asChild variant="outline">
              <Link to={`${def.routes.list}?page=1`}>
                <ArrowLeft aria-hidden="true" />
                {it.compare.back}
              </Link>
            </Button>
          </div>
        }
      >
        {def.titles.detail}
      </PageTitle>
      {state.comparison?.label && (
        <p className="-mt-2 text-lg font-medium" data-testid="record-label">
          {state.comparison.label}
        </p>
      )}
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
      <RevisionTimeline
        {...timelineSource(history)}
        open={timelineOpen}
        onOpenChange={setTimelineOpen}
        shown={state.pair}
        picked={picked !== null}
        onCompare={setPicked}
        onReset={() => setPicked(null)}
      />
      <ComparisonPanel
        state={state}
        range={search}
        picked={picked !== null}
        view={(shown) => <ComparisonView {...shown} sections={sections} />}
        skeletonRows={10}
      />
      {kind === 'case' && (
        <CaseRelated
          caseId={recordId}
          // A copy saved on this device shows the e-mails and comments saved with it, at its own dates.
          range={
            state.savedAt !== undefined && state.comparison
              ? { dateFrom: state.comparison.dateFrom, dateTo: state.comparison.dateTo }
              : search
          }
          comparison={state.comparison}
        />
      )}
    </div>
  );
}
