import { RELATED_OBJECTS } from '../../contract/case-related';
import type { CrmConnector, CrmRecord, DeletedRecord, RelatedObject } from '../crm/crm-connector';
import { parseSfDateTime, toSfDateTime } from '../crm/salesforce-dates';
import type { Db } from '../db/database';
import { heldCases, latestRelated, liveRelated, storeRelated } from '../store/related-store';
import { deletionsKey } from './deletion-sync';
import { advanceWatermark, readWatermark, recordRun } from './sync-state.repository';

export type RelatedReport = { read: number; stored: number; pages: number; deleted: number };

/** A deletion's revision: the last state the recycle bin keeps (or the last one stored), dated by the deletion. */
function deletionOf(d: DeletedRecord, last: CrmRecord | undefined): CrmRecord | null {
  const state = d.snapshot ?? last;
  if (!state) return null;
  const snapshot: Record<string, unknown> = { ...state, Id: d.id, IsDeleted: true };
  // No merge makes an e-mail or a comment the loser: the field is the recycle bin's of contacts and cases.
  delete snapshot.MasterRecordId;
  snapshot.SystemModstamp = toSfDateTime(d.deletedAt.getTime());
  return snapshot as CrmRecord;
}

/**
 * The e-mails or comments changed since the object's own watermark, kept when their case (ParentId) is one Storico
 * holds; the page and the watermark move together, as for contacts and cases. Answers whether the API cap stopped it.
 */
async function syncChanges(
  db: Db,
  connector: CrmConnector,
  object: RelatedObject,
  overlapMs: number,
  capReached: () => boolean,
  report: RelatedReport,
): Promise<boolean> {
  const watermark = await readWatermark(db, object);
  const since = watermark ? new Date(watermark.getTime() - overlapMs) : null;
  for await (const page of connector.changedSince(object, since)) {
    if (page.records.length === 0) continue;
    const newest = Math.max(...page.records.map((r) => parseSfDateTime(r.SystemModstamp) ?? 0));
    const held = await heldCases(
      db,
      page.records.map((r) => String(r.ParentId ?? '')),
    );
    const kept = page.records.filter((r) => held.has(String(r.ParentId ?? '')));
    const stored = await db.transaction().execute(async (trx) => {
      const results = await storeRelated(trx, object, kept, 'sync');
      if (newest > 0) await advanceWatermark(trx, object, new Date(newest));
      return results.filter((r) => r.stored).length;
    });
    report.pages++;
    report.read += page.records.length;
    report.stored += stored;
    if (capReached()) return true;
  }
  return false;
}

/**
 * The e-mails and comments deleted since the deletions' watermark (getDeleted, their last state from queryAll; a
 * case's deletion takes its e-mails and comments with it), each stored as a deletion revision. When the CRM's delete
 * log no longer reaches back, those Storico holds as live that queryAll no longer finds under their cases were
 * purged: stored as deleted, dated by this run.
 */
async function syncDeleted(
  db: Db,
  connector: CrmConnector,
  object: RelatedObject,
  overlapMs: number,
  report: RelatedReport,
): Promise<void> {
  const watermark = await readWatermark(db, deletionsKey(object));
  const since = watermark ? new Date(watermark.getTime() - overlapMs) : null;
  const listed = await connector.deletedSince(object, since);
  const deleted = [...listed.deleted];
  if (listed.purgedLog) {
    const live = await liveRelated(db, object);
    const found = new Set(
      (await connector.relatedOfCases(object, [...new Set(live.values())])).map((r) => r.Id),
    );
    const seen = new Set(deleted.map((d) => d.id));
    for (const id of live.keys())
      if (!found.has(id) && !seen.has(id))
        deleted.push({ id, deletedAt: listed.latestDateCovered, snapshot: null });
  }
  const last = await latestRelated(
    db,
    deleted.map((d) => d.id),
  );
  const candidates = deleted.map((d) => deletionOf(d, last.get(d.id)?.snapshot)).filter((s) => s !== null);
  const held = await heldCases(
    db,
    candidates.map((s) => String(s.ParentId ?? '')),
  );
  const snapshots = candidates.filter((s) => held.has(String(s.ParentId ?? '')));
  const stored = await db.transaction().execute(async (trx) => {
    const results = await storeRelated(trx, object, snapshots, 'delete', true);
    await advanceWatermark(trx, deletionsKey(object), listed.latestDateCovered);
    return results.filter((r) => r.stored).length;
  });
  report.deleted += stored;
}

/**
 * The cases' e-mails and comments, after the cases in the same run: changes by SystemModstamp, then deletions, each
 * object with watermarks of its own, within the same API cap (`capReached` is checked after every page).
 */
export async function syncRelated(
  db: Db,
  connector: CrmConnector,
  options: { overlapMs: number; capReached: () => boolean; signal?: AbortSignal | undefined },
): Promise<{ reports: Partial<Record<RelatedObject, RelatedReport>>; paused: boolean }> {
  const reports: Partial<Record<RelatedObject, RelatedReport>> = {};
  for (const object of RELATED_OBJECTS) {
    options.signal?.throwIfAborted();
    const report = { read: 0, stored: 0, pages: 0, deleted: 0 };
    reports[object] = report;
    try {
      const paused = await syncChanges(db, connector, object, options.overlapMs, options.capReached, report);
      if (paused) return { reports, paused: true };
      await syncDeleted(db, connector, object, options.overlapMs, report);
      await recordRun(db, object, null);
    } catch (error) {
      await recordRun(db, object, (error as Error).message).catch(() => undefined);
      throw error;
    }
  }
  return { reports, paused: false };
}
