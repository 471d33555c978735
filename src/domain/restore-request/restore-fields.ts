import { it } from '@/i18n/it';
import { fieldLabel, withoutFollowers } from '@/domain/field-labels';
import type { RecordKind } from '@contract/record-kinds';
import { NOT_RESTORED } from '@contract/restore-writes';
import type { Snapshot } from '@/domain/snapshot';
import { formatSnapshotValue } from '@/domain/snapshot-value';
import { keysOf, type SectionDef } from '@/domain/kinds/fields';
import type { Sections } from '@/domain/kinds/kind-def';

/** An id field is shown by the name it stands for. */
const SHOWN_BY: Readonly<Record<string, string>> = {
  OwnerId: 'OwnerName',
  ContactId: 'ContactName',
  AccountId: 'ContactName',
};

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
 * `sections` and, after them, 'Altri campi modificati': the fields among `differences` a restore would write that no
 * section shows (a contact's surname, a field the org added). A detail screen shows every field its restore lists,
 * so that nothing is written back that could not be compared first.
 */
export function withUnshownChanges(
  kind: RecordKind,
  sections: Sections,
  differences: readonly string[],
): Sections {
  return (left, right) => {
    const shown = typeof sections === 'function' ? sections(left, right) : sections;
    const shownKeys = new Set(shown.flatMap((section) => section.fields.flatMap(keysOf)));
    const unshown = restorable(differences).filter(
      (field) => !shownKeys.has(field) && !shownKeys.has(SHOWN_BY[field] ?? field),
    );
    if (unshown.length === 0) return shown;
    const other: SectionDef = {
      id: 'unshown-changes',
      title: it.compare.unshownChanges,
      fields: unshown.map((field) => ({ key: field, label: labelOf(kind, field) })),
    };
    return [...shown, other];
  };
}

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
  return restorable(differences).map((field) => ({
    field,
    label: labelOf(kind, field),
    target: shownValue(target, field),
    ...(current ? { current: shownValue(current, field) } : {}),
  }));
}
