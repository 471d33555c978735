import { isDay, parseDateTime } from '../../contract/dates';
import { keptByCrm } from '../../contract/restore-writes';
import type { RollbackRecord, RollbackScope } from '../../contract/rollbacks';
import type { CrmConnector, CrmObject } from '../crm/crm-connector';
import { answerWithin } from '../crm/crm-wait';
import { inSnapshotOrder, snapshotFields } from '../crm/crm-fields';
import type { RecordKind } from '../db/record-kinds';
import { badRequest } from '../http/http-error';
import { romeMidnight, nextDay } from '../db/rome-days';
import { changedFields } from '../store/snapshot-fields';

/** Fields a rollback never writes, whatever the org says: identity, system stamps and names of related records. */
const NEVER_WRITTEN = new Set([
  'Id',
  'IsDeleted',
  'MasterRecordId',
  'CreatedDate',
  'LastModifiedDate',
  'LastModifiedById',
  'SystemModstamp',
  'OwnerName',
  'ContactName',
  'CaseNumber',
]);

/**
 * The window's instants, both included: a day starts at 00:00 in Rome and `to` ends at its 24:00 (less 1 ms); an
 * instant is taken as it is (an alert's window). Days and date-times are the contract's (contract/dates.ts), so no
 * impossible day or year past the bounds reaches the Rome day computations.
 */
export function rollbackWindow(scope: Pick<RollbackScope, 'from' | 'to'>): { from: Date; to: Date } {
  const instant = (value: string, field: string, end: boolean) => {
    if (isDay(value)) return new Date(romeMidnight(end ? nextDay(value) : value).getTime() - (end ? 1 : 0));
    if (parseDateTime(value)?.hasOffset) return new Date(value);
    throw badRequest(field, 'Not a valid day or date-time');
  };
  const from = instant(scope.from, 'body.from', false);
  const to = instant(scope.to, 'body.to', true);
  if (from > to) throw badRequest('body.to', 'to must not be before from');
  return { from, to };
}

/** A field's API name as Salesforce allows it: letters, digits and underscores, from a letter (custom ones too). */
const API_NAME = /^[A-Za-z][A-Za-z0-9_]*$/;

/**
 * The chosen fields, in snapshot order, or null for all: any field a snapshot may keep (the catalogued ones and the
 * org's custom fields), never one a rollback does not write.
 */
export function chosenFields(object: CrmObject, fields: readonly string[] | undefined): string[] | null {
  if (!fields) return null;
  const unknown = fields.find((f) => !API_NAME.test(f) || NEVER_WRITTEN.has(f));
  if (unknown !== undefined) throw badRequest('body.fields', `${unknown} is not a field a rollback writes`);
  return inSnapshotOrder(object, fields);
}

/** What the org lets a restore write, and which of those fields it cannot empty. */
export type WriteRules = { writable: ReadonlySet<string>; neverEmpty: ReadonlySet<string> };

/** What the CRM says its writes take, waiting for it at most a second (answerWithin): else every stored field. */
export async function writeRules(crm: CrmConnector | undefined, object: CrmObject): Promise<WriteRules> {
  const [fields, neverEmpty] = crm
    ? await Promise.all([
        answerWithin(crm.writableFields(object), null),
        answerWithin(crm.neverEmptyFields(object), null),
      ])
    : [null, null];
  return {
    writable: new Set((fields ?? snapshotFields(object)).filter((f) => !NEVER_WRITTEN.has(f))),
    neverEmpty: new Set(neverEmpty ?? []),
  };
}

/**
 * The fields a rollback writes to take a record from `after` (what it holds) back to `before`: those that differ,
 * that the org lets Storico write, that the write does not leave as the CRM has them (a checkbox `before` holds no
 * value for, as restoreInCrm does), and among `fields` when the request chose some.
 */
export function rollbackChanges(
  kind: RecordKind,
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  { writable, neverEmpty }: WriteRules,
  fields: readonly string[] | null,
): RollbackRecord['changes'] {
  return changedFields(kind, before, after)
    .filter(
      (field) =>
        writable.has(field) &&
        !keptByCrm(before[field], neverEmpty.has(field)) &&
        (!fields || fields.includes(field)),
    )
    .map((field) => ({ field, before: before[field] ?? null, after: after[field] ?? null }));
}
