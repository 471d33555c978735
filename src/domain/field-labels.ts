import { fieldLabel as labelOf } from '@contract/field-labels';
import { recordKindTable, type RecordKind } from '@contract/record-kinds';

export { withoutFollowers } from '@contract/field-labels';

/**
 * A snapshot field's Italian label, as the detail screens show it (or as they show the field it stands for,
 * `shownAs`), else the restore screens' own, else its name in the CRM.
 */
export const fieldLabel = (kind: RecordKind, field: string, shownAs?: string): string =>
  labelOf(recordKindTable[kind].crmObject, field, shownAs);

/** An id field is shown by the name it stands for. */
export const SHOWN_BY: Readonly<Record<string, string>> = {
  OwnerId: 'OwnerName',
  ContactId: 'ContactName',
  AccountId: 'ContactName',
};
