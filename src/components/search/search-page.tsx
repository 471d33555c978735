import type { UseQueryResult } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { useCallback, useState, type ReactNode } from 'react';
import type { Page } from '@contract/page';
import { PageTitle } from '@/components/page-title';
import { RestoreActions } from '@/components/restore/restore-actions';
import { it } from '@/i18n/it';
import type { RestoreKind } from '@/lib/api/restores/restore-kind';
import type { Search, SearchKind } from '@/lib/search-state';
import { SearchBar } from './search-bar';
import { SearchResults } from './search-results';
import { useRowSelection } from './use-row-selection';
import { useSearchPage } from './use-search-page';

export type SearchPageProps<Row> = {
  title: string;
  kind: SearchKind;
  restoreKind: RestoreKind;
  /** The feature's search query for the kept search and a 0-based page. */
  useResults: (search: Search | null, page: number) => UseQueryResult<Page<Row>>;
  columns: ColumnDef<Row>[];
  rowId: (row: Row) => string;
  rowName: (row: Row) => string;
  /** What a restore request about a selected row names: its version at the start date. */
  earlierRevisionId: (row: Row) => number;
  renderExpanded: (row: Row, search: Search) => ReactNode;
};

/**
 * A search screen: the search bar, then (after a complete search or from the kept one) the results with row
 * selection, the restore buttons acting on the selected rows, one expanded row at a time, and the page buttons.
 */
export function SearchPage<Row>({
  title,
  kind,
  restoreKind,
  useResults,
  columns,
  rowId,
  rowName,
  earlierRevisionId,
  renderExpanded,
}: SearchPageProps<Row>) {
  const { search, page, setPage, barDefaults, submit, saveBar } = useSearchPage(kind);
  const selection = useRowSelection(rowId);
  const [expandedId, setExpandedId] = useState<string | null>(null);
  const results = useResults(search, page - 1);
  const toggleExpanded = useCallback(
    (id: string) => setExpandedId((current) => (current === id ? null : id)),
    [],
  );

  return (
    <div className="flex flex-col gap-4">
      <PageTitle>{title}</PageTitle>
      <SearchBar
        defaults={barDefaults}
        onChange={saveBar}
        onSearch={(next, bar) => {
          selection.clear();
          setExpandedId(null);
          submit(next, bar);
        }}
      />
      {search ? (
        <SearchResults
          caption={it.search.results}
          results={results}
          page={page}
          onPageChange={setPage}
          columns={columns}
          getRowId={rowId}
          rowName={rowName}
          selection={selection}
          actions={
            <RestoreActions
              kind={restoreKind}
              place="list"
              revisionIds={[...selection.selected.values()].map(earlierRevisionId)}
              search={search}
              onDone={selection.clear}
            />
          }
          expandedId={expandedId}
          onToggleExpanded={toggleExpanded}
          renderExpanded={(row) => renderExpanded(row, search)}
        />
      ) : (
        <p className="text-sm text-muted-foreground">{it.search.start}</p>
      )}
    </div>
  );
}
