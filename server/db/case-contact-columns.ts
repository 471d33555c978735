import { sql } from 'kysely';
import type { DeletedContact } from '../../contract/revisions';
import type { RecordKind } from './record-kinds';

/** The columns `deletedContactOf` reads. */
export type DeletedContactColumns = {
  deleted_contact_id: string | null;
  deleted_contact_name: string | null;
};

/**
 * The contact of each case row (`alias`, of sf_cases: the AccountId of its newest revision) when Storico holds it
 * as deleted in the CRM, a merge's loser included: a restore would point the case at a record in the recycle bin,
 * which the server refuses (server/write-back/restore-apply.ts). A contact Storico re-created in its place is no
 * obstacle: a restore writes the case onto the new one. One primary-key probe of sf_accounts, in the caller's
 * statement; on contacts the columns are null.
 */
export function deletedContactJoin(kind: RecordKind, alias: string) {
  if (kind !== 'case')
    return { joins: sql``, columns: sql`null as deleted_contact_id, null as deleted_contact_name` };
  return {
    joins: sql`left join sf_accounts dc on dc.id = ${sql.ref(`${alias}.account_id`)}
      and dc.latest_deleted and dc.recreated_as is null`,
    columns: sql`dc.id as deleted_contact_id, dc.name as deleted_contact_name`,
  };
}

export const deletedContactOf = (row: DeletedContactColumns): DeletedContact | null =>
  row.deleted_contact_id === null ? null : { id: row.deleted_contact_id, name: row.deleted_contact_name };
