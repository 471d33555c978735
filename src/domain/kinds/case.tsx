import type { ColumnDef } from '@tanstack/react-table';
import { recordKindTable } from '@contract/record-kinds';
import { caseRestoreRequestSchema, type CaseRestoreRequest } from '@contract/restores';
import { caseRowSchema, type CaseRow } from '@contract/search';
import { TruncatedText } from '@/components/truncated-text';
import { it } from '@/i18n/it';
import { formatDay } from '@/lib/dates';
import { textOf, type Snapshot } from '@/domain/snapshot';
import type { FieldDef, SectionDef } from './fields';
import { NAME_COLUMN, type RecordKindDef, type RestoreRequestView } from './kind-def';
import { recordRoutes } from './record-routes';

const { labels } = recordKindTable.case;
const f = it[labels.section].fields;
const s = it.cases.sections;

export const FEEDBACK_ON_PRODUCT = 'Feedback on Product';

const isFeedback = (snapshot: Snapshot | null) => snapshot?.Reason === FEEDBACK_ON_PRODUCT;

const field = (key: keyof typeof f, kind?: FieldDef['kind']): FieldDef => ({ key, label: f[key], kind });

/**
 * A search row's expansion (docs/product.md#case-search): Reason, SKU, agent, then Classify - or, for
 * 'Feedback on Product', the two feedback fields in its place. When the reason changed between the versions
 * both are shown.
 */
function expansionSections(left: Snapshot | null, right: Snapshot | null): SectionDef[] {
  const feedback = [left, right].some(isFeedback);
  const other = [left, right].some((snapshot) => !isFeedback(snapshot));
  return [
    {
      id: 'expansion',
      title: '',
      fields: [
        field('Reason'),
        // This CRM keeps the SKU of a case as SKU_Webform__c; SKU__c is read first where a CRM has it.
        { key: 'SKU__c', label: f.SKU__c, fallbackKeys: ['SKU_Webform__c'] },
        field('Agent__c'),
        ...(other ? [field('Classify__c')] : []),
        ...(feedback ? [field('Feedback_Agent__c'), field('Secondary_Feedback_Agent__c')] : []),
      ],
    },
  ];
}

/**
 * The case detail screen's sections (docs/product.md#case-detail) over the case snapshot's fields. 'Customer
 * Product Information' shows only when a version's reason is 'Feedback on Product'.
 */
function detailSections(left: Snapshot | null, right: Snapshot | null): SectionDef[] {
  const sections: SectionDef[] = [
    {
      id: 'case',
      title: s.caseInformation,
      fields: [
        field('CaseNumber'),
        field('CreatedDate', 'dateTime'),
        field('CaseOwnerName__c'),
        field('Status'),
        field('Priority'),
        field('Origin'),
        field('Reason'),
        field('Type_of_Complaint__c'),
        field('Related__c'),
        field('Brand__c'),
        field('Agent__c'),
        field('Subject'),
        field('Description', 'longText'),
        field('Is_restaurant__c', 'boolean'),
        field('Recall__c', 'boolean'),
        field('Email_From_Contact_Us__c', 'boolean'),
        field('Modifica_Caso_oltre_limite__c', 'boolean'),
      ],
    },
    {
      id: 'address',
      title: s.address,
      fields: [
        field('Web_Address__c'),
        field('Web_City__c'),
        field('Web_State__c'),
        field('Web_Zip_Code__c'),
        field('Web_Country__c'),
      ],
    },
    {
      id: 'additional',
      title: s.additional,
      fields: [
        field('SuppliedName'),
        field('SuppliedEmail'),
        field('SuppliedPhone'),
        field('ContactName'),
        field('ContactEmail'),
        field('ContactPhone'),
        field('Photo_Link_1__c'),
        field('Dont_notify__c', 'boolean'),
      ],
    },
  ];
  if ([left, right].some(isFeedback)) {
    sections.push({
      id: 'product',
      title: s.product,
      fields: [
        field('Product__c'),
        field('Product_Description__c', 'longText'),
        field('SKU_Webform__c'),
        field('Lot_Number__c'),
        field('Expiration_Date__c', 'date'),
        field('Feedback_Agent__c'),
        field('Secondary_Feedback_Agent__c'),
      ],
    });
  }
  sections.push(
    {
      id: 'service',
      title: s.service,
      fields: [
        field('Classify__c'),
        field('SKU_Agent1__c'),
        field('SKU_Agent1_Name__c'),
        field('Lot_Number_Agent__c'),
        field('Missed_lot__c', 'boolean'),
        field('CS_Time_prod__c'),
        field('CS_Packaging_Machine__c'),
        field('line__c'),
        // The coupon customer service grants applies to any case, so it shows whatever the reason.
        field('Number_of_Pieces__c', 'number'),
        field('Total_Value__c', 'number'),
      ],
    },
    {
      id: 'notes',
      title: s.notes,
      fields: [field('Internal_comments__c', 'longText')],
    },
  );
  return sections;
}

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
  { id: NAME_COLUMN, header: c.caseNumber, cell: ({ row }) => row.original.caseNumber },
  {
    id: 'creationDate',
    header: c.creationDate,
    // Headers may wrap so the table fits a tablet in portrait with its expand toggle in view.
    meta: { className: 'whitespace-normal' },
    cell: ({ row }) => formatDay(row.original.createdAt),
  },
  { id: 'agent', header: c.agent, cell: ({ row }) => agentName(row.original) },
];

const toView = ({
  caseId,
  caseNumber,
  revisionCase,
  ...request
}: CaseRestoreRequest): RestoreRequestView => ({
  ...request,
  kind: 'case',
  recordId: caseId,
  recordLabel: caseNumber,
  revision: revisionCase,
});

/** Cases: the CRM's Cases. */
export const caseKind: RecordKindDef<CaseRow> = {
  kind: 'case',
  queryRoot: 'cases',
  rowSchema: caseRowSchema,
  restoreSchema: caseRestoreRequestSchema.transform(toView),
  routes: recordRoutes.case,
  titles: {
    list: it.pages[labels.list],
    detail: it.pages[labels.detail],
    restores: it.pages[labels.restores],
  },
  label: (snapshot) => textOf(snapshot?.CaseNumber),
  fieldLabels: it[labels.section].fields,
  expansion: { sections: expansionSections, skeletonRows: 4 },
  detailSections,
  columns,
  rowId: (row) => row.id,
  rowName: (row) => row.caseNumber ?? row.id,
  earlierRevisionId: (row) => row.earlierRevisionCase.id,
};
