import { fieldLabel, SHOWN_BY, withoutFollowers } from '@/domain/field-labels';
import type { CrmField } from '@contract/crm-fields';
import type { RecordKind } from '@contract/record-kinds';
import { NOT_RESTORED } from '@contract/restore-writes';
import type { Snapshot } from '@/domain/snapshot';
import { formatSnapshotValue } from '@/domain/snapshot-value';

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
  formatSnapshotValue(snapshot[SHOWN_BY[field] ?? field] ?? snapshot[field]);

/** The fields among `differences` a restore writes, in the order given. */
const restorable = (differences: readonly string[]) =>
  withoutFollowers(differences, (field) => field).filter((field) => !NOT_RESTORED.has(field));

/**
 * The fields among `differences` a restore to `target` writes, one row each (an address is one field; a case's
 * contact follows its account, so it is no row of its own when the account differs too), in the order given.
 */
export function restoreFields(
  kind: RecordKind,
  differences: readonly string[],
  target: Snapshot,
  current?: Snapshot,
  described: readonly CrmField[] = [],
): RestoreField[] {
  // The org's other fields by their describe: a formula or read-only one is never written, so never listed.
  const byName = new Map(described.map((f) => [f.name, f]));
  return restorable(differences)
    .filter((field) => byName.get(field)?.writable !== false)
    .map((field) => ({
      field,
      label: byName.get(field)?.label ?? labelOf(kind, field),
      target: shownValue(target, field),
      ...(current ? { current: shownValue(current, field) } : {}),
    }));
}
