/** The two kinds of record whose revisions are kept: contacts (person Accounts) and cases. */
export type RecordKind = 'account' | 'case';

/**
 * Everything that differs between the kinds on the server, in one place: the CRM object, the tables and columns
 * of records, revisions and restore requests, and the names the API and the audit log use.
 */
export const recordKinds = {
  account: {
    crmObject: 'Account',
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
    crmObject: 'Case',
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

/** The kind whose CRM object this is. */
export const kindOfObject = (object: 'Account' | 'Case'): RecordKind =>
  object === 'Account' ? 'account' : 'case';
