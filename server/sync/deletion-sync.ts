import type { CrmConnector, CrmObject, CrmRecord, DeletedRecord, DeletedSince } from '../crm/crm-connector';
import { toSfDateTime } from '../crm/salesforce-dates';
import type { Db } from '../db/database';
import { kindOfObject } from '../db/record-kinds';
import { latestSnapshots } from '../restores/restores.repository';
import { ensurePartitionsFor } from '../revisions/revision-partitions';
import { liveRecordIds } from '../revisions/record-life.repository';
import { storeSnapshots } from '../revisions/revision-store';
import { advanceWatermark, readWatermark } from './sync-state.repository';

/** The sync_state row of the deletions of `object`: a watermark of its own, apart from the changes'. */
export const deletionsKey = (object: CrmObject) => `${object}:deleted`;

export type DeletionReport = {
  deleted: number;
  stored: number;
  /** The CRM's delete log had been purged: records purged from its recycle bin before this run may be missing. */
  purgedLog: boolean;
};

/**
 * Once the CRM's delete log was purged, the deletions it no longer lists: records Storico holds as live that the
 * CRM has neither live nor in its recycle bin. Their deletion time is not known; they are dated by this run. A
 * record missing from the scope's list but still in the CRM (an account that is no longer a person account) was
 * not deleted: it is asked for by Id.
 */
async function vanished(
  db: Db,
  connector: CrmConnector,
  object: CrmObject,
  listed: DeletedSince,
): Promise<DeletedRecord[]> {
  const inScope = await connector.recordIds(object);
  const seen = new Set(listed.deleted.map((d) => d.id));
  const missing = (await liveRecordIds(db, kindOfObject(object))).filter(
    (id) => !inScope.has(id) && !seen.has(id),
  );
  const outOfScope = missing.length > 0 ? await connector.existingIds(object, missing) : new Set();
  return missing
    .filter((id) => !outOfScope.has(id))
    .map((id) => ({ id, deletedAt: listed.latestDateCovered, snapshot: null }));
}

/**
 * Stores each record deleted in the CRM since the last run as a revision with source `delete`, saved at the
 * deletion time: the snapshot the recycle bin keeps (IsDeleted true, MasterRecordId for a merge), or, once
 * purged, the last one Storico has with IsDeleted added. A record Storico never knew and cannot read is left out.
 * When the CRM's delete log was purged since the last run, the records Storico holds as live and the CRM no longer
 * has are stored as deleted too (getDeleted(): "If you get this exception, you should do a full pull of the
 * table", https://developer.salesforce.com/docs/atlas.en-us.api.meta/api/sforce_api_calls_getdeleted.htm).
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
  const listed = await connector.deletedSince(object, since);
  const { latestDateCovered, purgedLog } = listed;
  const deleted = purgedLog
    ? [...listed.deleted, ...(await vanished(db, connector, object, listed))]
    : listed.deleted;
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
  return { deleted: deleted.length, stored, purgedLog };
}
