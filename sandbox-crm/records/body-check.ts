import { parseSfDateTime, type SfErrorDetail, type SfRecord } from '../salesforce-wire';
import { entityIsDeleted, unableToWrite } from './record-errors';
import type { RecordStore } from './record-store';
import { isDeleted } from './record-values';
import type { SandboxField, SandboxObject } from '../sandbox-schema';
import type { PatchOutcome, StoredObject } from './record-types';

function wrongType(field: SandboxField, value: unknown): boolean {
  if (value === null) return field.type === 'boolean';
  switch (field.type) {
    case 'boolean':
      return typeof value !== 'boolean';
    case 'double':
    case 'percent':
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

/** Checks a body's fields as Salesforce does for an update or an insert: the values to save, or why not. */
export function checkBody(
  records: RecordStore,
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
      ? records.personType((body as Record<string, unknown>).RecordTypeId)
      : current?.IsPersonAccount === true;
  const fields = Object.entries(body as Record<string, unknown>).filter(([name]) => name !== 'attributes');
  for (const [name, value] of fields) {
    const field = records.schema.field(object, name);
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
    } else if (field.type === 'reference' && value !== null && !references(records, field, String(value))) {
      if (!inRecycleBin(records, field, String(value))) {
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
  errors.push(...duplicateValues(records, object, values, current));
  if (readOnly.length > 0) errors.unshift(unableToWrite(readOnly));
  return errors.length > 0 ? { ok: false, status: 400, errors } : { ok: true, values };
}

/** A unique field's value that another live record holds refuses the save with DUPLICATE_VALUE. */
function duplicateValues(
  records: RecordStore,
  object: StoredObject,
  values: Record<string, unknown>,
  current: SfRecord | undefined,
): SfErrorDetail[] {
  const errors: SfErrorDetail[] = [];
  for (const [name, value] of Object.entries(values)) {
    const field = records.schema.field(object, name);
    if (!field?.unique || typeof value !== 'string' || value === '') continue;
    const holder = records.withValue(object, field, value).find((r) => r.Id !== current?.Id);
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

function references(records: RecordStore, field: SandboxField, id: string): boolean {
  return field.referenceTo.some((target) => records.get(target as SandboxObject, id) !== undefined);
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
function inRecycleBin(records: RecordStore, field: SandboxField, id: string): boolean {
  return field.referenceTo.some((target) => {
    const record = records.stored(target as SandboxObject, id);
    return record !== undefined && isDeleted(record);
  });
}
