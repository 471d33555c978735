import type { CrmConnector, CrmRecord } from '../crm/crm-connector';
import type { Db } from '../db/database';
import { liveRecordsAmong } from '../store/record-life.repository';
import { storeSnapshots } from '../store/revision-store';
import { ensurePartitionsFor } from '../store/revision-partitions';
import { advanceWatermark, readWatermark } from './sync-state.repository';

/** The sync_state row of the contacts made business accounts: a watermark of its own. */
export const CONVERSIONS_KEY = 'Account:converted';

/**
 * Stores, as a revision with source `convert`, the state of each contact Storico holds as live that the CRM has
 * made a business account (its record type changed to one of the business family): the person account scope of
 * the changes (IsPersonAccount = true) no longer finds it, so without this its last snapshot would stand as a live
 * contact. The business accounts changed since the last run are listed by Id; only those Storico knows as live
 * contacts are read whole. Each page and the watermark move together; a rerun stores nothing twice (the revision
 * store skips a snapshot equal to the one before it). A contact made a person account again comes back through the
 * changes, as a newer revision.
 */
export async function syncConversions(db: Db, connector: CrmConnector, overlapMs: number): Promise<number> {
  const watermark = await readWatermark(db, CONVERSIONS_KEY);
  const since = watermark ? new Date(watermark.getTime() - overlapMs) : null;
  let stored = 0;
  for await (const page of connector.businessAccountsChangedSince(since)) {
    const snapshots = await convertedSnapshots(db, connector, page.ids);
    stored += await db.transaction().execute(async (trx) => {
      const count = await storeConverted(trx, snapshots);
      if (page.newest > 0) await advanceWatermark(trx, CONVERSIONS_KEY, new Date(page.newest));
      return count;
    });
  }
  return stored;
}

/**
 * Stores as conversions the accounts among `ids` (business accounts now) that Storico holds as live contacts: the
 * full check after an import finds those converted before the conversions' watermark.
 */
export async function storeConversions(
  db: Db,
  connector: CrmConnector,
  ids: readonly string[],
): Promise<number> {
  const snapshots = await convertedSnapshots(db, connector, ids);
  return db.transaction().execute((trx) => storeConverted(trx, snapshots));
}

/** The accounts among `ids` that Storico holds as live contacts, read whole as the CRM has them now. */
async function convertedSnapshots(db: Db, connector: CrmConnector, ids: readonly string[]) {
  const known = await liveRecordsAmong(db, 'account', ids);
  const snapshots = known.length > 0 ? await connector.readRecords('Account', known) : [];
  await ensurePartitionsFor(db, 'Account', snapshots);
  return snapshots;
}

async function storeConverted(db: Db, snapshots: CrmRecord[]): Promise<number> {
  return (await storeSnapshots(db, 'Account', snapshots, 'convert')).filter((r) => r.stored).length;
}
