import type { Db } from '../db/database';

export const findRoleByName = (db: Db, name: string) =>
  db.selectFrom('roles').selectAll().where('name', '=', name).executeTakeFirst();

/** Creates the roles, or renames their labels, by name. */
export async function upsertRoles(db: Db, roles: { name: string; label: string }[]): Promise<void> {
  await db
    .insertInto('roles')
    .values(roles)
    .onConflict((oc) => oc.column('name').doUpdateSet((eb) => ({ label: eb.ref('excluded.label') })))
    .execute();
}

export const listRoles = (db: Db) =>
  db.selectFrom('roles').select(['id', 'name', 'label']).orderBy('id').execute();
