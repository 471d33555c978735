import type { ColumnDef } from '@tanstack/react-table';
import { recordKindTable } from '@contract/record-kinds';
import { accountRestoreRequestSchema, type AccountRestoreRequest } from '@contract/restores';
import { contactRowSchema, type ContactRow } from '@contract/search';
import { it } from '@/i18n/it';
import { OneLineValue } from '@/components/one-line-value';
import { formatDay } from '@/lib/dates';
import { textOf } from '@/domain/snapshot';
import type { SectionDef } from './fields';
import { NAME_COLUMN, type RecordKindDef, type RestoreRequestView } from './kind-def';
import { recordRoutes } from './record-routes';

const { labels } = recordKindTable.account;
const f = it[labels.section].fields;
const s = it.contacts.sections;

/** A search row's expansion: the contact fields of docs/product.md#contact-search. */
const expansionSections: readonly SectionDef[] = [
  {
    id: 'expansion',
    title: '',
    fields: [
      { key: 'CreatedDate', label: f.CreatedDate, kind: 'dateTime' },
      { key: 'LastModifiedDate', label: f.LastModifiedDate, kind: 'dateTime' },
      { key: 'Name', label: f.Name },
      { key: 'LastName', label: f.LastName },
      { key: 'PersonEmail', label: f.PersonEmail },
    ],
  },
];

/** The contact detail screen's sections and fields (docs/product.md#contact-detail). */
const detailSections: readonly SectionDef[] = [
  {
    id: 'details',
    title: s.details,
    fields: [
      { key: 'OwnerName', label: f.OwnerName },
      { key: 'Name', label: f.Name },
      { key: 'Date_of_birth__c', label: f.Date_of_birth__c, kind: 'date' },
      { key: 'Gender__c', label: f.Gender__c },
      { key: 'ZIP_CODE__c', label: f.ZIP_CODE__c },
      { key: 'PV__pc', label: f.PV__pc },
      { key: 'PersonEmail', label: f.PersonEmail },
      { key: 'Phone', label: f.Phone },
      { key: 'PersonHomePhone', label: f.PersonHomePhone },
      { key: 'Fax', label: f.Fax },
      { key: 'Website', label: f.Website },
    ],
  },
  {
    id: 'address',
    title: s.address,
    fields: [
      { key: 'BillingAddress', label: f.BillingAddress, kind: 'address' },
      { key: 'ShippingAddress', label: f.ShippingAddress, kind: 'address' },
      { key: 'Description', label: f.Description, kind: 'longText' },
    ],
  },
  {
    id: 'newsletter',
    title: s.newsletter,
    fields: [
      { key: 'Consent_Newsletter__pc', label: f.Consent_Newsletter__pc, kind: 'boolean' },
      { key: 'Last_Marketing_Contact_Date__c', label: f.Last_Marketing_Contact_Date__c, kind: 'date' },
      { key: 'Last_Newsletter_Update__pc', label: f.Last_Newsletter_Update__pc, kind: 'date' },
    ],
  },
  {
    id: 'additional',
    title: s.additional,
    fields: [
      { key: 'Type', label: f.Type },
      { key: 'Industry', label: f.Industry },
    ],
  },
];

const c = it.contacts.columns;

const columns: ColumnDef<ContactRow>[] = [
  {
    id: 'creationDate',
    header: c.creationDate,
    // Headers may wrap so the table fits a tablet in portrait with its expand toggle in view.
    meta: { className: 'whitespace-normal' },
    cell: ({ row }) => formatDay(row.original.creation_date),
  },
  { id: NAME_COLUMN, header: c.customerName, cell: ({ row }) => row.original.accountName },
  {
    id: 'linkedCases',
    header: c.linkedCases,
    meta: { className: 'whitespace-normal' },
    cell: ({ row }) => <span className="tabular-nums">{row.original.countSalesforceCases}</span>,
  },
  // Never broken inside: a phone number whole, an address cut at 10 rem (13 from 1024 px), whole on hover
  // and focus.
  {
    id: 'phone',
    header: c.phone,
    cell: ({ row }) => <OneLineValue value={row.original.salesforceUser.phone} />,
  },
  {
    id: 'email',
    header: c.email,
    cell: ({ row }) => (
      <OneLineValue value={row.original.salesforceUser.email} cutAt="max-w-40 lg:max-w-52" />
    ),
  },
];

const toView = ({
  accountId,
  accountName,
  revisionAccount,
  ...request
}: AccountRestoreRequest): RestoreRequestView => ({
  ...request,
  kind: 'account',
  recordId: accountId,
  recordLabel: accountName,
  revision: revisionAccount,
});

/** Contacts, kind `account`: the CRM's person Accounts. */
export const accountKind: RecordKindDef<ContactRow> = {
  kind: 'account',
  queryRoot: 'contacts',
  rowSchema: contactRowSchema,
  restoreSchema: accountRestoreRequestSchema.transform(toView),
  routes: recordRoutes.account,
  titles: {
    list: it.pages[labels.list],
    detail: it.pages[labels.detail],
    restores: it.pages[labels.restores],
  },
  label: (snapshot) => textOf(snapshot?.Name),
  fieldLabels: it[labels.section].fields,
  expansion: { sections: expansionSections, skeletonRows: 5 },
  detailSections,
  columns,
  rowId: (row) => row.id,
  rowName: (row) => row.accountName ?? row.id,
  earlierRevisionId: (row) => row.earlierRevisionAccount.id,
};
