import { randomUUID } from 'node:crypto';
import { ErrorCode } from '../../contract/error-codes';
import {
  ALREADY_REVIEWED_MESSAGE,
  CLAIMED_ELSEWHERE_MESSAGE,
  OUTCOME_CHECKING_MESSAGE,
  OWN_REQUEST_MESSAGE,
} from '../../contract/restores';
import type { CrmConnector, CrmRecord } from '../crm/crm-connector';
import { recordKinds, type RecordKind } from '../db/record-kinds';
import type { Caller } from '../http/caller';
import { conflict, forbidden } from '../http/http-error';
import { refuseHeldApproval } from '../identity/four-eyes';
import { STALE_CLAIM_MS } from '../write-back/write-back';
import { settleUnknownOutcomes, type OutcomeCheckDeps } from './outcome-check';
import { requestOrNotFound } from './restore-view';
import { applyRequest, crmOrFail, type RestoresDeps } from './restore-write';
import {
  claimRequest,
  rejectRequest,
  releaseClaim,
  STATUS_ID,
  type RequestView,
} from './restores.repository';

export function checkDeps(deps: RestoresDeps, crm: CrmConnector): OutcomeCheckDeps {
  const { db, audit, now, outcomeWaitMs, mail } = deps;
  return { db, crm, audit, now, waitMs: outcomeWaitMs, mail };
}

/** A review that may go ahead: the request, PENDING and someone else's, and the CRM an approval writes to. */
export type CheckedReview = { request: RequestView; crm: CrmConnector | undefined };

/**
 * What must hold before a review spends its code: the reviewer is the caller, the request someone else's and
 * PENDING (a write that went unanswered is settled first), and an approval has a CRM to write to and comes from
 * someone who did not give the requester their access within the cooldown (four eyes means two people).
 */
export async function checkReview(
  deps: RestoresDeps,
  kind: RecordKind,
  id: number,
  review: { reviewerId: number; approved: boolean },
  caller: Caller,
): Promise<CheckedReview> {
  if (review.reviewerId !== caller.userId) throw forbidden('reviewerId must be your own user id');
  let request = await requestOrNotFound(deps.db, kind, id);
  if (request.creatorId === caller.userId) throw forbidden(OWN_REQUEST_MESSAGE, ErrorCode.OWN_REQUEST);
  if (request.outcomeUnknownSince) request = await settledFirst(deps, kind, id);
  if (request.statusId !== STATUS_ID.PENDING)
    throw conflict(ALREADY_REVIEWED_MESSAGE, undefined, ErrorCode.ALREADY_REVIEWED);
  if (review.approved)
    await refuseHeldApproval(
      deps,
      caller,
      { id: request.creatorId, username: request.creatorUsername },
      { action: 'restore', target: `${recordKinds[kind].requestNoun}:${id}` },
    );
  return { request, crm: review.approved ? await crmOrFail(deps) : undefined };
}

/**
 * Approves (and applies) or rejects a checked request. Of concurrent reviews one wins: the request is claimed by
 * a conditional update before the CRM is touched, so it is written to once.
 */
export async function decideReview(
  deps: RestoresDeps,
  kind: RecordKind,
  { request, crm }: CheckedReview,
  caller: Caller,
): Promise<void> {
  const { db, now } = deps;
  const id = request.id;
  const at = now();
  const staleBefore = new Date(at.getTime() - STALE_CLAIM_MS);
  if (!crm) return reject(deps, kind, { id, reviewerId: caller.userId, at, staleBefore }, caller);

  const token = randomUUID();
  if (!(await claimRequest(db, kind, id, { token, since: at, staleBefore })))
    throw conflict(CLAIMED_ELSEWHERE_MESSAGE, undefined, ErrorCode.CLAIMED_ELSEWHERE);
  try {
    const claimed = { id, token, target: request.target as CrmRecord, fields: request.fields };
    await applyRequest(deps, kind, crm, claimed, caller, { forced: false });
  } catch (error) {
    await releaseClaim(db, kind, token);
    throw error;
  }
}

async function reject(
  deps: RestoresDeps,
  kind: RecordKind,
  rejection: { id: number; reviewerId: number; at: Date; staleBefore: Date },
  caller: Caller,
): Promise<void> {
  const rejected = await deps.db.transaction().execute(async (trx) => {
    if (!(await rejectRequest(trx, kind, rejection))) return false;
    await deps.audit.record(
      {
        action: 'restore.rejected',
        actor: caller.actor,
        ip: caller.ip,
        target: `${recordKinds[kind].requestNoun}:${rejection.id}`,
      },
      trx,
    );
    return true;
  });
  if (!rejected) throw conflict(CLAIMED_ELSEWHERE_MESSAGE, undefined, ErrorCode.CLAIMED_ELSEWHERE);
  deps.mail?.outcome(kind, rejection.id, 'rejected');
}

/**
 * A request whose write went unanswered is reviewed again only once a read of its record shows the write did not
 * land (no blind retry); one found applied is APPROVED by that read, and the review refused as already done.
 */
async function settledFirst(deps: RestoresDeps, kind: RecordKind, id: number): Promise<RequestView> {
  const outcome = deps.crm
    ? (await settleUnknownOutcomes(checkDeps(deps, deps.crm), kind, [id])).get(id)
    : undefined;
  if (outcome === 'applied' || outcome === 'not-applied') return requestOrNotFound(deps.db, kind, id);
  throw conflict(OUTCOME_CHECKING_MESSAGE, undefined, ErrorCode.OUTCOME_CHECKING);
}
