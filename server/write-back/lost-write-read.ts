import { CrmError, type CrmConnector, type CrmObject, type CrmRecord } from '../crm/crm-connector';
import type { Db } from '../db/database';
import {
  storeRestored,
  storeSnapshots,
  type StoredRevision,
  type WriteSource,
} from '../store/revision-store';
import { writeHeld, type SentWrite } from './restore-apply';

/**
 * What a later read tells of a write whose answer was lost (a restore's or a rollback's): the record as it is, live
 * or in the recycle bin (deleted or merged since), and whether it holds every value sent; nothing of a record the
 * CRM purged since, which holds none of them. Null when the CRM could not be read: the write stays unknown.
 */
type LostWriteRead = { record: CrmRecord | null; held: boolean };

async function readLostWrite(
  crm: CrmConnector,
  object: CrmObject,
  write: SentWrite,
): Promise<LostWriteRead | null> {
  let record: CrmRecord | null;
  try {
    record = await crm.readRecord(object, write.recordId);
  } catch (error) {
    if (!(error instanceof CrmError) || error.errorCode !== 'NOT_FOUND') return null;
    // The query resource leaves out deleted records; QueryAll sees them in the recycle bin
    // (https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/resources_queryall.htm).
    try {
      record = await crm.readRecordWithDeleted(object, write.recordId);
    } catch {
      return null;
    }
  }
  return { record, held: record !== null && writeHeld(write, record) };
}

/**
 * Keeps what the read showed as the sync would: a live record holding the write as the write's own revision
 * (`source`), one that does not as a sync's, one in the recycle bin as its deletion. Answers the revision kept, or
 * null for a purged record.
 */
async function keepLostWriteRead(
  db: Db,
  object: CrmObject,
  read: LostWriteRead,
  source: WriteSource,
): Promise<StoredRevision | null> {
  const { record, held } = read;
  if (!record) return null;
  if (record.IsDeleted === true) return (await storeSnapshots(db, object, [record], 'delete'))[0]!;
  if (held) return storeRestored(db, object, record, source);
  return (await storeSnapshots(db, object, [record], 'sync'))[0]!;
}

/** A write whose answer was lost, as its caller kept it: what was sent, when, and as whose revision. */
export type LostWrite = { object: CrmObject; write: SentWrite; since: Date; source: WriteSource };

/** `unknown`: the write may still land, or the caller's claim was lost; `unreadable`: the CRM could not be read. */
export type LostWriteSettlement = 'applied' | 'not-applied' | 'unknown' | 'unreadable';

/**
 * Settles a write whose answer was lost by reading its record: the CRM holding every value sent makes it applied,
 * the CRM without them (a record purged since holds none) makes it not applied once `waitMs` has passed since it
 * was sent (until then the CRM may still be processing it). What the read showed is kept (keepLostWriteRead) in the
 * transaction in which `record` keeps the settlement, answering false when the caller's claim was lost.
 */
export async function settleLostWrite(
  deps: { db: Db; crm: CrmConnector; now: () => Date; waitMs: number },
  lost: LostWrite,
  record: (trx: Db, settled: { held: boolean; kept: StoredRevision | null }) => Promise<boolean>,
): Promise<LostWriteSettlement> {
  const read = await readLostWrite(deps.crm, lost.object, lost.write);
  if (!read) return 'unreadable';
  if (!read.held && deps.now().getTime() - lost.since.getTime() < deps.waitMs) return 'unknown';
  const done = await deps.db.transaction().execute(async (trx) => {
    const kept = await keepLostWriteRead(trx, lost.object, read, lost.source);
    return record(trx, { held: read.held, kept });
  });
  if (!done) return 'unknown';
  return read.held ? 'applied' : 'not-applied';
}
