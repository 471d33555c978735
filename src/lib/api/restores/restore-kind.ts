import type { QueryKey } from '@tanstack/react-query';
import {
  accountRestoreRequestSchema,
  caseRestoreRequestSchema,
  type AccountRestoreRequest,
  type CaseRestoreRequest,
} from '@contract/restores';

/** Restore requests come in two kinds, one endpoint family each. */
export type RestoreKind = 'contact' | 'case';

export const restoreEndpoint: Record<RestoreKind, string> = {
  contact: '/restore-account-request/',
  case: '/restore-case-request/',
};

export const restoreRequestSchema = {
  contact: accountRestoreRequestSchema,
  case: caseRestoreRequestSchema,
} as const;

/**
 * The root key of every query about the records of a kind (search, versions, history, differences), as the
 * contacts and cases screens key them: a restore writes a new revision, so all of them may change.
 */
export const recordQueryRoot: Record<RestoreKind, QueryKey> = { contact: ['contacts'], case: ['cases'] };

/** One restore request as the screens show it, whichever its kind. */
export type RestoreRequestView = Omit<
  AccountRestoreRequest,
  'accountId' | 'accountName' | 'revisionAccount'
> & {
  kind: RestoreKind;
  recordId: string;
  /** The contact's name or the case number. */
  recordLabel: string | null;
  /** The target revision: its snapshot is what the restore writes back. */
  revision: { id: number; json: string };
};

export function viewOfAccountRequest({
  accountId,
  accountName,
  revisionAccount,
  ...request
}: AccountRestoreRequest): RestoreRequestView {
  return {
    ...request,
    kind: 'contact',
    recordId: accountId,
    recordLabel: accountName,
    revision: revisionAccount,
  };
}

export function viewOfCaseRequest({
  caseId,
  caseNumber,
  revisionCase,
  ...request
}: CaseRestoreRequest): RestoreRequestView {
  return { ...request, kind: 'case', recordId: caseId, recordLabel: caseNumber, revision: revisionCase };
}
