import { it } from '@/i18n/it';
import type { RecordKind } from './records';

const LABELS: Record<RecordKind, Readonly<Record<string, string>>> = {
  contact: it.contacts.fields,
  case: it.cases.fields,
};

/**
 * A snapshot field's Italian label, as the detail screens show it (or as they show the field it stands for,
 * `shownAs`), else the restore screens' own, else its name in the CRM.
 */
export const fieldLabel = (kind: RecordKind, field: string, shownAs?: string): string =>
  LABELS[kind][field] ??
  (shownAs === undefined ? undefined : LABELS[kind][shownAs]) ??
  it.restore.fields.labels[field] ??
  field;

/**
 * Fields that change with another and read as it does: a name read from a related record follows its id, and a
 * case's person contact follows its account. Listed next to the one they follow, they would say the same thing twice.
 */
const FOLLOWS: Readonly<Record<string, readonly string[]>> = {
  OwnerName: ['OwnerId'],
  ContactName: ['ContactId', 'AccountId'],
  ContactId: ['AccountId'],
};

/** `items` (each naming a field) without those whose field follows another field named in the list. */
export function withoutFollowers<T>(items: readonly T[], fieldOf: (item: T) => string): T[] {
  const named = new Set(items.map(fieldOf));
  return items.filter((item) => !(FOLLOWS[fieldOf(item)] ?? []).some((leader) => named.has(leader)));
}

/** The kind of record a CRM object holds: contacts are person accounts. */
export const kindOfObject = (object: 'Account' | 'Case'): RecordKind =>
  object === 'Account' ? 'contact' : 'case';
