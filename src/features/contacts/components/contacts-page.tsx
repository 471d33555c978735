import type { ColumnDef } from '@tanstack/react-table';
import type { ContactRow } from '@contract/search';
import { SearchPage } from '@/components/search/search-page';
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

/** `/contatti/contatti?page`: search an agent's contacts and compare their versions. */
export function ContactsPage() {
  return (
    <SearchPage
      title={it.pages.contacts}
      kind="contacts"
      restoreKind="contact"
      useResults={useContactSearch}
      columns={columns}
      rowId={rowId}
      rowName={rowName}
      earlierRevisionId={(row) => row.earlierRevisionAccount.id}
      renderExpanded={(row, search) => <ContactVersions row={row} search={search} />}
    />
  );
}
