import type { ColumnDef } from '@tanstack/react-table';
import { useCallback, useState } from 'react';
import type { ContactRow } from '@contract/search';
import { PageTitle } from '@/components/page-title';
import { RestoreActions } from '@/components/restore/restore-actions';
import { SearchBar } from '@/components/search/search-bar';
import { SearchResults } from '@/components/search/search-results';
import { useRowSelection, type RowSelection } from '@/components/search/use-row-selection';
import { useSearchPage } from '@/components/search/use-search-page';
import { it } from '@/i18n/it';
import { formatDay } from '@/lib/dates';
import { useContactSearch } from '../api/search-contacts';
import { ContactVersions } from './contact-versions';

const c = it.contacts.columns;

/** A narrow column may wrap an address after its '@', never inside a name. */
function Email({ address }: { address: string | null }) {
  if (!address) return null;
  const at = address.indexOf('@');
  if (at < 0) return address;
  return (
    <>
      {address.slice(0, at + 1)}
      <wbr />
      {address.slice(at + 1)}
    </>
  );
}

const columns: ColumnDef<ContactRow>[] = [
  {
    id: 'creationDate',
    header: c.creationDate,
    // Headers may wrap so the table fits a tablet in portrait with its expand toggle in view.
    meta: { className: 'whitespace-normal' },
    cell: ({ row }) => formatDay(row.original.creation_date),
  },
  { id: 'customerName', header: c.customerName, cell: ({ row }) => row.original.accountName },
  {
    id: 'linkedCases',
    header: c.linkedCases,
    meta: { className: 'whitespace-normal' },
    cell: ({ row }) => <span className="tabular-nums">{row.original.countSalesforceCases}</span>,
  },
  {
    id: 'phone',
    header: c.phone,
    // '+39 333 111 2222' may break after the country code only.
    cell: ({ row }) => row.original.salesforceUser.phone?.replace(/(?<=\S+ .*) /g, '\u00a0'),
  },
  { id: 'email', header: c.email, cell: ({ row }) => <Email address={row.original.salesforceUser.email} /> },
];

const rowId = (row: ContactRow) => row.id;
const rowName = (row: ContactRow) => row.accountName ?? row.id;

/** What a restore request about the selected contacts names: their versions at the start date. */
export const selectedContactRevisionIds = (selection: RowSelection<ContactRow>): number[] =>
  [...selection.selected.values()].map((row) => row.earlierRevisionAccount.id);

/** `/contatti/contatti?page`: search an agent's contacts and compare their versions. */
export function ContactsPage() {
  const { search, page, setPage, barDefaults, submit, saveBar } = useSearchPage('contacts');
  const selection = useRowSelection(rowId);
  const [expandedId, setExpandedId] = useState<string | null>(null);
  const results = useContactSearch(search, page - 1);
  const toggleExpanded = useCallback(
    (id: string) => setExpandedId((current) => (current === id ? null : id)),
    [],
  );

  return (
    <div className="flex flex-col gap-4">
      <PageTitle>{it.pages.contacts}</PageTitle>
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
              kind="contact"
              place="list"
              revisionIds={selectedContactRevisionIds(selection)}
              search={search}
              onDone={selection.clear}
            />
          }
          expandedId={expandedId}
          onToggleExpanded={toggleExpanded}
          renderExpanded={(row) => <ContactVersions row={row} search={search} />}
        />
      ) : (
        <p className="text-sm text-muted-foreground">{it.search.start}</p>
      )}
    </div>
  );
}
