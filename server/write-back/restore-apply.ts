import {
  CrmError,
  CrmOutcomeUnknown,
  type CrmConnector,
  type CrmObject,
  type CrmRecord,
  type DeletedLookup,
} from '../crm/crm-connector';
import { keptByCrm } from '../../contract/restore-writes';
import { normaliseAddress, WRITABLE_ADDRESS_PARTS } from '../crm/crm-fields';
import { parseSfDateTime } from '../crm/salesforce-dates';
import { sameJson } from '../store/snapshot-diff';

export type CrmRestore = {
  /** The record as the CRM held it before the restore. */
  live: CrmRecord;
  /** The record read back after the write (the live one when nothing needed writing). */
  readBack: CrmRecord;
  /** The snapshot fields written, each now holding the target's value. */
  written: string[];
};

/**
 * The restore did not happen as asked; `seen` holds what was read from the CRM before any write, `afterWrite`
 * what was read after the restore's own write (a revision the restore wrote, even if not as asked).
 */
export class RestoreFailure extends Error {
  constructor(
    message: string,
    readonly seen: CrmRecord[],
    /** The org refuses calls for its daily API limit: try again later. */
    readonly crmLimit = false,
    readonly afterWrite: CrmRecord[] = [],
    /** Storico's own finding on reading the record back after the write, where the CRM refused nothing. */
    readonly verdict: RestoreVerdict | undefined = undefined,
  ) {
    super(message);
    this.name = 'RestoreFailure';
  }
}

/**
 * The restore would point the record at a record in the CRM's recycle bin (a case at its deleted contact): refused
 * before anything was written, or by the CRM itself (ENTITY_IS_DELETED), which wrote nothing either. The related
 * record is to be restored first (a live record can also be restored leaving that lookup out; one in the recycle bin
 * keeps its own). A rollback skips such a record.
 */
export class RelatedRecordDeleted extends RestoreFailure {
  constructor(
    object: CrmObject,
    recordId: string,
    readonly lookups: DeletedLookup[],
    seen: CrmRecord[] = [],
    /** The CRM's own refusal, when it is the CRM that refused. */
    refusal?: CrmError,
  ) {
    const named = lookups.map((l) => `${l.field} ${l.id}`).join(', ');
    super(
      `${object} ${recordId} would point at a record in the CRM's recycle bin (${named}): restore that record first${refusal ? ` (${refusal.message})` : ''}`,
      seen,
    );
    this.name = 'RelatedRecordDeleted';
  }
}

/**
 * Refuses, before anything is written, a restore that would leave `values` (what the record holds once restored,
 * by snapshot field) pointing at a record in the recycle bin.
 */
export async function refuseDeletedLookups(
  crm: CrmConnector,
  object: CrmObject,
  recordId: string,
  values: Record<string, unknown>,
): Promise<void> {
  const lookups = await crm.deletedLookups(object, values);
  if (lookups.length > 0) throw new RelatedRecordDeleted(object, recordId, lookups);
}

/**
 * A write the CRM refused with ENTITY_IS_DELETED, the record itself being live, or being created: one of its
 * lookups names a record in the recycle bin (Salesforce's StatusCode ENTITY_IS_DELETED, "You can't reference an
 * object that has been deleted", names no field: SOAP API, Core Data Types,
 * https://developer.salesforce.com/docs/atlas.en-us.api.meta/api/sforce_api_calls_concepts_core_data_objects.htm).
 * Which one, the CRM is asked; none (the record itself was deleted meanwhile) leaves the refusal as it is.
 */
export async function deletedLookupRefusal(
  crm: CrmConnector,
  write: { object: CrmObject; recordId: string; fields: Record<string, unknown> },
  error: unknown,
  seen: CrmRecord[] = [],
): Promise<unknown> {
  if (!(error instanceof CrmError) || !error.errors.some((e) => e.errorCode === 'ENTITY_IS_DELETED'))
    return error;
  const lookups = await crm.deletedLookups(write.object, write.fields).catch(() => []);
  if (lookups.length === 0) return error;
  return new RelatedRecordDeleted(write.object, write.recordId, lookups, seen, error);
}

/**
 * The record was changed in the CRM after the version the write was to follow (its LastModifiedDate, by
 * LastModifiedById: the Object Reference's system fields,
 * https://developer.salesforce.com/docs/atlas.en-us.object_reference.meta/object_reference/system_fields.htm):
 * nothing was written. `seen` holds the record as the CRM has it now, so that it is kept and compared with.
 */
export class RecordChangedSince extends RestoreFailure {
  /** The CRM user who changed it last (LastModifiedById), and when (LastModifiedDate). */
  readonly changedBy: string | null;
  readonly changedAt: string | null;

  constructor(live: CrmRecord, message?: string) {
    super(
      message ??
        `${String(live.Id)} was changed in the CRM by ${String(live.LastModifiedById)} at ${String(live.LastModifiedDate)}, after the version the write follows: nothing was written`,
      [live],
    );
    this.name = 'RecordChangedSince';
    this.changedBy = typeof live.LastModifiedById === 'string' ? live.LastModifiedById : null;
    this.changedAt = typeof live.LastModifiedDate === 'string' ? live.LastModifiedDate : null;
  }
}

/**
 * The condition a write is sent on: the record's LastModifiedDate as the caller knew it (a live record changed
 * later is refused before anything is sent), or `as-read`, that of the live record read just before the write
 * (the caller's checkLive judges a change made before that read).
 */
export type WriteCondition = Date | 'as-read';

/** The time a write's If-Unmodified-Since names, refusing a live record changed after a known version. */
function unmodifiedSince(live: CrmRecord, condition: WriteCondition | undefined): Date | undefined {
  if (condition === undefined) return undefined;
  const liveAt = parseSfDateTime(live.LastModifiedDate);
  if (condition === 'as-read') return liveAt === undefined ? undefined : new Date(liveAt);
  if (liveAt !== undefined && liveAt > condition.getTime()) throw new RecordChangedSince(live);
  return condition;
}

/**
 * The CRM refused the conditional write (412 PRECONDITION_FAILED): someone changed the record between the read and
 * the write. It is read again, to keep and to name who changed it.
 */
async function changedMeanwhile(
  crm: CrmConnector,
  object: CrmObject,
  live: CrmRecord,
  error: unknown,
): Promise<RecordChangedSince | undefined> {
  if (!(error instanceof CrmError) || error.errorCode !== 'PRECONDITION_FAILED') return undefined;
  return new RecordChangedSince(await crm.readRecord(object, live.Id).catch(() => live));
}

/** What the read after a restore's write showed: values the CRM did not keep, or an owner it changed. */
export type RestoreVerdict = 'not-kept' | 'owner-changed';

/** The write a restore sent: which record, and the snapshot fields with the values sent. */
export type SentWrite = { recordId: string; fields: Record<string, unknown> };

/**
 * The restore's write was sent and its answer never came, or came but the record could not be read back: whether
 * the CRM holds the restore is unknown until a read of the record shows it. The write is not to be repeated.
 */
export class RestoreOutcomeUnknown extends Error {
  constructor(
    message: string,
    /** The record as read before the write. */
    readonly live: CrmRecord,
    readonly write: SentWrite,
  ) {
    super(message);
    this.name = 'RestoreOutcomeUnknown';
  }
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * A field's value as a restore sets it. Of an address only the components the connector writes, and of those
 * only the ones `target` holds (an address stored with three keys says nothing of its street).
 */
function writableValue(field: string, record: CrmRecord, target: CrmRecord): unknown {
  const value = record[field] ?? null;
  const wanted = target[field];
  // Only an address is an object: any other value is compared as it is.
  if (!isObject(wanted) && !isObject(value)) return value;
  const keys = Object.keys(WRITABLE_ADDRESS_PARTS).filter((k) => !isObject(wanted) || k in wanted);
  const address: Record<string, unknown> = normaliseAddress(value) ?? {};
  const parts = keys.map((k) => [k, address[k] ?? null] as const);
  // An empty address and one whose written parts are all empty are the same address.
  return parts.every(([, v]) => v === null) ? null : Object.fromEntries(parts);
}

/**
 * The fields of `target` a restore writes: those the org lets the connector write (`writable`), that the CRM
 * reads back (so the result can be checked) and whose values differ from `live`, in the target's order. An empty
 * target value of a field the CRM cannot empty (`neverEmpty`: a checkbox of a revision that held none) is left out:
 * the connector would not send it, and the read-back would find the record's own value where the target has none.
 */
export function fieldsToRestore(
  target: CrmRecord,
  live: CrmRecord,
  writable: ReadonlySet<string>,
  neverEmpty: ReadonlySet<string> = new Set(),
): string[] {
  return Object.keys(target).filter(
    (field) =>
      writable.has(field) &&
      field in live &&
      !keptByCrm(target[field], neverEmpty.has(field)) &&
      !sameJson(writableValue(field, target, target), writableValue(field, live, target)),
  );
}

const failure = (error: unknown, seen: CrmRecord[], context = '') => {
  if (!(error instanceof CrmError)) return error;
  return new RestoreFailure(`${context}${error.message}`, seen, error.errorCode === 'REQUEST_LIMIT_EXCEEDED');
};

/**
 * A case's contact follows its account: a person account's contact is its PersonContactId, so restoring the
 * account of a case restores the matching ContactId with it.
 */
async function withConsistentContact(
  crm: CrmConnector,
  target: CrmRecord,
  written: string[],
  writable: ReadonlySet<string>,
): Promise<CrmRecord> {
  if (!written.includes('AccountId') || !writable.has('ContactId')) return target;
  const accountId = typeof target.AccountId === 'string' ? target.AccountId : null;
  const contactId = accountId ? await crm.personContactId(accountId) : null;
  return { ...target, ContactId: contactId };
}

/**
 * Writes `target` back to the CRM: reads the live record, writes the target's writable fields that differ from
 * it (without assignment rules), reads the record back and checks that every written field holds the target's
 * value and that the owner did not change unless it was restored. `only`, when given, limits the write (and so
 * its check) to those snapshot fields; an address is one field. `checkLive` sees the live record before anything
 * is written, and may refuse the write by throwing. `condition` makes the write conditional (If-Unmodified-Since):
 * a record changed after it, before the read or between the read and the write, is refused as RecordChangedSince
 * with what the CRM holds now. `beforeWrite` is told the write just before it is sent (a
 * caller that must never send it twice keeps it first). Throws a RestoreFailure when the CRM refuses, cannot be
 * reached, or does not keep a value; other errors as they are.
 */
export async function restoreInCrm(
  crm: CrmConnector,
  object: CrmObject,
  target: CrmRecord,
  {
    only,
    checkLive,
    beforeWrite,
    condition,
  }: {
    only?: readonly string[] | undefined;
    checkLive?: (live: CrmRecord) => void;
    beforeWrite?: (write: SentWrite) => Promise<void>;
    condition?: WriteCondition | undefined;
  } = {},
): Promise<CrmRestore> {
  let live: CrmRecord;
  let writable: Set<string>;
  let wanted = target;
  let written: string[];
  let since: Date | undefined;
  try {
    if (await crm.limitExceeded()) {
      throw new RestoreFailure('The CRM refuses calls: its daily API request limit is exceeded', [], true);
    }
    live = await crm.readRecord(object, target.Id);
    checkLive?.(live);
    since = unmodifiedSince(live, condition);
    writable = new Set(await crm.writableFields(object));
    written = fieldsToRestore(target, live, writable, new Set(await crm.neverEmptyFields(object)));
    if (only) written = written.filter((field) => only.includes(field));
    if (object === 'Case') {
      wanted = await withConsistentContact(crm, target, written, writable);
      // The contact follows a restored account; left out of a chosen set, it is not written on its own.
      const contactFollows = !only || only.includes('ContactId') || written.includes('AccountId');
      if (
        contactFollows &&
        !written.includes('ContactId') &&
        !sameJson(wanted.ContactId ?? null, live.ContactId ?? null)
      )
        written.push('ContactId');
    }
  } catch (error) {
    throw failure(error, []);
  }
  if (written.length === 0) return { live, readBack: live, written };

  const write: SentWrite = {
    recordId: target.Id,
    fields: Object.fromEntries(written.map((f) => [f, wanted[f] ?? null])),
  };
  await beforeWrite?.(write);
  try {
    await crm.updateRecord(object, target.Id, write.fields, since);
  } catch (error) {
    if (error instanceof CrmOutcomeUnknown) throw new RestoreOutcomeUnknown(error.message, live, write);
    const changed = await changedMeanwhile(crm, object, live, error);
    if (changed) throw changed;
    const refusal = await deletedLookupRefusal(crm, { object, ...write }, error, [live]);
    throw refusal instanceof RestoreFailure ? refusal : failure(refusal, [live]);
  }
  let readBack: CrmRecord;
  try {
    readBack = await crm.readRecord(object, target.Id);
  } catch (error) {
    // The CRM accepted the write; whether it kept every value only a later read can tell.
    const said = error instanceof Error ? error.message : String(error);
    throw new RestoreOutcomeUnknown(
      `The CRM took the restore but it could not be read back to check it: ${said}`,
      live,
      write,
    );
  }
  const notKept = written.filter(
    (f) => !sameJson(writableValue(f, wanted, wanted), writableValue(f, readBack, wanted)),
  );
  if (notKept.length > 0) {
    throw new RestoreFailure(
      `The CRM did not keep the restored value of ${notKept.join(', ')}: it holds another value after the write`,
      [live],
      false,
      [readBack],
      'not-kept',
    );
  }
  if (!written.includes('OwnerId') && !sameJson(live.OwnerId ?? null, readBack.OwnerId ?? null)) {
    throw new RestoreFailure(
      `The CRM changed the owner of ${object} ${target.Id} from ${String(live.OwnerId)} to ${String(readBack.OwnerId)} while restoring it (an assignment rule?)`,
      [live],
      false,
      [readBack],
      'owner-changed',
    );
  }
  return { live, readBack, written };
}

/** Whether `record` holds every value `write` sent: the restore was applied. */
export function writeHeld(write: SentWrite, record: CrmRecord): boolean {
  return Object.keys(write.fields).every((f) =>
    sameJson(
      writableValue(f, write.fields as CrmRecord, write.fields as CrmRecord),
      writableValue(f, record, write.fields as CrmRecord),
    ),
  );
}
