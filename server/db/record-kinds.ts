import { kindOfObject, recordKindTable, type RecordKind } from '../../contract/record-kinds';

// The server's modules name the kind and read the CRM object from here, beside the tables.
export { kindOfObject, type RecordKind };

/**
 * What differs between the kinds on the server, keyed by the contract's kinds (contract/record-kinds.ts, which
 * names the CRM object and the API's paths): the tables and columns of records, revisions and restore requests,
 * and the names the audit log uses.
 */
export const recordKinds = {
  account: {
    crmObject: recordKindTable.account.crmObject,
    records: 'sf_accounts',
    revisions: 'revision_accounts',
    /** The record id column of the revisions and restore-request tables. */
    key: 'account_id',
    requests: 'restore_account_requests',
    revisionColumn: 'revision_account_id',
    /** The records' column a restore request is named by (the contact's name). */
    label: 'name',
    /** The unique index that allows one PENDING or APPROVED request per revision. */
    openIndex: 'restore_account_requests_open',
    noun: 'Contact',
    requestNoun: 'restore-account-request',
  },
  case: {
    crmObject: recordKindTable.case.crmObject,
    records: 'sf_cases',
    revisions: 'revision_cases',
    key: 'case_id',
    requests: 'restore_case_requests',
    revisionColumn: 'revision_case_id',
    label: 'case_number',
    openIndex: 'restore_case_requests_open',
    noun: 'Case',
    requestNoun: 'restore-case-request',
  },
} as const;
