import type { ColumnDef } from '@tanstack/react-table';
import { useCallback, useState } from 'react';
import type { CaseRow } from '@contract/search';
import { TruncatedText } from '@/components/compare/truncated-text';
import { PageTitle } from '@/components/page-title';
import { RestoreActions } from '@/components/restore/restore-actions';
import { SearchBar } from '@/components/search/search-bar';
import { SearchResults } from '@/components/search/search-results';
import { useRowSelection, type RowSelection } from '@/components/search/use-row-selection';
import { useSearchPage } from '@/components/search/use-search-page';
import { it } from '@/i18n/it';
import { formatDay } from '@/lib/dates';
import { useCaseSearch } from '../api/search-cases';
import { CaseVersions } from './case-versions';

const c = it.cases.columns;

const agentName = (row: CaseRow) =>
  [row.salesforceUser.FirstName, row.salesforceUser.LastName].filter(Boolean).join(' ') ||
  row.salesforceUser.username;

const columns: ColumnDef<CaseRow>[] = [
  {
    id: 'description',
    header: c.description,
    cell: ({ row }) => (
      <div className="min-w-48 max-w-md">
        <TruncatedText text={row.original.description ?? ''} />
      </div>
    ),
  },
  { id: 'caseNumber', header: c.caseNumber, cell: ({ row }) => row.original.caseNumber },
  {
    id: 'creationDate',
    header: c.creationDate,
    // Headers may wrap so the table fits a tablet in portrait with its expand toggle in view.
    meta: { className: 'whitespace-normal' },
    cell: ({ row }) => formatDay(row.original.createdAt),
  },
  { id: 'agent', header: c.agent, cell: ({ row }) => agentName(row.original) },
];

const rowId = (row: CaseRow) => row.id;
const rowName = (row: CaseRow) => row.caseNumber ?? row.id;

/** What a restore request about the selected cases names: their versions at the start date. */
export const selectedCaseRevisionIds = (selection: RowSelection<CaseRow>): number[] =>
  [...selection.selected.values()].map((row) => row.earlierRevisionCase.id);

/** `/casi/casi?page`: search an agent's cases and compare their versions. */
export function CasesPage() {
  const { search, page, setPage, barDefaults, submit, saveBar } = useSearchPage('cases');
  const selection = useRowSelection(rowId);
  const [expandedId, setExpandedId] = useState<string | null>(null);
  const results = useCaseSearch(search, page - 1);
  const toggleExpanded = useCallback(
    (id: string) => setExpandedId((current) => (current === id ? null : id)),
    [],
  );

  return (
    <div className="flex flex-col gap-4">
      <PageTitle>{it.pages.cases}</PageTitle>
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
              kind="case"
              place="list"
              revisionIds={selectedCaseRevisionIds(selection)}
              search={search}
              onDone={selection.clear}
            />
          }
          expandedId={expandedId}
          onToggleExpanded={toggleExpanded}
          renderExpanded={(row) => <CaseVersions row={row} search={search} />}
        />
      ) : (
        <p className="text-sm text-muted-foreground">{it.search.start}</p>
      )}
    </div>
  );
}
