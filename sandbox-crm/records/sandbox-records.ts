import { parseSfDateTime, toSfDateTime, type SfErrorDetail, type SfRecord } from '../salesforce-wire';
import type { SelectItem } from '../soql';
import { checkBody } from './body-check';
import { appendChange } from './change-log';
import { personOf, toBusinessAccount, toPersonAccount } from './person-accounts';
import { entityIsDeleted, NOT_FOUND } from './record-errors';
import { RecordStore } from './record-store';
import type { PatchOutcome, RecordSharing, StoredObject, UndeleteResult, WriteContext } from './record-types';
import { answerOf, relatedOf, viewOf } from './record-views';
import { isDeleted, joinName, text } from './record-values';
import { CASE_CHILDREN, isCaseChild, type SandboxField, type SandboxObject } from '../sandbox-schema';

/** A business account that cannot become a person account: it has no contact, or more than one. */
const NOT_ONE_CONTACT: SfErrorDetail = {
  errorCode: 'FIELD_INTEGRITY_EXCEPTION',
  message: 'RecordTypeId: a business account becomes a person account only with exactly one contact',
  fields: ['RecordTypeId'],
};

/** Salesforce's refusal of an account a case is related to, in the words of its message (the cases by number). */
const deleteFailed = (account: SfRecord, cases: SfRecord[]): SfErrorDetail => ({
  errorCode: 'DELETE_FAILED',
  message: `Your attempt to delete ${joinName(account) ?? text(account.Name) ?? account.Id} could not be completed because it is associated with the following cases.: ${cases.map((c) => String(c.CaseNumber)).join(', ')}`,
  fields: [],
});

/**
 * An edit of a sent e-mail: "update() is supported only on records whose Status is Draft. When a record's Status is
 * not Draft, update() is supported only for the IsExternallyVisible field and custom fields" (Object Reference,
 * EmailMessage:
 * https://developer.salesforce.com/docs/atlas.en-us.202.0.object_reference.meta/object_reference/sforce_api_objects_emailmessage.htm).
 */
function sentEmailRefusal(
  object: SandboxObject,
  stored: SfRecord,
  values: Record<string, unknown>,
): SfErrorDetail | undefined {
  if (object !== 'EmailMessage' || stored.Status === '5') return undefined;
  const fields = Object.keys(values).filter((f) => f !== 'IsExternallyVisible' && !f.endsWith('__c'));
  if (fields.length === 0) return undefined;
  return {
    errorCode: 'FIELD_INTEGRITY_EXCEPTION',
    message:
      'An email message that is not a draft can only have IsExternallyVisible and custom fields changed',
    fields,
  };
}

/**
 * The current state of every sandbox record (a CRM keeps no history), stored by field as the org names them.
 * Compound, formula and relationship values are computed when a record is read, as Salesforce does. Writes run the
 * org's rules (field access, duplicate, validation and assignment rules); deletions go through the recycle bin.
 */
export class SandboxRecords extends RecordStore {
  /** By object, the deletion time of the last record purged from the recycle bin (getDeleted's earliestDateAvailable). */
  private readonly purgedUpTo: Record<'Account' | 'Case' | (typeof CASE_CHILDREN)[number], number> = {
    Account: 0,
    Case: 0,
    EmailMessage: 0,
    CaseComment: 0,
  };
  /** Purged records queryAll still lists (purgedListedMs), by Id: their last state and until when. */
  private readonly listedAfterPurge = new Map<
    string,
    { object: StoredObject; record: SfRecord; until: number }
  >();

  /** What queryAll sees of `object`: every record, those in the recycle bin, and those purged but still listed. */
  seenByQueryAll(object: SandboxObject): SfRecord[] {
    const now = Date.now();
    const listed = [...this.listedAfterPurge.values()]
      .filter((p) => p.object === object && p.until > now)
      .map((p) => p.record);
    return [...this.allWithDeleted(object), ...listed];
  }

  /**
   * Every field of the record as the org serves it: stored fields plus compound addresses, the person account's
   * compound Name, formula fields and fields read from related records.
   */
  view(object: SandboxObject, record: SfRecord): SfRecord {
    return viewOf(this, object, record);
  }

  /** A record as a query or GET answers it (see answerOf). */
  answer(
    version: string,
    object: SandboxObject,
    view: SfRecord,
    select: SelectItem[],
  ): Record<string, unknown> {
    return answerOf(this, version, object, view, select);
  }

  /** The record a relationship points at, and its object, or undefined when the reference is empty. */
  related(
    relationship: SandboxField,
    record: SfRecord,
  ): { object: SandboxObject; record: SfRecord } | undefined {
    return relatedOf(this, relationship, record);
  }

  /** The sharing of Account and Case now (a test may change it while the org runs). */
  readonly sharing: Partial<Record<'Account' | 'Case', RecordSharing>> = { ...this.options.sharing };

  /**
   * An edit the object's sharing does not allow the user: a record they do not own, on a Private or Read Only object,
   * without Modify All Records; Salesforce refuses the save with INSUFFICIENT_ACCESS_OR_READONLY
   * (https://developer.salesforce.com/docs/atlas.en-us.api.meta/api/sforce_api_calls_concepts_core_data_objects.htm).
   */
  private sharingRefusal(object: SandboxObject, record: SfRecord, userId: string): SfErrorDetail | undefined {
    const sharing = object === 'Account' || object === 'Case' ? this.sharing[object] : undefined;
    if (!sharing || sharing.model === 'ReadWrite' || sharing.modifyAllRecords || record.OwnerId === userId)
      return undefined;
    return {
      errorCode: 'INSUFFICIENT_ACCESS_OR_READONLY',
      message: 'insufficient access rights on object id',
      fields: [],
    };
  }

  /** Applies a REST PATCH body the way Salesforce would, or says why it refuses. */
  patch(object: SandboxObject, id: string, body: unknown, context: WriteContext): PatchOutcome {
    const stored = this.stored(object, id);
    if (!stored || object === 'Contact') return { ok: false, status: 404, errors: [NOT_FOUND] };
    if (isDeleted(stored)) return { ok: false, status: 404, errors: [entityIsDeleted()] };
    const unshared = this.sharingRefusal(object, stored, context.userId);
    if (unshared) return { ok: false, status: 400, errors: [unshared] };
    const checked = checkBody(this, object, body, 'updateable', stored);
    if (!checked.ok) return checked;
    const sent = sentEmailRefusal(object, stored, checked.values);
    if (sent) return { ok: false, status: 400, errors: [sent] };
    const next = { ...stored, ...checked.values };
    if (object === 'Account' && 'RecordTypeId' in checked.values) {
      const person = this.personType(checked.values.RecordTypeId);
      if (person !== (stored.IsPersonAccount === true)) {
        const converted = person ? toPersonAccount(next) : toBusinessAccount(next);
        if (!converted) return { ok: false, status: 400, errors: [NOT_ONE_CONTACT] };
        return this.commit(object, converted, context, stored);
      }
    }
    return this.commit(object, next, context, stored);
  }

  /**
   * Creates a record from a REST POST body (sObject Create): a new Id, the running user as owner and creator unless
   * the body names an owner, a new CaseNumber for a case, and for a person account a new PersonContactId; active
   * assignment rules run on insert too, unless Sforce-Auto-Assign is FALSE
   * (https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api/headers_autoassign.htm).
   */
  create(object: SandboxObject, body: unknown, context: WriteContext): PatchOutcome {
    if (object === 'Contact') return { ok: false, status: 404, errors: [NOT_FOUND] };
    const checked = checkBody(this, object, body, 'createable', undefined);
    if (!checked.ok) return checked;
    const values = checked.values;
    const missing = this.schema
      .fields(object)
      .filter((f) => f.createable && !f.nillable && !f.defaultedOnCreate && !f.compoundFieldName)
      .filter((f) => !(f.name === 'Name' && object === 'Account' && this.personType(values.RecordTypeId)))
      .filter((f) => values[f.name] === undefined || values[f.name] === null || values[f.name] === '');
    const personNameMissing =
      object === 'Account' && this.personType(values.RecordTypeId) && !text(values.LastName);
    if (missing.length > 0 || personNameMissing) {
      const fields = personNameMissing ? ['LastName'] : missing.map((f) => f.name);
      return {
        ok: false,
        status: 400,
        errors: [
          {
            errorCode: 'REQUIRED_FIELD_MISSING',
            message: `Required fields are missing: [${fields.join(', ')}]`,
            fields,
          },
        ],
      };
    }
    if (isCaseChild(object) && !this.get('Case', String(values.ParentId)))
      return { ok: false, status: 400, errors: [{ ...entityIsDeleted(), fields: ['ParentId'] }] };
    const now = toSfDateTime(this.now());
    const record: Record<string, unknown> = {
      ...(isCaseChild(object) ? {} : { OwnerId: context.userId }),
      ...values,
      Id: this.newId(object),
      // Given by a create only when the user may set audit fields (SandboxSchemaOptions.auditFieldsOnCreate).
      CreatedDate: values.CreatedDate ?? now,
      CreatedById: values.CreatedById ?? context.userId,
    };
    if (object === 'Account') {
      const person = this.personType(values.RecordTypeId);
      record.IsPersonAccount = person;
      record.PersonContactId = person ? this.newId('Contact') : null;
    }
    if (object === 'Case') record.CaseNumber = this.nextCaseNumber();
    return this.commit(object, record as SfRecord, context);
  }

  /**
   * Moves a record to the recycle bin (sObject Rows DELETE): IsDeleted true, query and GET by Id no longer see it,
   * queryAll and getDeleted do; a person account's contact goes with it. An account a live case is related to is
   * refused, nothing changed ("If any of the following conditions apply, you can't delete an account. - A case is
   * related to the account", Guidelines for Deleting Accounts:
   * https://help.salesforce.com/HTViewHelpDoc?id=account_del.htm&language=en_US): 400 with DELETE_FAILED in the
   * REST error array (https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/errorcodes.htm). A
   * case already in the recycle bin does not hold the account back.
   */
  remove(object: SandboxObject, id: string, userId: string): PatchOutcome {
    const stored = this.stored(object, id);
    if (!stored || object === 'Contact') return { ok: false, status: 404, errors: [NOT_FOUND] };
    if (isDeleted(stored)) return { ok: false, status: 404, errors: [entityIsDeleted()] };
    if (object === 'Account') {
      const cases = this.casesOf(stored);
      if (cases.length > 0) return { ok: false, status: 400, errors: [deleteFailed(stored, cases)] };
    }
    const deleted = this.markDeleted(object, stored, userId, {});
    if (object === 'Case') this.cascade(deleted, (child) => !isDeleted(child), true);
    return { ok: true, record: deleted };
  }

  /**
   * A case's e-mails and comments go to the recycle bin with it, and an undelete of the case brings back those that
   * went with it, not those deleted before: "if you delete a case record, Apex automatically deletes any CaseComment,
   * CaseHistory, and CaseSolution records associated with that case"
   * (https://developer.salesforce.com/docs/atlas.en-us.apexcode.meta/api/langCon_apex_dml_examples_delete.htm), and
   * "Since a delete call cascade-deletes child records, an undelete call undeletes the cascade-deleted records"
   * (https://developer.salesforce.com/docs/atlas.en-us.api.meta/api/sforce_api_calls_undelete.htm). The children
   * deleted with their case carry its deletion's SystemModstamp, which tells them from those deleted on their own.
   */
  private cascade(kase: SfRecord, which: (child: SfRecord) => boolean, deleted: boolean): void {
    for (const object of CASE_CHILDREN) {
      for (const child of this.allWithDeleted(object)) {
        if (child.ParentId !== kase.Id || !which(child)) continue;
        this.put(object, {
          ...child,
          IsDeleted: deleted,
          SystemModstamp: kase.SystemModstamp,
          LastModifiedDate: kase.LastModifiedDate,
          LastModifiedById: kase.LastModifiedById,
        });
      }
    }
  }

  /** The e-mails and comments of a case, live or in the recycle bin. */
  childrenOf(caseId: string): Array<{ object: (typeof CASE_CHILDREN)[number]; record: SfRecord }> {
    return CASE_CHILDREN.flatMap((object) =>
      this.allWithDeleted(object)
        .filter((r) => r.ParentId === caseId)
        .map((record) => ({ object, record })),
    );
  }

  /**
   * What a CRM user does to delete an account that has cases, as Salesforce refuses it until none is related: each
   * of its live cases deleted, then the account. Every one is a deletion of its own, and an undelete brings back
   * only the record it names.
   */
  removeWithCases(accountId: string, userId: string): PatchOutcome {
    const account = this.get('Account', accountId);
    for (const c of account ? this.casesOf(account) : []) this.remove('Case', c.Id, userId);
    return this.remove('Account', accountId, userId);
  }

  /** The live cases related to an account: by AccountId, or by ContactId to its person contact. */
  casesOf(account: SfRecord): SfRecord[] {
    const contactId = text(personOf(account)?.PersonContactId);
    return this.all('Case').filter(
      (c) => c.AccountId === account.Id || (contactId !== null && c.ContactId === contactId),
    );
  }

  /**
   * Merges `loserId` into `survivorId` (SOAP merge()): the loser goes to the recycle bin with MasterRecordId set
   * to the survivor, and its cases are reparented to the survivor, which an undelete does not undo
   * (https://developer.salesforce.com/docs/platform/api/guide/sforce-api-calls-merge.html). The survivor is
   * updated as by any save, its SystemModstamp moved: "A single merge operation fires a single update event for
   * the winning record"
   * (https://developer.salesforce.com/docs/atlas.en-us.apexcode.meta/apexcode/apex_triggers_merge_statements.htm).
   */
  merge(object: StoredObject, survivorId: string, loserId: string, userId: string): PatchOutcome {
    const survivor = this.get(object, survivorId);
    const loser = this.get(object, loserId);
    if (!survivor || !loser || survivorId === loserId) return { ok: false, status: 404, errors: [NOT_FOUND] };
    if (object === 'Account') {
      for (const c of this.all('Case').filter((c) => c.AccountId === loserId)) {
        const moved: Record<string, unknown> = {
          ...c,
          AccountId: survivorId,
          ContactId: survivor.PersonContactId ?? c.ContactId ?? null,
        };
        this.stamp(moved, userId);
        this.put('Case', moved as SfRecord);
      }
    }
    const record = this.markDeleted(object, loser, userId, { MasterRecordId: survivorId });
    const updated: Record<string, unknown> = { ...survivor };
    this.stamp(updated, userId);
    this.put(object, updated as SfRecord);
    return { ok: true, record };
  }

  /**
   * SOAP undelete(): each id out of the recycle bin (a person account with its contact). An id that is live, unknown
   * or purged fails with UNDELETE_FAILED
   * (https://developer.salesforce.com/docs/atlas.en-us.api.meta/api/sforce_api_calls_undelete.htm).
   */
  undelete(ids: readonly string[], userId: string): UndeleteResult[] {
    return ids.map((id) => {
      const found = this.findAnywhere(id);
      if (!found || !isDeleted(found.record)) {
        return {
          id: null,
          success: false,
          errors: [
            {
              errorCode: 'UNDELETE_FAILED',
              message: 'Entity is not in the recycle bin',
              fields: [],
            },
          ],
        };
      }
      const deletedAt = found.record.SystemModstamp;
      const live = this.markLive(found.object, found.record, userId);
      if (found.object === 'Case')
        this.cascade(live, (child) => isDeleted(child) && child.SystemModstamp === deletedAt, false);
      return { id: found.record.Id, success: true, errors: [] };
    });
  }

  /**
   * Empties the recycle bin of the records deleted before `before` (all of them when absent, or only `ids`):
   * afterwards neither queryAll nor undelete knows them. Answers the ids purged.
   */
  purge(options: { before?: number; ids?: readonly string[] } = {}): string[] {
    const purged: string[] = [];
    // A case's e-mails and comments in the recycle bin are purged with it, and not listed among the ids purged.
    const named = (r: SfRecord) =>
      !options.ids || options.ids.includes(r.Id) || options.ids.includes(String(r.ParentId));
    for (const object of ['Account', 'Case', ...CASE_CHILDREN] as const) {
      for (const r of this.allWithDeleted(object)) {
        if (!isDeleted(r) || !named(r)) continue;
        if (options.before !== undefined && (parseSfDateTime(r.SystemModstamp) ?? 0) >= options.before)
          continue;
        this.tables[object].delete(r.Id);
        if (!isCaseChild(object) || options.ids?.includes(r.Id)) purged.push(r.Id);
        if (this.options.purgedListedMs)
          this.listedAfterPurge.set(r.Id, {
            object,
            record: r,
            until: Date.now() + this.options.purgedListedMs,
          });
        this.purgedUpTo[object] = Math.max(this.purgedUpTo[object], parseSfDateTime(r.SystemModstamp) ?? 0);
        if (this.options.changeLog) appendChange(this.options.changeLog, { type: object, purged: r.Id });
      }
    }
    return purged;
  }

  /** The deletion time of the last record of `object` purged from the recycle bin (0: none yet). */
  lastPurgedDeletion(object: SandboxObject): number {
    return object in this.purgedUpTo ? this.purgedUpTo[object as keyof typeof this.purgedUpTo] : 0;
  }

  /** Records of `object` in the recycle bin deleted in [start, end): their ids and deletion times. */
  deletedBetween(
    object: SandboxObject,
    start: number,
    end: number,
  ): Array<{ id: string; deletedAt: number }> {
    if (!(object in this.purgedUpTo)) return [];
    return this.allWithDeleted(object)
      .filter(isDeleted)
      .map((r) => ({ id: r.Id, deletedAt: parseSfDateTime(r.SystemModstamp) ?? 0 }))
      .filter((d) => d.deletedAt >= start && d.deletedAt < end)
      .sort((a, b) => a.deletedAt - b.deletedAt);
  }

  private markDeleted(
    object: StoredObject,
    record: SfRecord,
    userId: string,
    extra: Record<string, unknown>,
  ): SfRecord {
    const next: Record<string, unknown> = { ...record, ...extra, IsDeleted: true };
    this.stamp(next, userId);
    this.put(object, next as SfRecord);
    return next as SfRecord;
  }

  private markLive(object: StoredObject, record: SfRecord, userId: string): SfRecord {
    const next: Record<string, unknown> = { ...record, IsDeleted: false };
    if (!isCaseChild(object)) next.MasterRecordId = null;
    this.stamp(next, userId);
    this.put(object, next as SfRecord);
    return next as SfRecord;
  }

  /** Duplicate and validation rules, then assignment rules, then the save. */
  private commit(
    object: StoredObject,
    next: Record<string, unknown>,
    context: WriteContext,
    current?: SfRecord,
  ): PatchOutcome {
    if (object === 'Account' && !context.allowDuplicates) {
      const duplicate = this.duplicateOf(next as SfRecord, current);
      if (duplicate) {
        return {
          ok: false,
          status: 400,
          errors: [
            {
              errorCode: 'DUPLICATES_DETECTED',
              message: `Use one of these records? A person account with the same email exists (${duplicate.Id}).`,
              fields: [],
            },
          ],
        };
      }
    }
    const invalid = context.validate?.(object, next as SfRecord);
    if (invalid) return { ok: false, status: 400, errors: [invalid] };
    if (object === 'Case' && context.autoAssign) {
      const queue = this.caseQueue();
      if (queue) next.OwnerId = queue.Id;
    }
    this.stamp(next, context.userId, current === undefined);
    const record = next as SfRecord;
    this.put(object, record);
    return { ok: true, record };
  }

  /** The org's duplicate rule for person accounts: the same email on another live person account. */
  private duplicateOf(next: SfRecord, current: SfRecord | undefined): SfRecord | undefined {
    const email = text(next.PersonEmail)?.toLowerCase();
    if (!email || next.IsPersonAccount !== true) return undefined;
    if (current && email === text(current.PersonEmail)?.toLowerCase()) return undefined;
    return this.all('Account').find(
      (a) => a.Id !== next.Id && a.IsPersonAccount === true && text(a.PersonEmail)?.toLowerCase() === email,
    );
  }
}
