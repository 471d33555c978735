import type { Insertable } from 'kysely';
import type { Db } from '../db/database';
import type { AuditLogTable } from '../db/tables/restores.table';

export async function insertAuditEntry(db: Db, entry: Insertable<AuditLogTable>): Promise<void> {
  await db.insertInto('audit_log').values(entry).execute();
}
