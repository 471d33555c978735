import { existsSync } from 'node:fs';
import { salesforceId } from '../salesforce-id';
import { parseSfDateTime, toSfDateTime, type SfRecord } from '../salesforce-wire';
import { appendChange, replayChanges } from './change-log';
import { contactOf, personOf } from './person-accounts';
import type { SandboxData, SandboxRecordsOptions, StoredObject } from './record-types';
import { isDeleted, text } from './record-values';
import {
  CASE_CHILDREN,
  KEY_PREFIXES,
  SandboxSchema,
  type SandboxField,
  type SandboxObject,
} from '../sandbox-schema';

/** The active case assignment rule hands every case it evaluates to this queue. */
export const CASE_QUEUE_DEVELOPER_NAME = 'Coda_Assistenza_Clienti';

/**
 * The records themselves, by object and Id, as the org stores them: what is read, the clock every save is stamped
 * with, new Ids and case numbers, and the change log every save goes to.
 */
export class RecordStore {
  readonly schema: SandboxSchema;
  protected readonly tables: Record<StoredObject, Map<string, SfRecord>>;
  private lastStamp = 0;
  private created = 0;
  private caseNumbers = 0;
  private contactIds: Map<string, string> | undefined;

  constructor(
    data: SandboxData,
    protected readonly options: SandboxRecordsOptions = {},
  ) {
    this.schema = new SandboxSchema(options);
    const table = (records: SfRecord[] = []) => new Map(records.map((r) => [r.Id, r]));
    this.tables = {
      User: table(data.users),
      Account: table(data.accounts),
      Case: table(data.cases),
      Group: table(data.queues),
      RecordType: table(data.recordTypes),
      EmailMessage: table(data.emails),
      CaseComment: table(data.comments),
    };
    if (options.changeLog && existsSync(options.changeLog)) replayChanges(options.changeLog, this.tables);
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
      return account ? contactOf(account) : undefined;
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
      return accounts.filter((a) => a !== undefined).map((a) => contactOf(a));
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

  /** Contact id -> person account id. */
  protected contactIndex(): Map<string, string> {
    if (!this.contactIds) {
      this.contactIds = new Map();
      for (const a of this.tables.Account.values()) this.indexContact(a);
    }
    return this.contactIds;
  }

  private indexContact(account: SfRecord): void {
    const contactId = text(personOf(account)?.PersonContactId);
    if (contactId) this.contactIds?.set(contactId, account.Id);
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

  protected findAnywhere(id: string): { object: StoredObject; record: SfRecord } | undefined {
    for (const object of ['Account', 'Case', ...CASE_CHILDREN] as const) {
      const record = this.tables[object].get(id);
      if (record) return { object, record };
    }
    return undefined;
  }

  /** Whether a record type is one of person accounts. */
  personType(recordTypeId: unknown): boolean {
    const type = text(recordTypeId) ? this.get('RecordType', String(recordTypeId)) : undefined;
    return type?.IsPersonType === true;
  }

  protected newId(object: SandboxObject): string {
    const prefix = KEY_PREFIXES[object];
    for (;;) {
      const id = salesforceId(prefix, 90_000_000 + ++this.created);
      if (!this.findAnywhere(id) && !this.contactIndex().has(id)) return id;
    }
  }

  /** An auto-number never hands out a number twice, not even one of a purged case. */
  protected nextCaseNumber(): string {
    this.caseNumbers = Math.max(
      this.caseNumbers,
      ...this.allWithDeleted('Case').map((c) => Number.parseInt(String(c.CaseNumber ?? '0'), 10) || 0),
    );
    return String(++this.caseNumbers).padStart(8, '0');
  }

  /** Stores a new version made elsewhere (the live edits, test triggers). */
  save(object: StoredObject, record: SfRecord): SfRecord {
    this.put(object, record);
    return record;
  }

  /** Stamps a save; a create keeps the LastModified values it was given, as only a user who may set them gives. */
  protected stamp(record: Record<string, unknown>, userId: string, created = false): void {
    const now = toSfDateTime(this.now());
    record.SystemModstamp = now;
    if (!created || record.LastModifiedDate == null) record.LastModifiedDate = now;
    if (!created || record.LastModifiedById == null) record.LastModifiedById = userId;
  }

  protected put(object: StoredObject, record: SfRecord): void {
    this.tables[object].set(record.Id, record);
    if (object === 'Account') this.indexContact(record);
    if (this.options.changeLog) {
      appendChange(this.options.changeLog, { type: object, record });
    }
  }
}
