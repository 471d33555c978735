import { parseDiffProperties } from '@contract/revisions';
import { formatAddress } from '@/features/records/kinds/fields';
import { recordKinds } from '@/features/records/kinds/record-kinds';
import { it } from '@/i18n/it';
import type { RecordKind } from '@/lib/records';
import { formatDateTime, formatDay } from '@/lib/dates';
import { parseSnapshot, textOf } from '@/lib/snapshot';

export type TargetValue = { field: string; label: string; value: string };

/** The CRM sets these on every write: a restore cannot bring them back, so they are not shown as values to restore. */
const COMPUTED_FIELDS: ReadonlySet<string> = new Set(['CreatedDate', 'LastModifiedDate', 'SystemModstamp']);

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** A snapshot value as text, with no field definition to go by: its shape decides. */
export function formatTargetValue(value: unknown): string {
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

/**
 * The fields that differed when the request was made, each with the value the restore writes back (the target
 * snapshot's), leaving out the CRM's own timestamps. `null` when the target snapshot is not readable JSON.
 */
export function targetValues(kind: RecordKind, differences: string, json: string): TargetValue[] | null {
  const snapshot = parseSnapshot(json);
  if (!snapshot) return null;
  return parseDiffProperties(differences)
    .filter((field) => !COMPUTED_FIELDS.has(field))
    .map((field) => ({
      field,
      label: recordKinds[kind].fieldLabels[field] ?? field,
      value: formatTargetValue(snapshot[field]),
    }));
}
