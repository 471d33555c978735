import type { CaseRow, ContactRow } from '@contract/search';
import type { RecordKind } from '@contract/record-kinds';
import { caseKind } from './case';
import { accountKind } from './account';
import type { RecordKindDef } from './kind-def';

/** The search list's row of each kind. */
export type RowOf = { account: ContactRow; case: CaseRow };

/** The one table of kinds: search, compare, restore and the offline list read what differs from here. */
export const recordKinds: { [K in RecordKind]: RecordKindDef<RowOf[K]> } = {
  account: accountKind,
  case: caseKind,
};
