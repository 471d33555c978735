import type { Insertable } from 'kysely';
import type { Db } from '../db/database';
import type { AuditLogTable } from '../db/tables/restores.table';

/** Writes one entry of the audit log (the writing half: the audit routes read it through audit.repository.ts). */
export async function insertAuditEntry(db: Db, entry: Insertable<AuditLogTable>): Promise<void> {
  await db.insertInto('audit_log').values(entry).execute();
}
