import type { CrmConnector } from '../crm/crm-connector';
import type { Db } from '../db/database';
import { liveRecordsAmong } from '../revisions/record-life.repository';
import { storeSnapshots } from '../revisions/revision-store';
import { ensurePartitionsFor } from '../revisions/revision-partitions';
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
    const known = await liveRecordsAmong(db, 'account', page.ids);
    const snapshots = known.length > 0 ? await connector.readRecords('Account', known) : [];
    await ensurePartitionsFor(db, 'Account', snapshots);
    stored += await db.transaction().execute(async (trx) => {
      const results = await storeSnapshots(trx, 'Account', snapshots, 'convert');
      if (page.newest > 0) await advanceWatermark(trx, CONVERSIONS_KEY, new Date(page.newest));
      return results.filter((r) => r.stored).length;
    });
  }
  return stored;
}
