import type { CrmAgent } from '../crm/crm-connector';
import type { Db } from '../db/database';

/** Stores the CRM users the sync read (the agents): inserts new ones and brings known ones (and placeholders made for unknown owners) up to date. */
export async function upsertCrmUsers(db: Db, agents: CrmAgent[]): Promise<void> {
  if (agents.length === 0) return;
  const now = new Date();
  await db
    .insertInto('sf_users')
    .values(
      agents.map((a) => ({
        id: a.id,
        username: a.username,
        first_name: a.firstName,
        last_name: a.lastName,
        email: a.email,
        active: a.active,
        updated_at: now,
      })),
    )
    .onConflict((oc) =>
      oc.column('id').doUpdateSet((eb) => ({
        username: eb.ref('excluded.username'),
        first_name: eb.ref('excluded.first_name'),
        last_name: eb.ref('excluded.last_name'),
        email: eb.ref('excluded.email'),
        active: eb.ref('excluded.active'),
        updated_at: now,
      })),
    )
    .execute();
}
