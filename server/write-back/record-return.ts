import {
  CrmError,
  CrmOutcomeUnknown,
  type CrmConnector,
  type CrmObject,
  type CrmRecord,
} from '../crm/crm-connector';
import type { Db } from '../db/database';
import { kindOfObject } from '../db/record-kinds';
import {
  claimRecreate,
  linkRecreated,
  liveSuccessor,
  recordLife,
  releaseRecreate,
} from '../store/record-life.repository';
import { storeIfChanged, type RevisionSource } from '../store/revision-store';
import { deletedLookupRefusal, refuseDeletedLookups, RestoreFailure } from './restore-apply';

export type RecordReturn = {
  /** The target to write, naming the live record (the successor of a re-created one) and its live account. */
  target: CrmRecord;
  outcome: 'undeleted' | 'recreated' | null;
  /** The record written to when it is not the target's own (re-created now or by an earlier restore). */
  newRecordId: string | null;
};

/** Where and as what a restore brings a record back; `staleBefore` ends a dead process's claim on a re-create. */
export type ReturnContext = {
  db: Db;
  crm: CrmConnector;
  object: CrmObject;
  source: RevisionSource;
  now: Date;
  staleBefore: Date;
  /** The snapshot fields the restore writes, when it writes only those (restoreInCrm's `only`). */
  only?: readonly string[] | undefined;
};

/**
 * The contact is a business account in the CRM: a contact's fields cannot be written onto it. Nothing was sent;
 * a rollback records it as the record's failure.
 */
export class RecordConverted extends RestoreFailure {
  constructor(readonly recordId: string) {
    super(
      `Account ${recordId} is a business account in the CRM now, not a contact: it cannot be restored`,
      [],
    );
    this.name = 'RecordConverted';
  }
}

/**
 * The record was purged and is being created again: another restore holds the claim (`unanswered` false), or this
 * one's create went unanswered and keeps it. Either way the next attempt comes once the claim has gone stale.
 */
export class RecordRecreating extends RestoreFailure {
  constructor(
    message: string,
    readonly unanswered: boolean,
  ) {
    super(message, []);
    this.name = 'RecordRecreating';
  }
}

/**
 * A create whose answer never came may have happened: only a refusal the CRM explained is safe to try again. So is
 * an upsert refused because several records hold the re-create key (CrmDuplicateKey): nothing was created or
 * updated, and every later attempt is refused the same way, naming them, until a person keeps one of them.
 */
const refused = (error: unknown) => error instanceof CrmError && error.errors.length > 0;

/**
 * Makes sure the record a restore writes to lives in the CRM, before its fields are written: a record Storico
 * re-created is followed to its successor; one in the recycle bin is undeleted (same Id, and Salesforce brings
 * back what it deleted with it); one purged (undelete is refused and queryAll no longer sees it, or undelete says
 * it is not in the recycle bin while queryAll still lists it) is created again from the target's writable fields,
 * once, under a claim on the record (a claim abandoned by an attempt whose create went unanswered is taken over
 * only after looking for the record that create made). A
 * record found live that Storico still thinks deleted was undeleted by an earlier attempt that stopped before
 * writing its fields: the write is finished, the undelete not repeated. A contact made a business account, live or
 * deleted, is refused (RecordConverted) unless the CRM says it is a person account again.
 */
export async function bringBack(context: ReturnContext, target: CrmRecord): Promise<RecordReturn> {
  const { db, crm, object } = context;
  const kind = kindOfObject(object);
  const id = await liveSuccessor(db, kind, target.Id);
  const moved = id === target.Id ? null : id;
  const life = await recordLife(db, kind, id);
  // A contact made a business account, perhaps deleted since, whether or not a sync saw it yet: a contact's fields
  // cannot be written onto it, and it is not undeleted for them.
  let state = await crm.recordState(object, id);
  if (state === 'business') throw new RecordConverted(id);
  const wanted = await withLiveAccount(db, crm, object, { ...target, Id: id });
  const believedDeleted = life.deletedAt !== null;
  if (state === 'live')
    return { target: wanted, outcome: believedDeleted ? 'undeleted' : null, newRecordId: moved };
  if (state === 'deleted') {
    // Undeleted, the record would hold its lookups as the recycle bin keeps them, but for those the restore writes.
    await refuseDeletedLookups(crm, object, id, await heldOnceBack(context, id, wanted));
    try {
      await crm.undeleteRecord(object, id);
      return { target: wanted, outcome: 'undeleted', newRecordId: moved };
    } catch (error) {
      // UndeleteResult's errors name no code for a record no longer in the recycle bin
      // (https://developer.salesforce.com/docs/atlas.en-us.api.meta/api/sforce_api_calls_undelete_undeleteresult.htm):
      // whatever the CRM refused with, it is asked where the record is now.
      if (!(error instanceof CrmError) || error.errorCode === 'REQUEST_LIMIT_EXCEEDED') throw error;
      // Purged between the two calls, or undeleted by someone else: the CRM says which.
      state = await crm.recordState(object, id);
      if (state === 'business') throw new RecordConverted(id);
      if (state === 'live') return { target: wanted, outcome: 'undeleted', newRecordId: moved };
      if (state === 'deleted' && !notInRecycleBin(error)) throw error;
    }
  }
  return recreate(context, wanted, id);
}

/**
 * An undelete refused as "Entity is not in the recycle bin" (UNDELETE_FAILED) of a record queryAll still lists as
 * deleted: Salesforce may go on listing a hard-deleted record for a while (Help article 000386040,
 * https://help.salesforce.com/s/articleView?id=000386040&type=1). It is purged, and re-created as such.
 */
const notInRecycleBin = (error: CrmError) =>
  error.errors.some((e) => e.errorCode === 'UNDELETE_FAILED' && /not in the recycle bin/i.test(e.message));

/**
 * What a record in the recycle bin holds once undeleted and restored: the target's value of each field the restore
 * writes, the recycle bin's of the others. A case's contact follows its account (restoreInCrm).
 */
async function heldOnceBack(
  { crm, object, only }: ReturnContext,
  id: string,
  target: CrmRecord,
): Promise<Record<string, unknown>> {
  if (!only) return target;
  const binned = await crm.readRecordWithDeleted(object, id);
  if (!binned) return target;
  const written = (field: string) =>
    only.includes(field) || (field === 'ContactId' && only.includes('AccountId'));
  return Object.fromEntries(
    Object.keys(binned).map((field) => [field, written(field) ? target[field] : binned[field]]),
  );
}

/**
 * How far before an abandoned claim its create is looked for: the claim is timed by Storico's clock, CreatedDate
 * by the CRM's.
 */
const CLOCK_SKEW_MS = 5 * 60_000;

async function recreate(context: ReturnContext, target: CrmRecord, oldId: string): Promise<RecordReturn> {
  const { db, crm, object } = context;
  const kind = kindOfObject(object);
  const claim = await claimRecreate(db, kind, oldId, { now: context.now, staleBefore: context.staleBefore });
  if (!claim) {
    throw new RecordRecreating(
      `${object} ${oldId} was purged from the CRM and another restore is creating it again, or its create went unanswered: try later`,
      false,
    );
  }
  // An earlier attempt held the claim and never gave it back: its create went unanswered, or its process
  // stopped. The record it may have made is looked for first, so that it is not created twice.
  const earlier = claim.takenOver && (await findEarlierCreate(context, target, oldId, claim.takenOver));
  const newId = earlier ?? (await createOnce(context, target, oldId));
  // Linked at once, before anything else can fail: every later restore of the old Id writes to the new record.
  const created = await crm.readRecord(object, newId).catch(() => null);
  await db.transaction().execute(async (trx) => {
    if (created) await storeIfChanged(trx, object, created, context.source);
    await linkRecreated(trx, kind, oldId, newId);
  });
  // The record an abandoned create made may have been deleted in the CRM since (its key finds it in the recycle
  // bin too): through the link it is brought back as any deleted record is, never made a second time.
  if (earlier && !created) return { ...(await bringBack(context, target)), outcome: 'recreated' };
  return { target: { ...target, Id: newId }, outcome: 'recreated', newRecordId: newId };
}

/**
 * The record an abandoned claim's create made, if it did. When the CRM cannot be asked, the claim goes back as
 * stale as it was, so that the next attempt looks from the same time again.
 */
async function findEarlierCreate(
  context: ReturnContext,
  target: CrmRecord,
  oldId: string,
  takenOver: Date,
): Promise<string | null> {
  try {
    return await context.crm.findCreated(
      context.object,
      target,
      new Date(takenOver.getTime() - CLOCK_SKEW_MS),
      oldId,
    );
  } catch (error) {
    await releaseRecreate(context.db, kindOfObject(context.object), oldId, takenOver);
    throw error;
  }
}

/** Creates the record under the claim; a refusal gives the claim back, a lost answer keeps it until it goes stale. */
async function createOnce(context: ReturnContext, target: CrmRecord, oldId: string): Promise<string> {
  try {
    // The connector sends what the org lets a create set (describe's createable, a wider set than updateable).
    return await context.crm.createRecord(context.object, target, oldId);
  } catch (error) {
    // A refusal leaves the record free to be created by the next attempt; a lost answer keeps the claim until
    // it goes stale, so that a record perhaps created is not created twice at once.
    if (refused(error)) await releaseRecreate(context.db, kindOfObject(context.object), oldId);
    if (error instanceof CrmOutcomeUnknown) throw new RecordRecreating(error.message, true);
    throw await deletedLookupRefusal(
      context.crm,
      { object: context.object, recordId: oldId, fields: target },
      error,
    );
  }
}

/** A case of an account Storico re-created belongs to the new account (and its person contact). */
async function withLiveAccount(
  db: Db,
  crm: CrmConnector,
  object: CrmObject,
  target: CrmRecord,
): Promise<CrmRecord> {
  if (object !== 'Case' || typeof target.AccountId !== 'string') return target;
  const accountId = await liveSuccessor(db, 'account', target.AccountId);
  if (accountId === target.AccountId) return target;
  return { ...target, AccountId: accountId, ContactId: await crm.personContactId(accountId) };
}
