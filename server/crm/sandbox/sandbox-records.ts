import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import type { CrmErrorDetail, CrmRecord } from '../crm-connector';
import { parseSfDateTime, toSfDateTime } from '../salesforce-dates';
import {
  ADDRESS_COMPONENTS,
  SandboxSchema,
  type FieldSecurity,
  type SandboxField,
  type SandboxObject,
} from './sandbox-schema';
import type { SelectItem } from './soql';

export type PatchOutcome =
  { ok: true; record: CrmRecord } | { ok: false; status: 400 | 404; errors: CrmErrorDetail[] };

/** The objects the sandbox stores; a person account's Contact is derived from its account. */
export type StoredObject = Exclude<SandboxObject, 'Contact'>;

export type SandboxData = {
  users: CrmRecord[];
  accounts: CrmRecord[];
  cases: CrmRecord[];
  queues?: CrmRecord[];
  recordTypes?: CrmRecord[];
};

export type SandboxRecordsOptions = FieldSecurity & {
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
  validate?: (object: SandboxObject, next: CrmRecord) => CrmErrorDetail | null;
};

export const recordUrl = (version: string, object: string, id: string) =>
  `/services/data/v${version}/sobjects/${object}/${id}`;

export const NOT_FOUND: CrmErrorDetail = {
  errorCode: 'NOT_FOUND',
  message: 'The requested resource does not exist',
};

/** The active case assignment rule hands every case it evaluates to this queue. */
export const CASE_QUEUE_DEVELOPER_NAME = 'Coda_Assistenza_Clienti';

const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);
const joinName = (r: Record<string, unknown> | undefined) =>
  r ? [text(r.FirstName), text(r.LastName)].filter(Boolean).join(' ') || null : null;

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
  private readonly tables: Record<StoredObject, Map<string, CrmRecord>>;
  private lastStamp = 0;
  private contactIds: Map<string, string> | undefined;

  constructor(
    data: SandboxData,
    private readonly options: SandboxRecordsOptions = {},
  ) {
    this.schema = new SandboxSchema(options);
    const table = (records: CrmRecord[] = []) => new Map(records.map((r) => [r.Id, r]));
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

  /** The stored record (no computed fields). */
  get(object: SandboxObject, id: string): CrmRecord | undefined {
    if (object === 'Contact') {
      const account = this.tables.Account.get(this.contactIndex().get(id) ?? '');
      return account ? this.contactOf(account) : undefined;
    }
    return this.tables[object].get(id);
  }

  /** Every stored record of `object`. */
  all(object: SandboxObject): CrmRecord[] {
    if (object === 'Contact') {
      return [...this.contactIndex().values()].map((id) => this.contactOf(this.tables.Account.get(id)!));
    }
    return [...this.tables[object].values()];
  }

  /** A clock that never runs behind the data, so every change sorts after everything already served. */
  now(): number {
    this.lastStamp = Math.max(Date.now(), this.lastStamp + 1);
    return this.lastStamp;
  }

  /** The queue the case assignment rule assigns to. */
  caseQueue(): CrmRecord | undefined {
    return this.all('Group').find((g) => g.DeveloperName === CASE_QUEUE_DEVELOPER_NAME);
  }

  /**
   * Every field of the record as the org serves it: stored fields plus compound addresses, the person account's
   * compound Name, formula fields and fields read from related records.
   */
  view(object: SandboxObject, record: CrmRecord): CrmRecord {
    const out: Record<string, unknown> = { ...record };
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
    return out as CrmRecord;
  }

  /**
   * A record as a query or GET answers it: `attributes`, the selected fields in the org's casing, and each
   * relationship path as a nested record with its own `attributes` (null when the reference is empty).
   */
  answer(
    version: string,
    object: SandboxObject,
    view: CrmRecord,
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
    record: CrmRecord,
  ): { object: SandboxObject; record: CrmRecord } | undefined {
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

  private indexContact(account: CrmRecord): void {
    if (account.IsPersonAccount === true && text(account.PersonContactId))
      this.contactIds?.set(String(account.PersonContactId), account.Id);
  }

  /** A person account's contact, as Salesforce keeps it behind the account. */
  private contactOf(a: CrmRecord): CrmRecord {
    return {
      Id: String(a.PersonContactId),
      AccountId: a.Id,
      FirstName: a.FirstName ?? null,
      LastName: a.LastName ?? null,
      Name: joinName(a),
      Email: a.PersonEmail ?? null,
      Phone: a.Phone ?? null,
      IsPersonAccount: true,
      CreatedDate: a.CreatedDate,
      CreatedById: a.CreatedById ?? null,
      LastModifiedDate: a.LastModifiedDate,
      LastModifiedById: a.LastModifiedById ?? null,
      SystemModstamp: a.SystemModstamp,
    };
  }

  /** Applies a REST PATCH body the way Salesforce would, or says why it refuses. */
  patch(object: SandboxObject, id: string, body: unknown, context: WriteContext): PatchOutcome {
    const current = this.get(object, id);
    if (!current || object === 'Contact') return { ok: false, status: 404, errors: [NOT_FOUND] };
    if (!body || typeof body !== 'object' || Array.isArray(body)) {
      return {
        ok: false,
        status: 400,
        errors: [
          { errorCode: 'JSON_PARSER_ERROR', message: 'The request body must be a JSON object of fields' },
        ],
      };
    }
    const errors: CrmErrorDetail[] = [];
    const readOnly: string[] = [];
    const values: Record<string, unknown> = {};
    const fields = Object.entries(body as Record<string, unknown>).filter(([name]) => name !== 'attributes');
    for (const [name, value] of fields) {
      const field = this.schema.field(object, name);
      if (!field) {
        errors.push({
          errorCode: 'INVALID_FIELD',
          message: `No such column '${name}' on sobject of type ${object}`,
          fields: [],
        });
      } else if (!field.updateable) {
        readOnly.push(field.name);
      } else if (field.name === 'Name' && object === 'Account' && current.IsPersonAccount === true) {
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
        errors.push({
          errorCode: 'INVALID_CROSS_REFERENCE_KEY',
          message: `invalid cross reference id`,
          fields: [field.name],
        });
      } else {
        values[field.name] = value;
      }
    }
    if (readOnly.length > 0) {
      errors.unshift({
        errorCode: 'INVALID_FIELD_FOR_INSERT_UPDATE',
        message: `Unable to create/update fields: ${readOnly.join(', ')}. Please check the security settings of this field and verify that it is read/write for your profile or permission set.`,
        fields: readOnly,
      });
    }
    if (errors.length === 0 && object === 'Account' && !context.allowDuplicates) {
      const duplicate = this.duplicateOf(current, values);
      if (duplicate) {
        errors.push({
          errorCode: 'DUPLICATES_DETECTED',
          message: `Use one of these records? A person account with the same email exists (${duplicate.Id}).`,
          fields: [],
        });
      }
    }
    if (errors.length > 0) return { ok: false, status: 400, errors };
    const next: Record<string, unknown> = { ...current, ...values };
    const invalid = context.validate?.(object, next as CrmRecord);
    if (invalid) return { ok: false, status: 400, errors: [invalid] };
    if (object === 'Case' && context.autoAssign) {
      const queue = this.caseQueue();
      if (queue) next.OwnerId = queue.Id;
    }
    this.stamp(next, context.userId);
    const record = next as CrmRecord;
    this.put(object, record);
    return { ok: true, record };
  }

  /** Stores a new version made elsewhere (the live edits, test triggers). */
  save(object: StoredObject, record: CrmRecord): CrmRecord {
    this.put(object, record);
    return record;
  }

  private stamp(record: Record<string, unknown>, userId: string): void {
    record.LastModifiedDate = record.SystemModstamp = toSfDateTime(this.now());
    record.LastModifiedById = userId;
  }

  private references(field: SandboxField, id: string): boolean {
    return field.referenceTo.some((target) => this.get(target as SandboxObject, id) !== undefined);
  }

  /** The org's duplicate rule for person accounts: the same email on another person account. */
  private duplicateOf(current: CrmRecord, values: Record<string, unknown>): CrmRecord | undefined {
    const email = text(values.PersonEmail)?.toLowerCase();
    if (!email || email === text(current.PersonEmail)?.toLowerCase()) return undefined;
    return this.all('Account').find(
      (a) =>
        a.Id !== current.Id && a.IsPersonAccount === true && text(a.PersonEmail)?.toLowerCase() === email,
    );
  }

  private put(object: StoredObject, record: CrmRecord): void {
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
        const { type, record } = JSON.parse(line) as { type: StoredObject; record: CrmRecord };
        if (this.tables[type] && typeof record?.Id === 'string') this.tables[type].set(record.Id, record);
      } catch {
        // A line cut short by a crash while it was written: the change it held is lost, the rest stays.
      }
    }
  }
}
