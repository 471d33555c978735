import { fieldLabel as labelOf } from '@contract/field-labels';

export { withoutFollowers } from '@contract/field-labels';
import type { RecordKind } from './records';

/**
 * A snapshot field's Italian label, as the detail screens show it (or as they show the field it stands for,
 * `shownAs`), else the restore screens' own, else its name in the CRM.
 */
export const fieldLabel = (kind: RecordKind, field: string, shownAs?: string): string =>
  labelOf(kind === 'contact' ? 'Account' : 'Case', field, shownAs);

/** The kind of record a CRM object holds: contacts are person accounts. */
export const kindOfObject = (object: 'Account' | 'Case'): RecordKind =>
  object === 'Account' ? 'contact' : 'case';
