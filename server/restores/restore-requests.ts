import { commentIdOfField } from '../../contract/case-related';
import { latestSnapshots } from '../store/revisions.repository';
import { randomUUID } from 'node:crypto';
import { ErrorCode } from '../../contract/error-codes';
import { DUPLICATE_REQUEST_MESSAGE, RestoreType, type CreateRestore } from '../../contract/restores';
import { NOT_RESTORED } from '../../contract/restore-writes';
import type { CrmConnector, CrmRecord } from '../crm/crm-connector';
import type { Db } from '../db/database';
import { recordKinds, type RecordKind } from '../db/record-kinds';
import type { Caller } from '../http/caller';
import { badRequest, conflict, forbidden, notFound } from '../http/http-error';
import { holdNamedRevisions } from '../store/revisions-named';
import { revisionsByIds } from '../store/revisions.repository';
import { changedFields } from '../store/snapshot-fields';
import { violatedUniqueIndex } from '../identity/users.repository';
import { alertForcedRestores, type AppliedForcedRestore } from '../watch/forced-restore-alert';
import { parseRequestDay } from './request-dates';
import { toRequest, type RestoreRequestOf } from './restore-view';
import { applyForced, crmOrFail, fieldsDetail, type RestoresDeps } from './restore-write';
import {
  agentExists,
  findRequests,
  insertRequests,
  openRequestIndex,
  revisionsWithOpenRequests,
  type NewRequest,
} from './restores.repository';

type StoredRevisionOf = Awaited<ReturnType<typeof revisionsByIds>>[number];

/** The body speaks for the caller: they create it, and approve a forced restore themselves. Answers `forced`. */
function checkRequester(input: CreateRestore, caller: Caller): boolean {
  const forced = input.restoreTypeId === RestoreType.FORCED;
  if (input.userCreatorId !== caller.userId) throw forbidden('userCreatorId must be your own user id');
  if (forced && input.userReviewerId !== caller.userId)
    throw forbidden('A forced restore is approved by you: userReviewerId must be your own user id');
  if (!forced && input.userReviewerId !== 0)
    throw forbidden('A report names no reviewer: userReviewerId must be 0');
  return forced;
}

/**
 * The chosen fields, each a field of a target revision's snapshot (not its Id): every field Storico keeps, custom
 * ones included, at least one of them one a restore writes; null when the body chose none (all).
 */
function chosenFields(
  kind: RecordKind,
  input: CreateRestore,
  targets: readonly StoredRevisionOf[],
): string[] | null {
  if (!input.fields) return null;
  const object = recordKinds[kind].crmObject;
  const known = new Set(targets.flatMap((t) => Object.keys(t.json)).filter((field) => field !== 'Id'));
  // A case's comment is chosen as `CaseComment:{Id}` (contract/case-related.ts): restored with the case.
  const isField = (field: string) =>
    known.has(field) || (kind === 'case' && commentIdOfField(field) !== null);
  const unknown = input.fields.findIndex((field) => !isField(field));
  if (unknown >= 0)
    throw badRequest(
      `body.fields.${unknown}`,
      `${input.fields[unknown]} is not a field of ${object} to restore`,
    );
  if (input.fields.every((field) => NOT_RESTORED.has(field)))
    throw badRequest(
      'body.fields',
      `No restore writes ${input.fields.join(', ')}: the CRM sets them itself, so this restore would write nothing`,
      ErrorCode.NOTHING_TO_RESTORE,
    );
  return [...input.fields];
}

function requestDates(input: CreateRestore): { dateFrom: string; dateTo: string } {
  const dateFrom = parseRequestDay(input.dateFrom, 'body.dateFrom');
  const dateTo = parseRequestDay(input.dateTo, 'body.dateTo');
  if (dateFrom > dateTo) throw badRequest('body.dateTo', 'dateTo must not be before dateFrom');
  return { dateFrom, dateTo };
}

/** A create that may go ahead: what the body asks, checked, and the CRM a forced restore writes to. */
export type CheckedCreate = {
  input: CreateRestore;
  forced: boolean;
  dates: { dateFrom: string; dateTo: string };
  fields: string[] | null;
  targets: StoredRevisionOf[];
  agent: string | null;
  crm: CrmConnector | undefined;
};

/**
 * What must hold before a create spends its code: the body speaks for the caller, its dates, fields, revisions
 * and agent exist, no request for those revisions is open, and a forced restore has a CRM to write to.
 */
export async function checkCreate(
  deps: RestoresDeps,
  kind: RecordKind,
  input: CreateRestore,
  caller: Caller,
): Promise<CheckedCreate> {
  const forced = checkRequester(input, caller);
  const dates = requestDates(input);
  const targets = await targetRevisions(deps.db, kind, input.revisionIdList, forced);
  const fields = chosenFields(kind, input, targets);
  const agent = await knownAgent(deps.db, input.salesforceUserId ?? null);
  await refuseOpenRequests(deps.db, kind, input.revisionIdList);
  const crm = forced ? await crmOrFail(deps) : undefined;
  return { input, forced, dates, fields, targets, agent, crm };
}

/**
 * One request per revision, all or nothing. A report is created PENDING; a forced restore is applied at once
 * with the caller as reviewer, and a CRM failure leaves nothing of it.
 */
export async function createRequests<K extends RecordKind>(
  deps: RestoresDeps,
  kind: K,
  checked: CheckedCreate,
  caller: Caller,
): Promise<RestoreRequestOf[K][]> {
  const { input, forced, dates, fields, targets, agent, crm } = checked;
  const createdAt = deps.now();
  const claim = forced ? { token: randomUUID(), since: createdAt } : null;
  const rows = await newRequests(deps.db, kind, targets, {
    ...dates,
    agent,
    createdAt,
    claim,
    fields,
    input,
    caller,
  });
  const created = await insert(deps, kind, rows, forced, caller);
  if (!forced) deps.mail?.pending(kind, created);
  if (crm && claim) {
    const snapshots = targets.map((t) => t.json as CrmRecord);
    try {
      await applyForced(deps, kind, crm, created, { targets: snapshots, fields, token: claim.token }, caller);
    } finally {
      // The ones applied (all, or those before a failure) are told in 'Avvisi' when the caller's access is recent.
      const applied = await appliedForced(deps.db, kind, created, targets);
      const grant = await alertForcedRestores(deps, applied, caller);
      if (grant)
        deps.mail?.forcedAfterGrant(
          kind,
          applied.map((a) => a.id),
          grant,
        );
    }
  }
  const views = await findRequests(deps.db, kind, created);
  return views.map((view) => toRequest(kind, view));
}

/** The forced restores of `created` that were kept (a failure deletes those not applied), with their agents. */
async function appliedForced(
  db: Db,
  kind: RecordKind,
  created: readonly number[],
  targets: readonly StoredRevisionOf[],
): Promise<AppliedForcedRestore[]> {
  const kept = new Set((await findRequests(db, kind, created)).map((view) => view.id));
  return created.flatMap((id, i) =>
    kept.has(id)
      ? [
          {
            id,
            request: `${recordKinds[kind].requestNoun}:${id}`,
            object: recordKinds[kind].crmObject,
            agent: String(targets[i]!.json.OwnerId ?? ''),
          },
        ]
      : [],
  );
}

/** The revisions named, in order: each exactly once, all existing, and for a forced restore one per record. */
async function targetRevisions(db: Db, kind: RecordKind, ids: readonly number[], forced: boolean) {
  const repeated = ids.find((id, index) => ids.indexOf(id) !== index);
  if (repeated !== undefined)
    throw badRequest('body.revisionIdList', `Revision ${repeated} is listed more than once`);
  const found = new Map((await revisionsByIds(db, kind, ids)).map((r) => [r.id, r]));
  const missing = ids.find((id) => !found.has(id));
  if (missing !== undefined) throw notFound(`Revision ${missing} not found`);
  const targets = ids.map((id) => found.get(id)!);
  if (forced) {
    const records = targets.map((t) => t.recordId);
    const twice = records.find((r, index) => records.indexOf(r) !== index);
    if (twice !== undefined)
      throw badRequest(
        'body.revisionIdList',
        `Two revisions of record ${twice}: a record is restored to one`,
      );
  }
  return targets;
}

async function knownAgent(db: Db, agent: string | null): Promise<string | null> {
  if (agent !== null && !(await agentExists(db, agent)))
    throw badRequest('body.salesforceUserId', `Unknown agent ${agent}`);
  return agent;
}

/** One PENDING or APPROVED request per revision (the unique index says so again at insert time). */
async function refuseOpenRequests(db: Db, kind: RecordKind, ids: readonly number[]): Promise<void> {
  if ((await revisionsWithOpenRequests(db, kind, ids)).length > 0)
    throw conflict(DUPLICATE_REQUEST_MESSAGE, undefined, ErrorCode.DUPLICATE_REQUEST);
}

/** One row per target, with the fields that differ from the record's latest revision. */
async function newRequests(
  db: Db,
  kind: RecordKind,
  targets: readonly StoredRevisionOf[],
  at: {
    dateFrom: string;
    dateTo: string;
    agent: string | null;
    createdAt: Date;
    claim: NewRequest['claim'];
    fields: string[] | null;
    input: CreateRestore;
    caller: Caller;
  },
): Promise<NewRequest[]> {
  const latest = await latestSnapshots(db, kind, [...new Set(targets.map((t) => t.recordId))]);
  return targets.map((t) => ({
    revisionId: t.id,
    recordId: t.recordId,
    sfUserId: at.agent,
    dateFrom: at.dateFrom,
    dateTo: at.dateTo,
    typeId: at.input.restoreTypeId,
    creatorId: at.caller.userId,
    differences: changedFields(kind, t.json, latest.get(t.recordId) ?? t.json),
    fields: at.fields,
    createdAt: at.createdAt,
    claim: at.claim,
  }));
}

/** Inserts all requests or none; a report is audited with its insert, a forced restore once applied. */
async function insert(
  deps: RestoresDeps,
  kind: RecordKind,
  rows: NewRequest[],
  forced: boolean,
  caller: Caller,
): Promise<number[]> {
  const { db, audit } = deps;
  try {
    return await db.transaction().execute(async (trx) => {
      await holdNamedRevisions(
        trx,
        kind,
        rows.map((r) => r.revisionId),
      );
      const inserted = await insertRequests(trx, kind, rows);
      // A forced restore is recorded when it has been applied: one that fails leaves nothing behind.
      if (!forced) {
        for (const [i, id] of inserted.entries()) {
          await audit.record(
            {
              action: 'restore.created',
              actor: caller.actor,
              ip: caller.ip,
              target: `${recordKinds[kind].requestNoun}:${id}`,
              details: {
                type: 'REPORT',
                revisionId: rows[i]!.revisionId,
                recordId: rows[i]!.recordId,
                ...fieldsDetail(rows[i]!.fields),
              },
            },
            trx,
          );
        }
      }
      return inserted;
    });
  } catch (error) {
    // Another request for one of these revisions was created since the check: the unique index said no.
    if (violatedUniqueIndex(error) === openRequestIndex(kind))
      throw conflict(DUPLICATE_REQUEST_MESSAGE, undefined, ErrorCode.DUPLICATE_REQUEST);
    throw error;
  }
}
