import type { CrmFieldInfo } from '../crm/crm-connector';
import type { Db } from '../db/database';
import type { RecordKind } from '../db/record-kinds';

/**
 * Keeps the org's fields beyond the screens' own as describe shows them now: new ones added, known ones brought up
 * to date, positions in describe's order. Fields no longer described keep their rows (older revisions hold them).
 */
export async function storeOtherFields(
  db: Db,
  kind: RecordKind,
  fields: readonly CrmFieldInfo[],
): Promise<void> {
  if (fields.length === 0) return;
  const now = new Date();
  await db
    .insertInto('crm_fields')
    .values(fields.map((f, position) => ({ kind, ...f, position, updated_at: now })))
    .onConflict((oc) =>
      oc.columns(['kind', 'name']).doUpdateSet((eb) => ({
        label: eb.ref('excluded.label'),
        type: eb.ref('excluded.type'),
        calculated: eb.ref('excluded.calculated'),
        writable: eb.ref('excluded.writable'),
        position: eb.ref('excluded.position'),
        updated_at: now,
      })),
    )
    .execute();
}

/** The fields of a kind kept beyond the screens' own, in describe's order (those removed from the org last). */
export async function otherFields(db: Db, kind: RecordKind): Promise<CrmFieldInfo[]> {
  return db
    .selectFrom('crm_fields')
    .select(['name', 'label', 'type', 'calculated', 'writable'])
    .where('kind', '=', kind)
    .orderBy('updated_at', 'desc')
    .orderBy('position')
    .execute();
}
