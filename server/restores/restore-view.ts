import {
  RESTORE_STATUSES,
  RestoreType,
  type AccountRestoreRequest,
  type CaseRestoreRequest,
  type RestoreStatus,
} from '../../contract/restores';
import { formatDiffProperties } from '../../contract/revisions';
import type { Db } from '../db/database';
import type { RecordKind } from '../db/record-kinds';
import { notFound } from '../http/http-error';
import { snapshotText } from '../store/snapshot-fields';
import { findRequest, type RequestView } from './restores.repository';

export type RestoreRequestOf = { account: AccountRestoreRequest; case: CaseRestoreRequest };

const statusName = (id: number) => RESTORE_STATUSES[id - 1] as RestoreStatus;

/** A stored request as the API shows it. */
export function toRequest<K extends RecordKind>(kind: K, view: RequestView): RestoreRequestOf[K] {
  const common = {
    id: view.id,
    createdAt: view.createdAt.toISOString(),
    approvedAt: view.approvedAt?.toISOString() ?? null,
    userCreator: { id: view.creatorId, username: view.creatorUsername },
    userReviewer:
      view.reviewerId === null ? null : { id: view.reviewerId, username: view.reviewerUsername ?? '' },
    restoreType: { id: view.typeId, type: view.typeId === RestoreType.FORCED ? 'FORCED' : 'REPORT' },
    status: { id: view.statusId, status: statusName(view.statusId) },
    differences: formatDiffProperties(view.differences),
    dateFrom: view.dateFrom,
    dateTo: view.dateTo,
    salesforceUserId: view.sfUserId,
    outcome: view.outcome,
    newRecordId: view.newRecordId,
    outcomeUnknownSince: view.outcomeUnknownSince?.toISOString() ?? null,
    fields: view.fields,
    // Said only to a reviewer reading the request (RestoresService.viewed).
    fourEyes: null,
  } as const;
  const revision = { id: view.revisionId, json: snapshotText(kind, view.target) };
  const request: AccountRestoreRequest | CaseRestoreRequest =
    kind === 'account'
      ? {
          ...common,
          accountId: view.recordId,
          accountName: view.recordLabel ?? (typeof view.target.Name === 'string' ? view.target.Name : null),
          revisionAccount: revision,
        }
      : {
          ...common,
          caseId: view.recordId,
          relatedRestored: view.relatedRestored,
          caseNumber:
            view.recordLabel ?? (typeof view.target.CaseNumber === 'string' ? view.target.CaseNumber : null),
          revisionCase: revision,
        };
  return request as RestoreRequestOf[K];
}

export async function requestOrNotFound(db: Db, kind: RecordKind, id: number): Promise<RequestView> {
  const request = await findRequest(db, kind, id);
  if (!request) throw notFound(`Restore request ${id} not found`);
  return request;
}
