import type { ColumnDef } from '@tanstack/react-table';
import type { CaseRow } from '@contract/search';
import { TruncatedText } from '@/components/compare/truncated-text';
import { SearchPage } from '@/components/search/search-page';
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

/** `/casi/casi?page`: search an agent's cases and compare their versions. */
export function CasesPage() {
  return (
    <SearchPage
      title={it.pages.cases}
      kind="cases"
      restoreKind="case"
      useResults={useCaseSearch}
      columns={columns}
      rowId={rowId}
      rowName={rowName}
      earlierRevisionId={(row) => row.earlierRevisionCase.id}
      renderExpanded={(row, search) => <CaseVersions row={row} search={search} />}
    />
  );
}
