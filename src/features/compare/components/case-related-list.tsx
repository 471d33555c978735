import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { RelatedRecord } from '@contract/case-related';
import { Button } from '@/components/ui/button';
import { itCaseRelated as t } from '@/i18n/it-case-related';
import { errorMessage } from '@/lib/error-message';
import { useOnline } from '@/lib/online-status';
import { useSessionUser } from '@/lib/session-store';
import type { Comparison, RelatedCopy } from '@/offline/offline-db';
import { saveComparison } from '@/offline/comparison-store';
import { LoadFailed } from '@/domain/comparison/load-failed';
import type { DayRange } from '@/domain/search-state';
import { caseRelatedOptions } from '../api/get-case-related';
import { RelatedLines } from './related-lines';

export type CaseRelatedListProps = {
  caseId: string;
  /** The dates the detail compares (a saved copy's own, offline). */
  range: DayRange;
  /** The comparison shown: online, the related records are saved with it; offline, the saved copy holds them. */
  comparison: Comparison | undefined;
};

/**
 * Online, saves what was read with the comparison it belongs to (docs/product.md#offline-and-installation), so
 * that the case reopened offline shows its e-mails and comments too.
 */
function useSavedWithComparison(
  comparison: Comparison | undefined,
  copy: RelatedCopy | undefined,
  on: boolean,
) {
  const userId = useSessionUser()?.id;
  const ready = on && comparison && copy && userId !== undefined;
  const key = ready
    ? `${comparison.first.id}:${comparison.second.id}:${comparison.dateFrom}:${comparison.dateTo}:${copy.content.length}:${copy.totalElements}`
    : '';
  useEffect(() => {
    if (ready) void saveComparison({ ...comparison, userId, related: copy });
    // `key` stands for what is saved: the same comparison and records are not saved again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
}

/** The section's content: its lines, or what stands in their place while loading, on failure, or offline. */
export function CaseRelatedList({ caseId, range, comparison }: CaseRelatedListProps) {
  const online = useOnline();
  const query = useInfiniteQuery(caseRelatedOptions(caseId, range, online));
  const pages = query.data?.pages;
  const read: RelatedCopy | undefined = pages && {
    content: pages.flatMap((page) => page.content),
    totalElements: pages.at(-1)?.totalElements ?? 0,
  };
  useSavedWithComparison(comparison, read, online);
  // Offline, what this page read before the network went, else what was saved with the comparison.
  const copy = read ?? (online ? undefined : comparison?.related);

  if (!copy) {
    if (!online) return <Note>{t.notSaved}</Note>;
    if (query.isError)
      return (
        <LoadFailed
          message={`${t.loadFailed}: ${errorMessage(query.error)}`}
          onRetry={() => void query.refetch()}
        />
      );
    return (
      <p role="status" className="text-sm text-muted-foreground" data-testid="related-loading">
        {t.loading}
      </p>
    );
  }
  return <Records copy={copy} online={online} more={query} />;
}

function Note({ children }: { children: string }) {
  return (
    <p role="status" className="text-sm text-muted-foreground">
      {children}
    </p>
  );
}

type More = { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown };

function Records({ copy, online, more }: { copy: RelatedCopy; online: boolean; more: More }) {
  const records: RelatedRecord[] = copy.content;
  if (records.length === 0) return <Note>{t.empty}</Note>;
  const unread = copy.totalElements > records.length;
  return (
    <>
      <p className="text-sm text-muted-foreground">{t.intro}</p>
      <RelatedLines records={records} />
      {online && more.hasNextPage && (
        <Button
          variant="outline"
          className="self-start"
          disabled={more.isFetchingNextPage}
          onClick={() => void more.fetchNextPage()}
        >
          {t.showMore}
        </Button>
      )}
      {!online && unread && <Note>{t.moreOffline(records.length, copy.totalElements)}</Note>}
    </>
  );
}
