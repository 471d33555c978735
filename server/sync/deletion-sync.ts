import type { CrmConnector, CrmObject, CrmRecord } from '../crm/crm-connector';
import { toSfDateTime } from '../crm/salesforce-dates';
import type { Db } from '../db/database';
import { kindOfObject } from '../db/record-kinds';
import { latestSnapshots } from '../restores/restores.repository';
import { ensurePartitionsFor } from '../revisions/revision-partitions';
import { storeSnapshots } from '../revisions/revision-store';
import { advanceWatermark, readWatermark } from './sync-state.repository';

/** The sync_state row of the deletions of `object`: a watermark of its own, apart from the changes'. */
export const deletionsKey = (object: CrmObject) => `${object}:deleted`;

export type DeletionReport = { deleted: number; stored: number };

/**
 * Stores each record deleted in the CRM since the last run as a revision with source `delete`, saved at the
 * deletion time: the snapshot the recycle bin keeps (IsDeleted true, MasterRecordId for a merge), or, once
 * purged, the last one Storico has with IsDeleted added. A record Storico never knew and cannot read is left out.
 * The revisions and the watermark move together, so a rerun stores nothing twice.
 */
export async function syncDeletions(
  db: Db,
  connector: CrmConnector,
  object: CrmObject,
  overlapMs: number,
): Promise<DeletionReport> {
  const watermark = await readWatermark(db, deletionsKey(object));
  const since = watermark ? new Date(watermark.getTime() - overlapMs) : null;
  const { deleted, latestDateCovered } = await connector.deletedSince(object, since);
  const known = await latestSnapshots(
    db,
    kindOfObject(object),
    deleted.filter((d) => !d.snapshot).map((d) => d.id),
  );
  const snapshots: CrmRecord[] = [];
  for (const d of deleted) {
    const last = d.snapshot ?? known.get(d.id);
    if (!last) continue;
    snapshots.push({
      ...last,
      Id: d.id,
      IsDeleted: true,
      MasterRecordId: d.snapshot?.MasterRecordId ?? null,
      // The revision is dated by the deletion, whatever the CRM did to the stamp.
      SystemModstamp: toSfDateTime(d.deletedAt.getTime()),
    } as CrmRecord);
  }
  await ensurePartitionsFor(db, object, snapshots);
  const stored = await db.transaction().execute(async (trx) => {
    const results = await storeSnapshots(trx, object, snapshots, 'delete');
    await advanceWatermark(trx, deletionsKey(object), latestDateCovered);
    return results.filter((r) => r.stored).length;
  });
  return { deleted: deleted.length, stored };
}
