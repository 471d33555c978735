import type { CrmRecord, RelatedObject } from '../crm/crm-connector';
import { parseSfDateTime } from '../crm/salesforce-dates';
import type { Db } from '../db/database';
import type { RevisionSource } from './revision-store';
import { snapshotHash } from './snapshot-fields';

/** A stored revision of an e-mail or comment, or the one found equal to the snapshot. */
export type StoredRelated = { recordId: string; revisionId: number; stored: boolean };

type Prepared = {
  recordId: string;
  caseId: string;
  savedAt: number;
  hash: string;
  snapshot: CrmRecord;
};
type Known = { id: number; savedAt: number; hash: string };

const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);

/** A snapshot with its record, case (ParentId) and save time; none without them. */
function prepare(snapshot: CrmRecord): Prepared | null {
  const caseId = text(snapshot.ParentId);
  const savedAt = parseSfDateTime(snapshot.SystemModstamp);
  if (!text(snapshot.Id) || !caseId || savedAt === undefined) return null;
  return { recordId: snapshot.Id, caseId, savedAt, hash: snapshotHash(snapshot), snapshot };
}

/** Every revision of the records named, oldest first, by record. */
async function timelines(db: Db, ids: readonly string[]): Promise<Map<string, Known[]>> {
  const byRecord = new Map<string, Known[]>();
  if (ids.length === 0) return byRecord;
  const rows = await db
    .selectFrom('revision_related')
    .select(['id', 'record_id', 'saved_at', 'hash'])
    .where('record_id', 'in', [...new Set(ids)])
    .orderBy('saved_at')
    .orderBy('id')
    .execute();
  for (const row of rows) {
    const list = byRecord.get(row.record_id) ?? [];
    list.push({ id: row.id, savedAt: new Date(row.saved_at).getTime(), hash: row.hash });
    byRecord.set(row.record_id, list);
  }
  return byRecord;
}

/**
 * Stores each snapshot of a case's e-mails or comments as a revision of its own, by the same rules as contacts and
 * cases (revision-store.ts): none when it equals, by content hash, the revision in effect just before it, or was
 * stored already (the unique (record, saved_at, hash) key makes a rerun store nothing twice). `deleted`: the
 * snapshots are deletions in the CRM, each dated by its deletion. Snapshots without a ParentId are left out.
 */
export async function storeRelated(
  db: Db,
  object: RelatedObject,
  snapshots: readonly CrmRecord[],
  source: RevisionSource,
  deleted = false,
): Promise<StoredRelated[]> {
  const prepared = snapshots
    .map(prepare)
    .filter((p) => p !== null)
    .sort((a, b) => a.savedAt - b.savedAt);
  const known = await timelines(
    db,
    prepared.map((p) => p.recordId),
  );
  const results: StoredRelated[] = [];
  for (const p of prepared) {
    const timeline = known.get(p.recordId) ?? [];
    known.set(p.recordId, timeline);
    const at = timeline.findLastIndex((k) => k.savedAt <= p.savedAt);
    const same = timeline.find((k) => k.savedAt === p.savedAt && k.hash === p.hash) ?? timeline[at];
    if (same && same.hash === p.hash) {
      results.push({ recordId: p.recordId, revisionId: same.id, stored: false });
      continue;
    }
    const inserted = await db
      .insertInto('revision_related')
      .values({
        object,
        record_id: p.recordId,
        case_id: p.caseId,
        saved_at: new Date(p.savedAt),
        deleted,
        json: JSON.stringify(p.snapshot),
        hash: p.hash,
        source,
      })
      .onConflict((oc) => oc.columns(['record_id', 'saved_at', 'hash']).doNothing())
      .returning('id')
      .executeTakeFirst();
    const id =
      inserted?.id ??
      (
        await db
          .selectFrom('revision_related')
          .select('id')
          .where('record_id', '=', p.recordId)
          .where('saved_at', '=', new Date(p.savedAt))
          .where('hash', '=', p.hash)
          .executeTakeFirstOrThrow()
      ).id;
    timeline.splice(at + 1, 0, { id, savedAt: p.savedAt, hash: p.hash });
    results.push({ recordId: p.recordId, revisionId: id, stored: inserted !== undefined });
  }
  return results;
}

/** The latest revision of each record named, as stored: its snapshot and whether it is a deletion. */
export async function latestRelated(
  db: Db,
  ids: readonly string[],
): Promise<Map<string, { snapshot: CrmRecord; deleted: boolean; caseId: string }>> {
  const latest = new Map<string, { snapshot: CrmRecord; deleted: boolean; caseId: string }>();
  if (ids.length === 0) return latest;
  const rows = await db
    .selectFrom('revision_related')
    .select(['record_id', 'case_id', 'json', 'deleted'])
    .distinctOn('record_id')
    .where('record_id', 'in', [...new Set(ids)])
    .orderBy('record_id')
    .orderBy('saved_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  for (const row of rows)
    latest.set(row.record_id, { snapshot: row.json as CrmRecord, deleted: row.deleted, caseId: row.case_id });
  return latest;
}

/** The records of `object` Storico holds as live (their latest revision no deletion), with their cases. */
export async function liveRelated(db: Db, object: RelatedObject): Promise<Map<string, string>> {
  const rows = await db
    .selectFrom('revision_related')
    .select(['record_id', 'case_id', 'deleted'])
    .distinctOn('record_id')
    .where('object', '=', object)
    .orderBy('record_id')
    .orderBy('saved_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return new Map(rows.filter((r) => !r.deleted).map((r) => [r.record_id, r.case_id]));
}

/** Which of the cases named Storico holds (a case with a revision). */
export async function heldCases(db: Db, caseIds: readonly string[]): Promise<Set<string>> {
  if (caseIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('sf_cases')
    .select('id')
    .where('id', 'in', [...new Set(caseIds)])
    .where('latest_revision_id', 'is not', null)
    .execute();
  return new Set(rows.map((r) => r.id));
}

/** A stored revision of one of a case's e-mails or comments, as the related endpoint reads it. */
export type RelatedRevisionRow = {
  id: number;
  object: RelatedObject;
  recordId: string;
  savedAt: Date;
  deleted: boolean;
  hash: string;
  json: CrmRecord;
};

/** Every revision of the case's e-mails and comments saved before `before` (all when null), oldest first. */
export async function caseRelatedRevisions(
  db: Db,
  caseId: string,
  before: Date | null,
): Promise<RelatedRevisionRow[]> {
  let q = db
    .selectFrom('revision_related')
    .select(['id', 'object', 'record_id', 'saved_at', 'deleted', 'hash', 'json'])
    .where('case_id', '=', caseId);
  if (before) q = q.where('saved_at', '<', before);
  const rows = await q.orderBy('saved_at').orderBy('id').execute();
  return rows.map((r) => ({
    id: r.id,
    object: r.object,
    recordId: r.record_id,
    savedAt: new Date(r.saved_at),
    deleted: r.deleted,
    hash: r.hash,
    json: r.json as CrmRecord,
  }));
}
