import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import type { CrmErrorDetail, CrmRecord } from '../crm-connector';
import {
  ADDRESS_FIELDS,
  ADDRESS_PARTS,
  SOBJECT_FIELDS,
  type FieldDef,
  type SObjectName,
} from '../crm-fields';
import { parseSfDateTime, toSfDateTime } from '../salesforce-dates';

export type PatchOutcome =
  { ok: true; record: CrmRecord } | { ok: false; status: 400 | 404; errors: CrmErrorDetail[] };

export type SandboxRecordsOptions = {
  /** Fields refused on write besides the catalogue's read-only ones, as field-level security would. */
  readOnlyFields?: Partial<Record<SObjectName, string[]>>;
  /** Every change is appended here (NDJSON, the import format) and replayed at the next start. */
  changeLog?: string;
};

const NOT_FOUND: CrmErrorDetail = {
  errorCode: 'NOT_FOUND',
  message: 'The requested resource does not exist',
};

const ID_REFERENCES: Record<string, SObjectName> = { OwnerId: 'User', AccountId: 'Account' };

function wrongType(def: FieldDef, value: unknown): boolean {
  if (value === null) return def.type === 'boolean';
  switch (def.type) {
    case 'boolean':
      return typeof value !== 'boolean';
    case 'number':
      return typeof value !== 'number' || !Number.isFinite(value);
    case 'date':
      return (
        typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(Date.parse(value))
      );
    case 'datetime':
      return parseSfDateTime(value) === undefined;
    case 'address':
      return typeof value !== 'object';
    default:
      return typeof value !== 'string';
  }
}

const fullName = (user: CrmRecord | undefined) =>
  user ? [user.FirstName, user.LastName].filter((p) => typeof p === 'string' && p).join(' ') : null;

/** The current state of every sandbox record; a CRM keeps no history. */
export class SandboxRecords {
  private readonly tables: Record<SObjectName, Map<string, CrmRecord>>;
  private lastStamp = 0;

  constructor(
    data: { users: CrmRecord[]; accounts: CrmRecord[]; cases: CrmRecord[] },
    private readonly options: SandboxRecordsOptions = {},
  ) {
    const table = (records: CrmRecord[]) => new Map(records.map((r) => [r.Id, r]));
    this.tables = { User: table(data.users), Account: table(data.accounts), Case: table(data.cases) };
    if (options.changeLog && existsSync(options.changeLog)) this.replay(options.changeLog);
    for (const t of Object.values(this.tables)) {
      for (const r of t.values())
        this.lastStamp = Math.max(this.lastStamp, parseSfDateTime(r.SystemModstamp) ?? 0);
    }
  }

  get(object: SObjectName, id: string): CrmRecord | undefined {
    return this.tables[object].get(id);
  }

  all(object: SObjectName): CrmRecord[] {
    return [...this.tables[object].values()];
  }

  /** A clock that never runs behind the data, so every change sorts after everything already served. */
  now(): number {
    this.lastStamp = Math.max(Date.now(), this.lastStamp + 1);
    return this.lastStamp;
  }

  /** Applies a REST PATCH body the way Salesforce would, or says why it refuses. */
  patch(object: SObjectName, id: string, body: unknown): PatchOutcome {
    const current = this.get(object, id);
    if (!current) return { ok: false, status: 404, errors: [NOT_FOUND] };
    if (!body || typeof body !== 'object' || Array.isArray(body)) {
      return {
        ok: false,
        status: 400,
        errors: [
          { errorCode: 'JSON_PARSER_ERROR', message: 'The request body must be a JSON object of fields' },
        ],
      };
    }
    const defs = SOBJECT_FIELDS[object];
    const extraReadOnly = new Set(this.options.readOnlyFields?.[object] ?? []);
    const errors: CrmErrorDetail[] = [];
    const readOnly: string[] = [];
    const fields = Object.entries(body as Record<string, unknown>).filter(([name]) => name !== 'attributes');
    for (const [name, value] of fields) {
      const def = defs[name];
      if (!def) {
        errors.push({
          errorCode: 'INVALID_FIELD',
          message: `No such column '${name}' on sobject of type ${object}`,
          fields: [],
        });
      } else if (def.readOnly || extraReadOnly.has(name)) {
        readOnly.push(name);
      } else if (wrongType(def, value)) {
        errors.push({
          errorCode: 'JSON_PARSER_ERROR',
          message: `Cannot deserialize instance of ${def.type} from value ${JSON.stringify(value)} for field ${name}`,
          fields: [name],
        });
      } else if (ID_REFERENCES[name] && value !== null && !this.get(ID_REFERENCES[name], String(value))) {
        errors.push({
          errorCode: 'INVALID_CROSS_REFERENCE_KEY',
          message: `invalid cross reference id`,
          fields: [name],
        });
      }
    }
    if (readOnly.length > 0) {
      errors.unshift({
        errorCode: 'INVALID_FIELD_FOR_INSERT_UPDATE',
        message: `Unable to create/update fields: ${readOnly.join(', ')}. Please check the security settings of this field and verify that it is read/write for your profile or permission set.`,
        fields: readOnly,
      });
    }
    if (errors.length > 0) return { ok: false, status: 400, errors };
    const next: Record<string, unknown> = { ...current, ...Object.fromEntries(fields) };
    const stamp = toSfDateTime(this.now());
    next.LastModifiedDate = next.SystemModstamp = stamp;
    const record = this.derive(object, next as CrmRecord, 'AccountId' in (body as object));
    this.put(object, record);
    return { ok: true, record };
  }

  /** Stores a new version made elsewhere (the live edits), with its derived fields brought up to date. */
  save(object: SObjectName, record: CrmRecord): CrmRecord {
    const derived = this.derive(object, record, false);
    this.put(object, derived);
    return derived;
  }

  /** Formula and compound fields, computed from the fields they depend on. */
  private derive(object: SObjectName, input: CrmRecord, accountChanged: boolean): CrmRecord {
    const record: Record<string, unknown> = { ...input };
    if (object === 'Account') {
      record.Name = [record.FirstName, record.LastName].filter((p) => typeof p === 'string' && p).join(' ');
      for (const [field, prefix] of Object.entries(ADDRESS_FIELDS)) {
        const parts = Object.entries(ADDRESS_PARTS).map(([key, suffix]) => [
          key,
          record[`${prefix}${suffix}`] ?? null,
        ]);
        record[field] = parts.every(([, v]) => v === null) ? null : Object.fromEntries(parts);
      }
      record.OwnerName = fullName(this.get('User', String(record.OwnerId)));
    }
    if (object === 'Case') {
      record.CaseOwnerName__c = fullName(this.get('User', String(record.OwnerId)));
      if (accountChanged) {
        const account = record.AccountId ? this.get('Account', String(record.AccountId)) : undefined;
        record.ContactName = account?.Name ?? null;
        record.ContactEmail = account?.PersonEmail ?? null;
        record.ContactPhone = account?.Phone ?? null;
      }
    }
    return record as CrmRecord;
  }

  private put(object: SObjectName, record: CrmRecord): void {
    this.tables[object].set(record.Id, record);
    if (this.options.changeLog) {
      appendFileSync(this.options.changeLog, `${JSON.stringify({ type: object, record })}\n`);
    }
  }

  private replay(file: string): void {
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      if (!line.trim()) continue;
      try {
        const { type, record } = JSON.parse(line) as { type: SObjectName; record: CrmRecord };
        if (this.tables[type] && typeof record?.Id === 'string') this.tables[type].set(record.Id, record);
      } catch {
        // A line cut short by a crash while it was written: the change it held is lost, the rest stays.
      }
    }
  }
}
