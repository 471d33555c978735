import type { UseQueryResult } from '@tanstack/react-query';
import { Suspense, type ReactNode } from 'react';
import type { Page } from '@contract/page';
import { LoadFailed } from '@/domain/comparison/load-failed';
import { DataFreshness, NeverReadOffline } from '@/components/data-freshness';
import { PartLoading } from '@/components/part-loading';
import { Button } from '@/components/ui/button';
import { Pagination } from '@/components/ui/pagination';
import { it } from '@/i18n/it';
import { errorMessage } from '@/lib/error-message';
import { lazyNamed } from '@/lib/lazy-named';
import { useOnline } from '@/lib/online-status';
import type { ResultsTableProps } from './results-table';

// The table (TanStack Table) loads with the first results, not with the search bar.
const ResultsTable = lazyNamed(() => import('./results-table'), 'ResultsTable');

export type SearchResultsProps<T> = Omit<ResultsTableProps<T>, 'rows' | 'loading'> & {
  results: UseQueryResult<Page<T>>;
  /** 1-based, as in the URL. */
  page: number;
  onPageChange: (page: number) => void;
  /** Buttons acting on the selected rows (the restore requests). */
  actions?: ReactNode;
};

/** The results of a complete search: count and selection, the table, the page buttons. */
export function SearchResults<T>({ results, page, onPageChange, actions, ...table }: SearchResultsProps<T>) {
  const count = table.selection.selected.size;
  const online = useOnline();
  // Offline, a page or search never read on this device has only the previous one's rows to stand in for it: they
  // are not its answer.
  const neverRead = !online && (!results.data || results.isPlaceholderData);
  return (
    <section aria-label={it.search.results} className="flex flex-col gap-3">
      <div className="flex min-h-11 flex-wrap items-center gap-3">
        {results.data && !neverRead && (
          <span className="text-sm text-muted-foreground" role="status">
            {it.search.total(results.data.totalElements)}
          </span>
        )}
        <DataFreshness
          readAt={results.dataUpdatedAt}
          refreshing={results.isFetching}
          onRefresh={() => void results.refetch()}
          online={online}
        />
        {count > 0 && (
          <>
            <span className="text-sm font-medium" data-testid="selected-count">
              {it.search.selectedCount(count)}
            </span>
            <Button variant="ghost" onClick={table.selection.clear}>
              {it.search.clearSelection}
            </Button>
          </>
        )}
        {actions && <div className="ml-auto flex flex-wrap gap-2">{actions}</div>}
      </div>
      {neverRead ? (
        <NeverReadOffline />
      ) : results.isError ? (
        <LoadFailed
          message={`${it.search.loadFailed}: ${errorMessage(results.error)}`}
          onRetry={() => void results.refetch()}
        />
      ) : (
        <Suspense fallback={<PartLoading />}>
          <ResultsTable {...table} rows={results.data?.content} loading={results.isPending} />
        </Suspense>
      )}
      {results.data && (
        <Pagination page={page} totalPages={results.data.totalPages} onPageChange={onPageChange} />
      )}
    </section>
  );
}
