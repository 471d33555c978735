import { sql } from 'kysely';
import type { CrmObject, CrmRecord } from '../crm/crm-connector';
import { parseSfDateTime } from '../crm/salesforce-dates';
import type { Db } from '../db/database';
import { kindOfObject, recordKinds } from '../db/record-kinds';
import { ensurePartitionsFor } from './revision-partitions';
import { normaliseSnapshot, snapshotHash } from './snapshot-fields';

/**
 * Where a revision came from: the periodic sync, a bulk import, the read-back of restore request {id} or of
 * rollback {id}, or a deletion in the CRM (the last snapshot with IsDeleted true).
 */
/** `convert`: the state in which the CRM showed a contact made a business account (its record type changed). */
export type RevisionSource = 'sync' | 'import' | 'delete' | 'convert' | WriteSource;
/** Storico's own writes to the CRM: a restore request's or a rollback's. */
export type WriteSource = `restore:${number}` | `rollback:${number}`;

export type StoredRevision = {
  recordId: string;
  /** The new revision, or the one found equal to the snapshot. */
  revisionId: number;
  savedAt: Date;
  stored: boolean;
};

/** A snapshot that cannot be stored: no Id, or no SystemModstamp to date it. */
export class SnapshotError extends Error {}

const TABLES = (object: CrmObject) => recordKinds[kindOfObject(object)];

export type Prepared = {
  recordId: string;
  savedAt: number;
  hash: string;
  /** As it came (addresses take their ten-key form when it is stored: `storedJson`). */
  snapshot: CrmRecord;
  index: number;
  /** The snapshot's JSON text as read (an import's line), stored as it is. */
  text?: string | undefined;
};
type Known = { id: number | undefined; savedAt: number; hash: string; pending?: Prepared };

const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);

/**
 * A snapshot dated and hashed for storing; `text`, its JSON as read, is stored as it is; `parsedAt`, its
 * SystemModstamp when the caller has read it already.
 */
export function prepare(snapshot: CrmRecord, index: number, text?: string, parsedAt?: number): Prepared {
  if (typeof snapshot?.Id !== 'string' || snapshot.Id === '')
    throw new SnapshotError('the snapshot has no Id');
  const savedAt = parsedAt ?? parseSfDateTime(snapshot.SystemModstamp);
  if (savedAt === undefined) {
    throw new SnapshotError(
      `snapshot ${snapshot.Id} has no valid SystemModstamp (the time it was saved in the CRM)`,
    );
  }
  return { recordId: snapshot.Id, savedAt, hash: snapshotHash(snapshot), snapshot, index, text };
}

/**
 * The text a revision stores: its snapshot's JSON with every address in its ten-key form, or the text it was read
 * as. jsonb keeps what either says the same way, and every reader brings addresses to their ten-key form
 * (`normaliseSnapshot`), as for the three-key addresses older revisions hold.
 */
export const storedJson = (p: Prepared): string => p.text ?? JSON.stringify(normaliseSnapshot(p.snapshot));

/** The columns of sf_accounts / sf_cases taken from a record's newest revision, which serve search. */
function searchColumns(object: CrmObject, s: CrmRecord) {
  const created = parseSfDateTime(s.CreatedDate);
  const common = {
    owner_id: text(s.OwnerId),
    created_date: created === undefined ? null : new Date(created),
  };
  return object === 'Account'
    ? { ...common, name: text(s.Name), email: text(s.PersonEmail), phone: text(s.Phone) }
    : {
        ...common,
        account_id: text(s.AccountId),
        case_number: text(s.CaseNumber),
        // What the case search shows and filters, kept here so the filter never reads snapshots.
        description: text(s.Product_Description__c) ?? text(s.Description),
        reason: text(s.Reason),
      };
}

/**
 * The snapshots' own records get a row, created when still unknown, whose oldest-revision time goes down to the
 * oldest snapshot's (migration 0014). Rows are written in id order, as every writer locks them.
 */
async function ensureRecordRows(db: Db, object: CrmObject, prepared: Prepared[]): Promise<void> {
  const oldest = new Map<string, number>();
  for (const p of prepared) oldest.set(p.recordId, Math.min(oldest.get(p.recordId) ?? Infinity, p.savedAt));
  const rows = JSON.stringify(
    [...oldest]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([id, at]) => ({ id, first_saved_at: new Date(at).toISOString() })),
  );
  const records = sql.table(TABLES(object).records);
  await sql`insert into ${records} (id, first_saved_at, updated_at)
    select v.id, v.first_saved_at, now() from json_to_recordset(${rows}::json) as v(id text, first_saved_at timestamptz)
    on conflict (id) do update set first_saved_at = excluded.first_saved_at
    where ${records}.first_saved_at is null or ${records}.first_saved_at > excluded.first_saved_at`.execute(
    db,
  );
}

/** Rows the new revisions point at (owner, contact, the record itself) are created empty when still unknown. */
export async function ensureReferencedRows(db: Db, object: CrmObject, prepared: Prepared[]): Promise<void> {
  const now = new Date();
  const owners = [...new Set(prepared.map((p) => text(p.snapshot.OwnerId)).filter((v) => v !== null))].sort();
  if (owners.length > 0) {
    // Filled in by the next agents sync; inactive so it is not offered as an agent meanwhile. In id order, as the
    // record rows: two writers adding the same new agents (a sync and an import) then wait, never deadlock.
    await db
      .insertInto('sf_users')
      .values(owners.map((id) => ({ id, username: id, active: false, updated_at: now })))
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  }
  if (prepared.length > 0) await ensureRecordRows(db, object, prepared);
  if (object === 'Case') {
    const accounts = new Set<string>();
    for (const p of prepared) {
      const accountId = text(p.snapshot.AccountId);
      if (accountId) accounts.add(accountId);
    }
    if (accounts.size > 0) {
      await db
        .insertInto('sf_accounts')
        .values([...accounts].sort().map((id) => ({ id, updated_at: now })))
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
    }
  }
}

/** For each record: its revision in effect just before the earliest new snapshot, and every later one. */
async function knownRevisions(
  db: Db,
  object: CrmObject,
  prepared: Prepared[],
): Promise<Map<string, Known[]>> {
  const since = new Map<string, number>();
  for (const p of prepared) since.set(p.recordId, Math.min(since.get(p.recordId) ?? Infinity, p.savedAt));
  const { revisions, key } = TABLES(object);
  const wanted = JSON.stringify([...since].map(([id, at]) => ({ id, since: new Date(at).toISOString() })));
  const rows = await sql<{ id: number; record_id: string; saved_at: Date; hash: string }>`
    select r.id, r.record_id, r.saved_at, r.hash
    from json_to_recordset(${wanted}::json) as v(id text, since timestamptz)
    cross join lateral (
      (select id, ${sql.ref(key)} as record_id, saved_at, hash from ${sql.table(revisions)}
        where ${sql.ref(key)} = v.id and saved_at <= v.since order by saved_at desc, id desc limit 1)
      union all
      (select id, ${sql.ref(key)} as record_id, saved_at, hash from ${sql.table(revisions)}
        where ${sql.ref(key)} = v.id and saved_at > v.since)
    ) r`.execute(db);
  const known = new Map<string, Known[]>();
  for (const row of rows.rows) {
    const list = known.get(row.record_id) ?? [];
    list.push({ id: row.id, savedAt: new Date(row.saved_at).getTime(), hash: row.hash });
    known.set(row.record_id, list);
  }
  for (const list of known.values()) list.sort((a, b) => a.savedAt - b.savedAt || (a.id ?? 0) - (b.id ?? 0));
  return known;
}

async function insertRevisions(db: Db, object: CrmObject, rows: Prepared[], source: RevisionSource) {
  if (rows.length === 0) return [];
  const values = rows.map((p) => ({
    saved_at: new Date(p.savedAt),
    json: storedJson(p),
    hash: p.hash,
    source,
    owner_id: text(p.snapshot.OwnerId),
  }));
  const inserted =
    object === 'Account'
      ? await db
          .insertInto('revision_accounts')
          .values(values.map((v, i) => ({ ...v, account_id: rows[i]!.recordId })))
          .onConflict((oc) => oc.columns(['account_id', 'saved_at', 'hash']).doNothing())
          .returning(['id', 'account_id as record_id', 'saved_at', 'hash'])
          .execute()
      : await db
          .insertInto('revision_cases')
          .values(values.map((v, i) => ({ ...v, case_id: rows[i]!.recordId })))
          .onConflict((oc) => oc.columns(['case_id', 'saved_at', 'hash']).doNothing())
          .returning(['id', 'case_id as record_id', 'saved_at', 'hash'])
          .execute();
  return inserted;
}

/** A concurrent writer stored the same revision first: its id is looked up. */
async function existingId(db: Db, object: CrmObject, p: Prepared): Promise<number> {
  const { revisions, key } = TABLES(object);
  const row = await sql<{ id: number }>`
    select id from ${sql.table(revisions)}
    where ${sql.ref(key)} = ${p.recordId} and saved_at = ${new Date(p.savedAt)} and hash = ${p.hash}`.execute(
    db,
  );
  return row.rows[0]!.id;
}

/**
 * Points sf_accounts / sf_cases at the newest revision, unless a newer one is already there, with what search shows
 * of it and the record's life: deleted when it is a `delete` revision, and then merged into its MasterRecordId;
 * converted to a business account since its time when it is a `convert` one, and still when a deletion follows it.
 */
export async function refreshSearchRows(
  db: Db,
  object: CrmObject,
  newest: Array<{ p: Prepared; revisionId: number }>,
  source: RevisionSource,
) {
  if (newest.length === 0) return;
  const { records } = TABLES(object);
  const deleted = source === 'delete';
  const converted = source === 'convert';
  const rows = JSON.stringify(
    newest.map(({ p, revisionId }) => ({
      id: p.recordId,
      revision_id: revisionId,
      saved_at: new Date(p.savedAt).toISOString(),
      deleted,
      converted,
      merged_into: deleted ? text(p.snapshot.MasterRecordId) : null,
      ...searchColumns(object, p.snapshot),
    })),
  );
  const guard = sql`(s.latest_saved_at is null or s.latest_saved_at <= v.saved_at)`;
  // A deletion keeps the conversion before it: a business account deleted since is still no contact.
  const convertedAt = sql`case when v.converted then v.saved_at when v.deleted then s.converted_at end`;
  if (object === 'Account') {
    await sql`
      update sf_accounts as s set owner_id = v.owner_id, name = v.name, email = v.email, phone = v.phone,
        created_date = v.created_date, latest_revision_id = v.revision_id, latest_saved_at = v.saved_at,
        latest_deleted = v.deleted, converted_at = ${convertedAt}, latest_merged_into = v.merged_into,
        updated_at = now()
      from json_to_recordset(${rows}::json) as v(id text, revision_id integer, saved_at timestamptz,
        deleted boolean, converted boolean, merged_into text, owner_id text, name text, email text, phone text,
        created_date timestamptz)
      where s.id = v.id and ${guard}`.execute(db);
  } else {
    await sql`
      update ${sql.table(records)} as s set owner_id = v.owner_id, account_id = v.account_id,
        case_number = v.case_number, description = v.description, reason = v.reason,
        created_date = v.created_date, latest_revision_id = v.revision_id, latest_saved_at = v.saved_at,
        latest_deleted = v.deleted, converted_at = ${convertedAt}, latest_merged_into = v.merged_into,
        updated_at = now()
      from json_to_recordset(${rows}::json) as v(id text, revision_id integer, saved_at timestamptz,
        deleted boolean, converted boolean, merged_into text, owner_id text, account_id text, case_number text, description text,
        reason text, created_date timestamptz)
      where s.id = v.id and ${guard}`.execute(db);
  }
}

async function store(db: Db, object: CrmObject, snapshots: CrmRecord[], source: RevisionSource) {
  const prepared = snapshots.map((snapshot, index) => prepare(snapshot, index));
  const results: StoredRevision[] = new Array(prepared.length);
  if (prepared.length === 0) return results;
  await ensureReferencedRows(db, object, prepared);
  const known = await knownRevisions(db, object, prepared);

  // Each snapshot is compared with the revision just before it in time (for a sync: the latest one).
  const toInsert: Prepared[] = [];
  const sameAs = new Map<Prepared, Known>();
  const ordered = [...prepared].sort((a, b) => a.savedAt - b.savedAt || a.index - b.index);
  for (const p of ordered) {
    const timeline = known.get(p.recordId) ?? [];
    known.set(p.recordId, timeline);
    const at = timeline.findLastIndex((k) => k.savedAt <= p.savedAt);
    const duplicate = timeline.find((k) => k.savedAt === p.savedAt && k.hash === p.hash);
    const before = timeline[at];
    if (duplicate || before?.hash === p.hash) {
      sameAs.set(p, (duplicate ?? before)!);
      continue;
    }
    toInsert.push(p);
    timeline.splice(at + 1, 0, { id: undefined, savedAt: p.savedAt, hash: p.hash, pending: p });
  }

  const inserted = await insertRevisions(db, object, toInsert, source);
  const idOf = new Map(
    inserted.map((r) => [`${r.record_id}|${new Date(r.saved_at).getTime()}|${r.hash}`, r.id]),
  );
  const newIds = new Map<Prepared, number>();
  for (const p of toInsert) {
    const id = idOf.get(`${p.recordId}|${p.savedAt}|${p.hash}`);
    newIds.set(p, id ?? (await existingId(db, object, p)));
    results[p.index] = {
      recordId: p.recordId,
      revisionId: newIds.get(p)!,
      savedAt: new Date(p.savedAt),
      stored: id !== undefined,
    };
  }
  for (const [p, k] of sameAs) {
    const revisionId = k.id ?? newIds.get(k.pending!)!;
    results[p.index] = { recordId: p.recordId, revisionId, savedAt: new Date(k.savedAt), stored: false };
  }

  const newest: Array<{ p: Prepared; revisionId: number }> = [];
  for (const timeline of known.values()) {
    const last = timeline.at(-1);
    if (last?.pending && newIds.has(last.pending))
      newest.push({ p: last.pending, revisionId: newIds.get(last.pending)! });
  }
  await refreshSearchRows(db, object, newest, source);
  return results;
}

/**
 * Stores each snapshot as a revision of its record unless it equals (by content hash) the revision in effect
 * just before it, or was stored already: the unique (record, saved_at, hash) key makes this idempotent.
 * sf_accounts / sf_cases follow each record's newest revision. Runs in `db`'s transaction, or in its own after
 * making the partitions of the snapshots' quarters (inside a caller's transaction, the caller makes them first).
 */
export async function storeSnapshots(
  db: Db,
  object: CrmObject,
  snapshots: CrmRecord[],
  source: RevisionSource,
): Promise<StoredRevision[]> {
  if (db.isTransaction) return store(db, object, snapshots, source);
  await ensurePartitionsFor(db, object, snapshots);
  return db.transaction().execute((trx) => store(trx, object, snapshots, source));
}

/** One snapshot: the restore workflow stores its read-back with source `restore:{id}` through this. */
export async function storeIfChanged(
  db: Db,
  object: CrmObject,
  snapshot: CrmRecord,
  source: RevisionSource,
): Promise<StoredRevision> {
  const [result] = await storeSnapshots(db, object, [snapshot], source);
  return result!;
}

/**
 * A snapshot read after a restore's own write, stored as revision `restore:{id}`. A sync may have stored that
 * very state first (same SystemModstamp and hash): the dedup key then finds the sync's row, which is the
 * restore's write all the same, so it takes the restore's source. Only a `sync` row is taken: an import, a
 * deletion or another restore keeps its own.
 */
export async function storeRestored(
  db: Db,
  object: CrmObject,
  snapshot: CrmRecord,
  source: WriteSource,
): Promise<StoredRevision> {
  const result = await storeIfChanged(db, object, snapshot, source);
  if (result.stored || result.savedAt.getTime() !== parseSfDateTime(snapshot.SystemModstamp)) return result;
  const { revisions } = TABLES(object);
  await sql`update ${sql.table(revisions)} set source = ${source}
    where id = ${result.revisionId} and source = 'sync'`.execute(db);
  return result;
}
