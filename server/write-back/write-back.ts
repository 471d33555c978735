import { CrmError, type CrmConnector, type CrmObject, type CrmRecord } from '../crm/crm-connector';
import type { Db } from '../db/database';
import {
  storeIfChanged,
  storeRestored,
  storeSnapshots,
  type StoredRevision,
  type WriteSource,
} from '../store/revision-store';
import { bringBack, RecordConverted, RecordRecreating, type RecordReturn } from './record-return';
import {
  RecordChangedSince,
  RelatedRecordDeleted,
  RestoreFailure,
  restoreInCrm,
  RestoreOutcomeUnknown,
  type SentWrite,
  type WriteCondition,
} from './restore-apply';

/**
 * A claim older than this belongs to a write that died half-way (the process stopped): its request or record may
 * be taken again. Far longer than a CRM call with all its retries takes.
 */
export const STALE_CLAIM_MS = 10 * 60_000;

export type WriteBackDeps = { db: Db; crm: CrmConnector; now: () => Date };

/** What the CRM held before and after a write-back, and the revision its read-back is kept as. */
type WriteRead = {
  /** The record as the CRM held it before the write. */
  live: CrmRecord;
  /** The record read back after the write (the live one when nothing needed writing). */
  readBack: CrmRecord;
  /** The snapshot fields written. */
  written: string[];
  /** How the record was brought back (undeleted, re-created) and the record written to. */
  back: RecordReturn;
  /** The revision the read-back is kept as. */
  revision: StoredRevision;
};

/**
 * A record written back (`applied`), or found holding the target already and not brought back either (`skipped`,
 * nothing to write).
 */
export type WriteDone = WriteRead & ({ status: 'applied' } | { status: 'skipped'; why: 'nothing-to-write' });

/** Why a write was refused: by the CRM, or by Storico before or right after the write. */
export type RefusalReason =
  | 'crm-limit'
  | 'converted'
  | 'recreating'
  | 'related-deleted'
  | 'changed-since'
  | 'not-kept'
  | 'owner-changed'
  | 'crm-refused';

export type WriteOutcome =
  | (WriteDone & {
      /** Whether the caller's `record` took the outcome (false: its claim was lost meanwhile). */
      recorded: boolean;
    })
  /** The write was sent and its answer lost: only a later read of the record tells (settleLostWrite). */
  | {
      status: 'unknown';
      message: string;
      live: CrmRecord;
      write: SentWrite;
      back: RecordReturn | undefined;
    }
  /** Nothing was written, or the CRM did not keep it: `failure` holds the CRM's reason and what was read. */
  | { status: 'refused'; reason: RefusalReason; failure: RestoreFailure; back: RecordReturn | undefined };

/** One record to write back to a revision of it, and how the caller keeps the outcome. */
export type WriteTarget = {
  object: CrmObject;
  /** The revision's snapshot to bring the record back to. */
  snapshot: CrmRecord;
  /** The snapshot fields to write, when the request chose some (an address is one field). */
  only: readonly string[] | undefined;
  /** The source the read-back after the write is kept with. */
  source: WriteSource;
  /**
   * Whether a read after a write the CRM did not keep is this write's revision (`source`), or a sync's: a forced
   * restore is deleted when it fails, and no revision may name a request that is not there.
   */
  keepsRefusedRead?: boolean;
  /**
   * The condition the write to a record that stayed live is sent on (If-Unmodified-Since): a record changed later
   * in the CRM is refused (RecordChangedSince). A record brought back from the recycle bin or re-created has none.
   */
  condition?: WriteCondition;
  /** Sees the live record before anything is written, and may refuse the write by throwing a RestoreFailure. */
  checkLive?: (live: CrmRecord, back: RecordReturn) => void;
  /** Told the write just before it is sent: a caller that must never send it twice keeps it first. */
  beforeWrite?: (write: SentWrite, back: RecordReturn) => Promise<void>;
  /** Keeps the outcome in the transaction that stores the read-back; false when the caller's claim was lost. */
  record: (trx: Db, done: WriteDone) => Promise<boolean>;
};

/**
 * Writes a record back to a revision: brings it back when the CRM deleted it (undelete, re-create), writes the
 * fields that differ, reads it back, then keeps, in one transaction, the live record as it was (so a change made in
 * the CRM since the last sync is kept), the read-back as the write's revision and the caller's outcome. What the
 * CRM showed on a refused or unanswered write is kept as a sync would keep it; failing to keep it must not hide the
 * CRM's answer (the next sync reads the record again anyway). The CRM write cannot be undone, so nothing in the
 * database precedes it. Errors other than the CRM's are thrown as they are.
 */
export async function writeBack(deps: WriteBackDeps, target: WriteTarget): Promise<WriteOutcome> {
  let back: RecordReturn | undefined;
  try {
    // A record purged from the CRM is created again from the whole snapshot whatever fields were chosen: a new
    // record with only those fields would lose the rest of the revision. The chosen fields limit the write to a
    // record that exists (live or undeleted), and the check of what it holds afterwards.
    const brought = await returned(deps, target);
    back = brought;
    const result = await restoreInCrm(deps.crm, target.object, brought.target, {
      only: target.only,
      checkLive: target.checkLive && ((live) => target.checkLive!(live, brought)),
      beforeWrite: target.beforeWrite && ((write) => target.beforeWrite!(write, brought)),
      condition: brought.outcome === null && brought.newRecordId === null ? target.condition : undefined,
    });
    return await keepWritten(deps.db, target, { ...result, back: brought });
  } catch (error) {
    if (error instanceof RestoreOutcomeUnknown) {
      await storeSnapshots(deps.db, target.object, [error.live], 'sync').catch(() => undefined);
      return { status: 'unknown', message: error.message, live: error.live, write: error.write, back };
    }
    if (!(error instanceof RestoreFailure)) throw error;
    await keepRefusedReads(deps.db, target, error);
    return { status: 'refused', reason: refusalReason(error), failure: error, back };
  }
}

/** The live record as it was, the read-back as the write's revision and the caller's outcome, in one transaction. */
function keepWritten(
  db: Db,
  target: WriteTarget,
  result: Omit<WriteRead, 'revision'>,
): Promise<WriteOutcome> {
  const { object, source } = target;
  const wrote = result.written.length > 0;
  return db.transaction().execute(async (trx) => {
    await storeIfChanged(trx, object, result.live, 'sync');
    // Only a read after a write of its own is the write's revision, even when a sync stored it first.
    const revision = wrote
      ? await storeRestored(trx, object, result.readBack, source)
      : await storeIfChanged(trx, object, result.readBack, source);
    const done: WriteDone =
      wrote || result.back.outcome
        ? { ...result, revision, status: 'applied' }
        : { ...result, revision, status: 'skipped', why: 'nothing-to-write' };
    return { ...done, recorded: await target.record(trx, done) };
  });
}

/** The live record to write to (undeleted or re-created when the CRM deleted it); CRM refusals as failures. */
async function returned(deps: WriteBackDeps, target: WriteTarget): Promise<RecordReturn> {
  const now = deps.now();
  const context = {
    db: deps.db,
    crm: deps.crm,
    object: target.object,
    source: target.source,
    now,
    staleBefore: new Date(now.getTime() - STALE_CLAIM_MS),
    only: target.only,
  };
  try {
    return await bringBack(context, target.snapshot);
  } catch (error) {
    if (!(error instanceof CrmError)) throw error;
    throw new RestoreFailure(error.message, [], error.errorCode === 'REQUEST_LIMIT_EXCEEDED');
  }
}

/** What was read is the CRM's truth, whatever became of the write: kept as a sync keeps it, or as the write's. */
async function keepRefusedReads(db: Db, target: WriteTarget, failure: RestoreFailure): Promise<void> {
  const { object, source } = target;
  if (failure.seen.length > 0) await storeSnapshots(db, object, failure.seen, 'sync').catch(() => undefined);
  if (failure.afterWrite.length === 0) return;
  if (target.keepsRefusedRead === false)
    await storeSnapshots(db, object, failure.afterWrite, 'sync').catch(() => undefined);
  else
    for (const record of failure.afterWrite)
      await storeRestored(db, object, record, source).catch(() => undefined);
}

function refusalReason(failure: RestoreFailure): RefusalReason {
  if (failure.crmLimit) return 'crm-limit';
  if (failure instanceof RecordConverted) return 'converted';
  if (failure instanceof RecordRecreating) return 'recreating';
  if (failure instanceof RelatedRecordDeleted) return 'related-deleted';
  if (failure instanceof RecordChangedSince) return 'changed-since';
  return failure.verdict ?? 'crm-refused';
}
