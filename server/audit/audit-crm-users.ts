import { crmUserNames } from '../store/crm-user-names';
import type { Db } from '../db/database';
import type { AuditRow } from './audit.repository';

/** The CRM user an entry is about: its `sf-user:` target (a rollback's preview), else its details' `sfUserID`. */
export function crmUserIdOf(row: Pick<AuditRow, 'target' | 'details'>): string | null {
  if (row.target?.startsWith('sf-user:')) return row.target.slice('sf-user:'.length);
  const id = (row.details as Record<string, unknown> | null)?.sfUserID;
  return typeof id === 'string' ? id : null;
}

/**
 * The names Storico keeps of the CRM users these entries are about (crmUserNames without the CRM: reading the log
 * never waits on it; a name the screens have not read yet is left out, and the id is shown).
 */
export async function crmUserNamesOf(
  db: Db,
  rows: readonly Pick<AuditRow, 'target' | 'details'>[],
): Promise<(row: Pick<AuditRow, 'target' | 'details'>) => string | null> {
  const ids = rows.flatMap((row) => crmUserIdOf(row) ?? []);
  const names = await crmUserNames({ db, crm: undefined, now: () => new Date() }, ids);
  return (row) => {
    const id = crmUserIdOf(row);
    return id === null ? null : (names.get(id) ?? null);
  };
}
