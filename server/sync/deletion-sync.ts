import type {
  CrmConnector,
  CrmObject,
  CrmRecord,
  DeletedRecord,
  DeletedSince,
  SyncedObject,
} from '../crm/crm-connector';
import { parseSfDateTime, toSfDateTime } from '../crm/salesforce-dates';
import type { Db } from '../db/database';
import { kindOfObject } from '../db/record-kinds';
import { latestSnapshots } from '../store/revisions.repository';
import { ensurePartitionsFor } from '../store/revision-partitions';
import { heldRecordsAmong, liveRecordIds } from '../store/record-life.repository';
import { storeSnapshots } from '../store/revision-store';
import { advanceWatermark, readWatermark } from './sync-state.repository';

/** The sync_state row of the deletions of `object`: a watermark of its own, apart from the changes'. */
export const deletionsKey = (object: SyncedObject) => `${object}:deleted`;

export type DeletionReport = {
  deleted: number;
  stored: number;
  /** The CRM's delete log had been purged: records purged from its recycle bin before this run may be missing. */
  purgedLog: boolean;
  /** Every record Storico holds as live was checked against the CRM, as owed after an import. */
  rechecked: boolean;
  /** Records Storico holds as live that the CRM has only out of scope: accounts no longer person accounts. */
  outOfScope: string[];
};

/** The sync_state row an import moves forward: the next sync checks every record against the CRM once. */
export const IMPORT_RECHECK_KEY = 'Import:recheck';

/** The sync_state row of the last such check of `object`: the import time it answered. */
const recheckedKey = (object: CrmObject) => `${object}:rechecked`;

/** Asks the next sync run for a full check of every record Storico holds as live (after an import stored some). */
export const requestRecheck = (db: Db, at: Date) => advanceWatermark(db, IMPORT_RECHECK_KEY, at);

/** The import time a full check of `object` is still owed for, or null. */
async function pendingRecheck(db: Db, object: CrmObject): Promise<Date | null> {
  const asked = await readWatermark(db, IMPORT_RECHECK_KEY);
  const done = await readWatermark(db, recheckedKey(object));
  return asked && (!done || done < asked) ? asked : null;
}

/**
 * The records Storico holds as live that the CRM no longer has in scope, live or in its recycle bin: those it has
 * not at all were purged (their deletion time is not known; they are dated by this run), and those it still has
 * out of scope are accounts that are no longer person accounts (contacts made business accounts), asked for by Id.
 */
async function vanished(
  db: Db,
  connector: CrmConnector,
  object: CrmObject,
  listed: DeletedSince,
): Promise<{ purged: DeletedRecord[]; outOfScope: string[] }> {
  const inScope = await connector.recordIds(object);
  const seen = new Set([...listed.deleted, ...listed.business].map((d) => d.id));
  const missing = (await liveRecordIds(db, kindOfObject(object))).filter(
    (id) => !inScope.has(id) && !seen.has(id),
  );
  const existing = missing.length > 0 ? await connector.existingIds(object, missing) : new Set();
  return {
    purged: missing
      .filter((id) => !existing.has(id))
      .map((id) => ({ id, deletedAt: listed.latestDateCovered, snapshot: null })),
    outOfScope: missing.filter((id) => existing.has(id)),
  };
}

/**
 * The business accounts deleted that Storico holds: contacts made business accounts, stored as deleted (`deleted`)
 * and, where no sync saw the conversion before the deletion, first as converted (`conversions`), as the conversions'
 * sync stores a live one (conversion-sync.ts). The conversion is the last state the recycle bin keeps, dated by the
 * record's last change before its deletion, by which time it had been converted. The other business accounts were
 * never contacts Storico kept.
 */
async function businessDeletions(db: Db, object: CrmObject, business: readonly DeletedRecord[]) {
  const held = await heldRecordsAmong(
    db,
    kindOfObject(object),
    business.map((d) => d.id),
  );
  const deleted = business.filter((d) => d.snapshot !== null && held.has(d.id));
  const conversions = deleted.filter((d) => !held.get(d.id)!.converted).map(lastBusinessState);
  return { deleted, conversions };
}

function lastBusinessState(d: DeletedRecord): CrmRecord {
  const state: Record<string, unknown> = { ...d.snapshot };
  delete state.IsDeleted;
  delete state.MasterRecordId;
  const changed = parseSfDateTime(state.LastModifiedDate) ?? Infinity;
  state.SystemModstamp = toSfDateTime(Math.min(changed, d.deletedAt.getTime()));
  return state as CrmRecord;
}

/**
 * Stores each record deleted in the CRM since the last run as a revision with source `delete`, saved at the
 * deletion time: the snapshot the recycle bin keeps (IsDeleted true, MasterRecordId for a merge), or, once
 * purged, the last one Storico has with IsDeleted added. A record Storico never knew and cannot read is left out.
 * When the CRM's delete log was purged since the last run, the records Storico holds as live and the CRM no longer
 * has are stored as deleted too (getDeleted(): "If you get this exception, you should do a full pull of the
 * table", https://developer.salesforce.com/docs/atlas.en-us.api.meta/api/sforce_api_calls_getdeleted.htm).
 * After an import (`requestRecheck`), the next run does the same full check once, and reads the whole recycle
 * bin: an import may bring in records the CRM deleted, purged or converted before the watermarks. The records found
 * live out of scope are reported for the conversions (`outOfScope`); a contact found deleted as a business account
 * is stored as converted, then deleted (businessDeletions), never as a contact purged.
 * The revisions and the watermark move together, so a rerun stores nothing twice.
 */
export async function syncDeletions(
  db: Db,
  connector: CrmConnector,
  object: CrmObject,
  overlapMs: number,
): Promise<DeletionReport> {
  const watermark = await readWatermark(db, deletionsKey(object));
  const recheck = await pendingRecheck(db, object);
  // An import may have stored records the CRM deleted before the watermark: the whole recycle bin is read then.
  const since = watermark && !recheck ? new Date(watermark.getTime() - overlapMs) : null;
  const listed = await connector.deletedSince(object, since);
  const { latestDateCovered, purgedLog } = listed;
  const gone =
    purgedLog || recheck ? await vanished(db, connector, object, listed) : { purged: [], outOfScope: [] };
  const converted = await businessDeletions(db, object, listed.business);
  const deleted = [...listed.deleted, ...gone.purged, ...converted.deleted];
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
  await ensurePartitionsFor(db, object, [...converted.conversions, ...snapshots]);
  const stored = await db.transaction().execute(async (trx) => {
    // The conversion first: at the time of its deletion too, the deletion is the newer revision.
    const results = [
      ...(await storeSnapshots(trx, object, converted.conversions, 'convert')),
      ...(await storeSnapshots(trx, object, snapshots, 'delete')),
    ];
    await advanceWatermark(trx, deletionsKey(object), latestDateCovered);
    if (recheck) await advanceWatermark(trx, recheckedKey(object), recheck);
    return results.filter((r) => r.stored).length;
  });
  return {
    deleted: deleted.length,
    stored,
    purgedLog,
    rechecked: recheck !== null,
    outOfScope: gone.outOfScope,
  };
}
