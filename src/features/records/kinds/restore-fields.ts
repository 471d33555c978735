import { it } from '@/i18n/it';
import { fieldLabel, withoutFollowers } from '@/lib/field-labels';
import type { RecordKind } from '@/lib/records';
import { formatDateTime, formatDay } from '@/lib/dates';
import { textOf, type Snapshot } from '@/lib/snapshot';
import { formatAddress } from './fields';

/**
 * What a restore can write, and is shown and chosen by: the CRM sets its timestamps, the record's id, the case
 * number and who changed it on every write, and a name read from a related record (OwnerName, ContactName)
 * follows its id. They are never listed as fields to restore.
 */
const NOT_RESTORED: ReadonlySet<string> = new Set([
  'Id',
  'CaseNumber',
  'CreatedDate',
  'LastModifiedDate',
  'SystemModstamp',
  'LastModifiedById',
  'OwnerName',
  'ContactName',
]);

/** An id field is shown by the name it stands for. */
const SHOWN_BY: Readonly<Record<string, string>> = {
  OwnerId: 'OwnerName',
  ContactId: 'ContactName',
  AccountId: 'ContactName',
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** A snapshot value as text, with no field definition to go by: its shape decides. */
export function formatRestoreValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return it.restores.empty;
  if (typeof value === 'boolean') return value ? it.restores.yes : it.restores.no;
  if (typeof value === 'string') {
    if (DAY.test(value)) return formatDay(value);
    if (DATE_TIME.test(value)) return formatDateTime(value) || value;
    return value;
  }
  if (typeof value === 'object' && !Array.isArray(value)) return formatAddress(value) || it.restores.empty;
  return textOf(value);
}

/** One field a restore writes: its snapshot name (what a request's `fields` names), label and values as text. */
export type RestoreField = {
  field: string;
  label: string;
  /** The value the restore writes back (the target snapshot's). */
  target: string;
  /** The value of the other snapshot given (the latest stored one), when one is. */
  current?: string;
};

const labelOf = (kind: RecordKind, field: string) => fieldLabel(kind, field, SHOWN_BY[field]);

const shownValue = (snapshot: Snapshot, field: string) =>
  formatRestoreValue(snapshot[SHOWN_BY[field] ?? field] ?? snapshot[field]);

/**
 * The fields among `differences` a restore to `target` writes, one row each (an address is one field; a case's
 * contact follows its account, so it is no row of its own when the account differs too), in the order given.
 */
export function restoreFields(
  kind: RecordKind,
  differences: readonly string[],
  target: Snapshot,
  current?: Snapshot,
): RestoreField[] {
  return withoutFollowers(differences, (field) => field)
    .filter((field) => !NOT_RESTORED.has(field))
    .map((field) => ({
      field,
      label: labelOf(kind, field),
      target: shownValue(target, field),
      ...(current ? { current: shownValue(current, field) } : {}),
    }));
}
