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

/** The kind of record a CRM object holds: contacts are person accounts. */
export const kindOfObject = (object: 'Account' | 'Case'): RecordKind =>
  object === 'Account' ? 'contact' : 'case';
