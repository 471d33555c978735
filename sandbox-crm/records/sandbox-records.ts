import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { parseSfDateTime, toSfDateTime, type SfErrorDetail, type SfRecord } from '../salesforce-wire';
import {
  ADDRESS_COMPONENTS,
  SandboxSchema,
  type SandboxSchemaOptions,
  type SandboxField,
  type SandboxObject,
} from './sandbox-schema';
import { salesforceId } from '../salesforce-id';
import { entityIsDeleted, NOT_FOUND, unableToWrite } from './record-errors';
import type { SelectItem } from '../soql';

export type PatchOutcome =
  { ok: true; record: SfRecord } | { ok: false; status: 400 | 404; errors: SfErrorDetail[] };

/** The objects the sandbox stores; a person account's Contact is derived from its account. */
export type StoredObject = Exclude<SandboxObject, 'Contact'>;

export type SandboxData = {
  users: SfRecord[];
  accounts: SfRecord[];
  cases: SfRecord[];
  queues?: SfRecord[];
  recordTypes?: SfRecord[];
};

export type SandboxRecordsOptions = SandboxSchemaOptions & {
  /** Every change is appended here (NDJSON) and replayed at the next start. */
  changeLog?: string;
};

export type WriteContext = {
  /** The user the call runs as: it becomes LastModifiedById. */
  userId: string;
  /**
   * Whether active assignment rules run. REST API's default is TRUE when the Sforce-Auto-Assign header is absent
   * (https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api/headers_autoassign.htm).
   */
  autoAssign: boolean;
  /** Sforce-Duplicate-Rule-Header: allowSave=true lets a save through that a duplicate rule would block. */
  allowDuplicates: boolean;
  /** The org's validation rules: an error refuses the save, as FIELD_CUSTOM_VALIDATION_EXCEPTION does. */
  validate?: (object: SandboxObject, next: SfRecord) => SfErrorDetail | null;
};

export const recordUrl = (version: string, object: string, id: string) =>
  `/services/data/v${version}/sobjects/${object}/${id}`;

/** A business account that cannot become a person account: it has no contact, or more than one. */
const NOT_ONE_CONTACT: SfErrorDetail = {
  errorCode: 'FIELD_INTEGRITY_EXCEPTION',
  message: 'RecordTypeId: a business account becomes a person account only with exactly one contact',
  fields: ['RecordTypeId'],
};

/** The active case assignment rule hands every case it evaluates to this queue. */
export const CASE_QUEUE_DEVELOPER_NAME = 'Coda_Assistenza_Clienti';

const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);
const joinName = (r: Record<string, unknown> | undefined) =>
  r ? [text(r.FirstName), text(r.LastName)].filter(Boolean).join(' ') || null : null;

/** Salesforce marks a record in the recycle bin with IsDeleted = true (queryAll shows it, query does not). */
const isDeleted = (record: SfRecord) => record.IsDeleted === true;

/** Salesforce's refusal of an account a case is related to, in the words of its message (the cases by number). */
const deleteFailed = (account: SfRecord, cases: SfRecord[]): SfErrorDetail => ({
  errorCode: 'DELETE_FAILED',
  message: `Your attempt to delete ${joinName(account) ?? text(account.Name) ?? account.Id} could not be completed because it is associated with the following cases.: ${cases.map((c) => String(c.CaseNumber)).join(', ')}`,
  fields: [],
});

/**
 * Kept on a person account made a business account: the fields of its contact, which stays in the org as the
 * business account's one contact, and can make it a person account again. Never served (view() drops it).
 */
const FORMER_PERSON = 'sandboxFormerPerson';

/** A person account's contact fields (Account object reference, "Person Account Fields"), by their names on Account. */
const isPersonField = (name: string) =>
  ['FirstName', 'LastName', 'Salutation', 'PersonContactId'].includes(name) ||
  name.startsWith('Person') ||
  name.endsWith('__pc');

export type UndeleteResult = { id: string | null; success: boolean; errors: SfErrorDetail[] };

function wrongType(field: SandboxField, value: unknown): boolean {
  if (value === null) return field.type === 'boolean';
  switch (field.type) {
    case 'boolean':
      return typeof value !== 'boolean';
    case 'double':
    case 'currency':
      return typeof value !== 'number' || !Number.isFinite(value);
    case 'date':
      return (
        typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(Date.parse(value))
      );
    case 'datetime':
      return parseSfDateTime(value) === undefined;
    default:
      return typeof value !== 'string';
  }
}

/**
 * The current state of every sandbox record (a CRM keeps no history), stored by field as the org names them.
 * Compound, formula and relationship values are computed when a record is read, as Salesforce does.
 */
export class SandboxRecords {
  readonly schema: SandboxSchema;
  private readonly tables: Record<StoredObject, Map<string, SfRecord>>;
  private lastStamp = 0;
  private created = 0;
  private caseNumbers = 0;
  private contactIds: Map<string, string> | undefined;
  /** By object, the deletion time of the last record purged from the recycle bin (getDeleted's earliestDateAvailable). */
  private readonly purgedUpTo = { Account: 0, Case: 0 };

  constructor(
    data: SandboxData,
    private readonly options: SandboxRecordsOptions = {},
  ) {
    this.schema = new SandboxSchema(options);
    const table = (records: SfRecord[] = []) => new Map(records.map((r) => [r.Id, r]));
    this.tables = {
      User: table(data.users),
      Account: table(data.accounts),
      Case: table(data.cases),
      Group: table(data.queues),
      RecordType: table(data.recordTypes),
    };
    if (options.changeLog && existsSync(options.changeLog)) this.replay(options.changeLog);
    for (const t of Object.values(this.tables)) {
      for (const r of t.values())
        this.lastStamp = Math.max(this.lastStamp, parseSfDateTime(r.SystemModstamp) ?? 0);
    }
  }

  /** The stored record (no computed fields), unless it is in the recycle bin. */
  get(object: SandboxObject, id: string): SfRecord | undefined {
    const record = this.stored(object, id);
    return record && !isDeleted(record) ? record : undefined;
  }

  /** The stored record, live or in the recycle bin (not once purged). */
  stored(object: SandboxObject, id: string): SfRecord | undefined {
    if (object === 'Contact') {
      const account = this.tables.Account.get(this.contactIndex().get(id) ?? '');
      return account ? this.contactOf(account) : undefined;
    }
    return this.tables[object].get(id);
  }

  /** Every live record of `object` (what query and the sObject resources see). */
  all(object: SandboxObject): SfRecord[] {
    return this.allWithDeleted(object).filter((r) => !isDeleted(r));
  }

  /** Every record of `object`, those in the recycle bin included (what queryAll sees). */
  allWithDeleted(object: SandboxObject): SfRecord[] {
    if (object === 'Contact') {
      // A purged account's contact went with it: the index may still name it.
      const accounts = [...this.contactIndex().values()].map((id) => this.tables.Account.get(id));
      return accounts.filter((a) => a !== undefined).map((a) => this.contactOf(a));
    }
    return [...this.tables[object].values()];
  }

  /** A clock that never runs behind the data, so every change sorts after everything already served. */
  now(): number {
    this.lastStamp = Math.max(Date.now(), this.lastStamp + 1);
    return this.lastStamp;
  }

  /** The queue the case assignment rule assigns to. */
  caseQueue(): SfRecord | undefined {
    return this.all('Group').find((g) => g.DeveloperName === CASE_QUEUE_DEVELOPER_NAME);
  }

  /**
   * Every field of the record as the org serves it: stored fields plus compound addresses, the person account's
   * compound Name, formula fields and fields read from related records.
   */
  view(object: SandboxObject, record: SfRecord): SfRecord {
    const out: Record<string, unknown> = { ...record };
    delete out[FORMER_PERSON];
    if (object === 'Account' || object === 'Case') {
      out.IsDeleted = isDeleted(record);
      out.MasterRecordId = record.MasterRecordId ?? null;
    }
    if (object === 'Account') {
      if (record.IsPersonAccount === true) out.Name = joinName(record);
      for (const prefix of ['Billing', 'Shipping']) {
        // Address Compound Fields: the compound always carries all ten components, null when empty.
        const parts = Object.entries(ADDRESS_COMPONENTS).map(([key, suffix]) => [
          key,
          record[`${prefix}${suffix}`] ?? null,
        ]);
        out[`${prefix}Address`] = parts.every(([, v]) => v === null) ? null : Object.fromEntries(parts);
      }
    }
    if (object === 'Case') {
      const contact = text(record.ContactId) ? this.get('Contact', String(record.ContactId)) : undefined;
      out.ContactEmail = contact?.Email ?? null;
      out.ContactPhone = contact?.Phone ?? null;
      out.CaseOwnerName__c = this.ownerName(record.OwnerId);
      out.IsClosed = record.Status === 'Closed';
    }
    if (object === 'User') out.Name = joinName(record);
    return out as SfRecord;
  }

  /**
   * A record as a query or GET answers it: `attributes`, the selected fields in the org's casing, and each
   * relationship path as a nested record with its own `attributes` (null when the reference is empty).
   */
  answer(
    version: string,
    object: SandboxObject,
    view: SfRecord,
    select: SelectItem[],
  ): Record<string, unknown> {
    const out: Record<string, unknown> = {
      attributes: { type: object, url: recordUrl(version, object, view.Id) },
    };
    for (const item of select) {
      if (!('relationship' in item)) {
        out[item.field.name] = view[item.field.name] ?? null;
        continue;
      }
      const name = item.relationship.relationshipName!;
      const related = this.related(item.relationship, view);
      if (!related) {
        out[name] = null;
        continue;
      }
      // A polymorphic relationship (a case's Owner: User or Group) answers with the type "Name"
      // (SOQL and SOSL Reference, "Understanding Polymorphic Keys and Relationships").
      const type = item.relationship.referenceTo.length > 1 ? 'Name' : related.object;
      const existing = out[name] as Record<string, unknown> | null | undefined;
      out[name] = {
        ...(existing ?? { attributes: { type, url: recordUrl(version, related.object, related.record.Id) } }),
        [item.field]: related.record[item.field] ?? null,
      };
    }
    return out;
  }

  /** The record a relationship points at, and its object, or undefined when the reference is empty. */
  related(
    relationship: SandboxField,
    record: SfRecord,
  ): { object: SandboxObject; record: SfRecord } | undefined {
    const id = text(record[relationship.name]);
    if (!id) return undefined;
    for (const target of relationship.referenceTo) {
      const found = this.get(target as SandboxObject, id);
      if (found)
        return { object: target as SandboxObject, record: this.view(target as SandboxObject, found) };
    }
    return undefined;
  }

  private ownerName(ownerId: unknown): string | null {
    const id = text(ownerId);
    if (!id) return null;
    const user = this.get('User', id);
    if (user) return joinName(user);
    return text(this.get('Group', id)?.Name);
  }

  /** Contact id -> person account id. */
  private contactIndex(): Map<string, string> {
    if (!this.contactIds) {
      this.contactIds = new Map();
      for (const a of this.tables.Account.values()) this.indexContact(a);
    }
    return this.contactIds;
  }

  private indexContact(account: SfRecord): void {
    const contactId = text(this.personOf(account)?.PersonContactId);
    if (contactId) this.contactIds?.set(contactId, account.Id);
  }

  /** The contact fields of a person account, or those a business account kept from when it was one. */
  private personOf(account: SfRecord): Record<string, unknown> | undefined {
    if (account.IsPersonAccount === true) return account;
    return account[FORMER_PERSON] as Record<string, unknown> | undefined;
  }

  /** A person account's contact, as Salesforce keeps it behind the account (or a business account's one contact). */
  private contactOf(a: SfRecord): SfRecord {
    const person = this.personOf(a) ?? {};
    return {
      Id: String(person.PersonContactId),
      AccountId: a.Id,
      FirstName: person.FirstName ?? null,
      LastName: person.LastName ?? null,
      Name: joinName(person),
      Email: person.PersonEmail ?? null,
      Phone: a.Phone ?? null,
      IsPersonAccount: a.IsPersonAccount === true,
      // A person account's contact lives and dies with its account.
      IsDeleted: isDeleted(a),
      CreatedDate: a.CreatedDate,
      CreatedById: a.CreatedById ?? null,
      LastModifiedDate: a.LastModifiedDate,
      LastModifiedById: a.LastModifiedById ?? null,
      SystemModstamp: a.SystemModstamp,
    };
  }

  /** Applies a REST PATCH body the way Salesforce would, or says why it refuses. */
  patch(object: SandboxObject, id: string, body: unknown, context: WriteContext): PatchOutcome {
    const stored = this.stored(object, id);
    if (!stored || object === 'Contact') return { ok: false, status: 404, errors: [NOT_FOUND] };
    if (isDeleted(stored)) return { ok: false, status: 404, errors: [entityIsDeleted()] };
    const checked = this.checkBody(object, body, 'updateable', stored);
    if (!checked.ok) return checked;
    const next = { ...stored, ...checked.values };
    if (object === 'Account' && 'RecordTypeId' in checked.values) {
      const person = this.personType(checked.values.RecordTypeId);
      if (person !== (stored.IsPersonAccount === true)) {
        const converted = person ? this.toPersonAccount(next) : this.toBusinessAccount(next);
        if (!converted) return { ok: false, status: 400, errors: [NOT_ONE_CONTACT] };
        return this.commit(object, converted, context, stored);
      }
    }
    return this.commit(object, next, context, stored);
  }

  /**
   * A record type of the other family on a person account makes it a business account: its name is its
   * contact's, its contact stays in the org as the business account's contact, and the person fields are no
   * longer the account's ("You can change the record type of an account across record type families",
   * https://developer.salesforce.com/docs/atlas.en-us.api.meta/api/sforce_api_guidelines_personaccounts.htm).
   */
  private toBusinessAccount(account: Record<string, unknown>): Record<string, unknown> {
    const former = Object.fromEntries(Object.entries(account).filter(([name]) => isPersonField(name)));
    const business: Record<string, unknown> = Object.fromEntries(
      Object.entries(account).filter(([name]) => !isPersonField(name)),
    );
    return { ...business, Name: joinName(account), IsPersonAccount: false, [FORMER_PERSON]: former };
  }

  /**
   * And back: a business account becomes a person account from its one contact. This sandbox keeps a business
   * account's contacts only for one that was a person account; any other is refused.
   */
  private toPersonAccount(account: Record<string, unknown>): Record<string, unknown> | undefined {
    const former = account[FORMER_PERSON] as Record<string, unknown> | undefined;
    if (!former) return undefined;
    const person: Record<string, unknown> = { ...account, ...former, IsPersonAccount: true };
    delete person[FORMER_PERSON];
    return person;
  }

  /**
   * Creates a record from a REST POST body (sObject Create): a new Id, the running user as owner and creator unless
   * the body names an owner, a new CaseNumber for a case, and for a person account a new PersonContactId; active
   * assignment rules run on insert too, unless Sforce-Auto-Assign is FALSE
   * (https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api/headers_autoassign.htm).
   */
  create(object: SandboxObject, body: unknown, context: WriteContext): PatchOutcome {
    if (object === 'Contact') return { ok: false, status: 404, errors: [NOT_FOUND] };
    const checked = this.checkBody(object, body, 'createable', undefined);
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
    const now = toSfDateTime(this.now());
    const record: Record<string, unknown> = {
      OwnerId: context.userId,
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
    return { ok: true, record: this.markDeleted(object, stored, userId, {}) };
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
    const contactId = text(this.personOf(account)?.PersonContactId);
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
      this.markLive(found.object, found.record, userId);
      return { id: found.record.Id, success: true, errors: [] };
    });
  }

  /**
   * Empties the recycle bin of the records deleted before `before` (all of them when absent, or only `ids`):
   * afterwards neither queryAll nor undelete knows them. Answers the ids purged.
   */
  purge(options: { before?: number; ids?: readonly string[] } = {}): string[] {
    const purged: string[] = [];
    for (const object of ['Account', 'Case'] as const) {
      for (const r of this.allWithDeleted(object)) {
        if (!isDeleted(r)) continue;
        if (options.ids && !options.ids.includes(r.Id)) continue;
        if (options.before !== undefined && (parseSfDateTime(r.SystemModstamp) ?? 0) >= options.before)
          continue;
        this.tables[object].delete(r.Id);
        purged.push(r.Id);
        this.purgedUpTo[object] = Math.max(this.purgedUpTo[object], parseSfDateTime(r.SystemModstamp) ?? 0);
        if (this.options.changeLog)
          appendFileSync(this.options.changeLog, `${JSON.stringify({ type: object, purged: r.Id })}\n`);
      }
    }
    return purged;
  }

  /** The deletion time of the last record of `object` purged from the recycle bin (0: none yet). */
  lastPurgedDeletion(object: SandboxObject): number {
    return object === 'Account' || object === 'Case' ? this.purgedUpTo[object] : 0;
  }

  /** Records of `object` in the recycle bin deleted in [start, end): their ids and deletion times. */
  deletedBetween(
    object: SandboxObject,
    start: number,
    end: number,
  ): Array<{ id: string; deletedAt: number }> {
    if (object !== 'Account' && object !== 'Case') return [];
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

  private markLive(object: StoredObject, record: SfRecord, userId: string): void {
    const next: Record<string, unknown> = { ...record, IsDeleted: false, MasterRecordId: null };
    this.stamp(next, userId);
    this.put(object, next as SfRecord);
  }

  private findAnywhere(id: string): { object: StoredObject; record: SfRecord } | undefined {
    for (const object of ['Account', 'Case'] as const) {
      const record = this.tables[object].get(id);
      if (record) return { object, record };
    }
    return undefined;
  }

  private personType(recordTypeId: unknown): boolean {
    const type = text(recordTypeId) ? this.get('RecordType', String(recordTypeId)) : undefined;
    return type?.IsPersonType === true;
  }

  private newId(object: SandboxObject): string {
    const prefix = { Account: '001', Case: '500', Contact: '003' }[object as string] ?? '000';
    for (;;) {
      const id = salesforceId(prefix, 90_000_000 + ++this.created);
      if (!this.findAnywhere(id) && !this.contactIndex().has(id)) return id;
    }
  }

  /** An auto-number never hands out a number twice, not even one of a purged case. */
  private nextCaseNumber(): string {
    this.caseNumbers = Math.max(
      this.caseNumbers,
      ...this.allWithDeleted('Case').map((c) => Number.parseInt(String(c.CaseNumber ?? '0'), 10) || 0),
    );
    return String(++this.caseNumbers).padStart(8, '0');
  }

  /** Checks a body's fields as Salesforce does for an update or an insert: the values to save, or why not. */
  private checkBody(
    object: StoredObject,
    body: unknown,
    access: 'updateable' | 'createable',
    current: SfRecord | undefined,
  ): { ok: true; values: Record<string, unknown> } | Extract<PatchOutcome, { ok: false }> {
    if (!body || typeof body !== 'object' || Array.isArray(body)) {
      return {
        ok: false,
        status: 400,
        errors: [
          { errorCode: 'JSON_PARSER_ERROR', message: 'The request body must be a JSON object of fields' },
        ],
      };
    }
    const errors: SfErrorDetail[] = [];
    const readOnly: string[] = [];
    const values: Record<string, unknown> = {};
    // The record type the body gives, else the record's: a name is a person account's or a business account's.
    const person =
      access === 'createable' || 'RecordTypeId' in body
        ? this.personType((body as Record<string, unknown>).RecordTypeId)
        : current?.IsPersonAccount === true;
    const fields = Object.entries(body as Record<string, unknown>).filter(([name]) => name !== 'attributes');
    for (const [name, value] of fields) {
      const field = this.schema.field(object, name);
      if (!field) {
        errors.push({
          errorCode: 'INVALID_FIELD',
          message: `No such column '${name}' on sobject of type ${object}`,
          fields: [],
        });
      } else if (!field[access]) {
        readOnly.push(field.name);
      } else if (field.name === 'Name' && object === 'Account' && person) {
        // A person account's name is its contact's: it is set through FirstName and LastName.
        errors.push({
          errorCode: 'INVALID_FIELD_FOR_INSERT_UPDATE',
          message: 'Name: a person account name is set through FirstName and LastName',
          fields: ['Name'],
        });
      } else if (wrongType(field, value)) {
        errors.push({
          errorCode: 'JSON_PARSER_ERROR',
          message: `Cannot deserialize instance of ${field.type} from value ${JSON.stringify(value)} for field ${field.name}`,
          fields: [field.name],
        });
      } else if (field.type === 'reference' && value !== null && !this.references(field, String(value))) {
        if (!this.inRecycleBin(field, String(value))) {
          errors.push({
            errorCode: 'INVALID_CROSS_REFERENCE_KEY',
            message: `invalid cross reference id`,
            fields: [field.name],
          });
        } else if (!errors.some((e) => e.errorCode === 'ENTITY_IS_DELETED')) errors.push(entityIsDeleted());
      } else {
        values[field.name] = value;
      }
    }
    errors.push(...this.duplicateValues(object, values, current));
    if (readOnly.length > 0) errors.unshift(unableToWrite(readOnly));
    return errors.length > 0 ? { ok: false, status: 400, errors } : { ok: true, values };
  }

  /**
   * The live records of `object` whose `field` holds `value`, compared without regard to case unless the field is
   * case-sensitive (a text External ID field is not, unless its administrator chose so).
   */
  withValue(object: SandboxObject, field: SandboxField, value: string): SfRecord[] {
    const fold = (v: string) => (field.caseSensitive ? v : v.toLowerCase());
    return this.all(object).filter((r) => {
      const held = r[field.name];
      return typeof held === 'string' && fold(held) === fold(value);
    });
  }

  /** A unique field's value that another live record holds refuses the save with DUPLICATE_VALUE. */
  private duplicateValues(
    object: StoredObject,
    values: Record<string, unknown>,
    current: SfRecord | undefined,
  ): SfErrorDetail[] {
    const errors: SfErrorDetail[] = [];
    for (const [name, value] of Object.entries(values)) {
      const field = this.schema.field(object, name);
      if (!field?.unique || typeof value !== 'string' || value === '') continue;
      const holder = this.withValue(object, field, value).find((r) => r.Id !== current?.Id);
      if (holder) {
        errors.push({
          errorCode: 'DUPLICATE_VALUE',
          message: `duplicate value found: ${field.name} duplicates value on record with id: ${holder.Id}`,
          fields: [field.name],
        });
      }
    }
    return errors;
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

  /** Stores a new version made elsewhere (the live edits, test triggers). */
  save(object: StoredObject, record: SfRecord): SfRecord {
    this.put(object, record);
    return record;
  }

  /** Stamps a save; a create keeps the LastModified values it was given, as only a user who may set them gives. */
  private stamp(record: Record<string, unknown>, userId: string, created = false): void {
    const now = toSfDateTime(this.now());
    record.SystemModstamp = now;
    if (!created || record.LastModifiedDate == null) record.LastModifiedDate = now;
    if (!created || record.LastModifiedById == null) record.LastModifiedById = userId;
  }

  private references(field: SandboxField, id: string): boolean {
    return field.referenceTo.some((target) => this.get(target as SandboxObject, id) !== undefined);
  }

  /**
   * Whether a lookup's value names a record in the recycle bin (a merge's loser among them). Salesforce refuses a
   * save setting such a lookup with the StatusCode ENTITY_IS_DELETED, "You can't reference an object that has been
   * deleted" (SOAP API, Core Data Types: StatusCode,
   * https://developer.salesforce.com/docs/atlas.en-us.api.meta/api/sforce_api_calls_concepts_core_data_objects.htm),
   * which REST answers as a 400 error array
   * (https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/errorcodes.htm) holding one error,
   * "entity is deleted", with no field named (Apex reports it as "ENTITY_IS_DELETED, entity is deleted: []"). A value
   * naming no record at all, a purged one among them, stays INVALID_CROSS_REFERENCE_KEY.
   */
  private inRecycleBin(field: SandboxField, id: string): boolean {
    return field.referenceTo.some((target) => {
      const record = this.stored(target as SandboxObject, id);
      return record !== undefined && isDeleted(record);
    });
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

  private put(object: StoredObject, record: SfRecord): void {
    this.tables[object].set(record.Id, record);
    if (object === 'Account') this.indexContact(record);
    if (this.options.changeLog) {
      appendFileSync(this.options.changeLog, `${JSON.stringify({ type: object, record })}\n`);
    }
  }

  private replay(file: string): void {
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      if (!line.trim()) continue;
      try {
        const { type, record, purged } = JSON.parse(line) as {
          type: StoredObject;
          record?: SfRecord;
          purged?: string;
        };
        if (this.tables[type] && typeof purged === 'string') this.tables[type].delete(purged);
        else if (this.tables[type] && typeof record?.Id === 'string')
          this.tables[type].set(record.Id, record);
      } catch {
        // A line cut short by a crash while it was written: the change it held is lost, the rest stays.
      }
    }
  }
}
