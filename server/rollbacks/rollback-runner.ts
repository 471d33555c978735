import { randomUUID } from 'node:crypto';
import type { RollbackReason } from '../../contract/rollbacks';
import type { AuditService } from '../audit-log/audit.service';
import type { CrmConnector, CrmObject, CrmRecord } from '../crm/crm-connector';
import type { Db } from '../db/database';
import { kindOfObject } from '../db/record-kinds';
import { revisionsByIds } from '../store/revisions.repository';
import { settleLostWrite } from '../write-back/lost-write-read';
import type { RecordReturn } from '../write-back/record-return';
import { RecordChangedSince, type SentWrite } from '../write-back/restore-apply';
import { STALE_CLAIM_MS, writeBack, type WriteDone, type WriteOutcome } from '../write-back/write-back';
import { parseSfDateTime } from '../crm/salesforce-dates';
import { apiUsageReached } from '../sync/crm-sync';
import type { SyncLogger } from '../config/logger';
import {
  claimBatch,
  isRunning,
  lastKnownChange,
  markSent,
  nextRunningRollback,
  openRecords,
  pauseRollback,
  recordResult,
  releaseClaim,
  unknownRecords,
  type ClaimedRecord,
  type RecordResult,
  type RunningRollback,
  type SentRecordWrite,
} from './rollback-work.repository';
import { endRun } from './rollbacks.repository';

export type RollbackRunnerDeps = {
  db: Db;
  crm: CrmConnector;
  audit: AuditService;
  now: () => Date;
  /** ROLLBACK_BATCH_SIZE: records claimed and applied at a time. */
  batchSize: number;
  /** RESTORE_OUTCOME_WAIT_S: a write that went unanswered counts as not applied only this long after. */
  outcomeWaitMs: number;
  /**
   * SF_API_MAX_USAGE: like the sync, a rollback (bulk work too) starts no batch while the org's API usage is at this
   * share of its daily limit, leaving the rest to single restores and the org's other integrations.
   */
  maxApiUsage?: number;
  logger?: SyncLogger;
};

/**
 * How long the rollback waits once the CRM refuses calls for its daily API limit (a rolling 24-hour count: a
 * quarter of an hour later has a fair chance).
 */
const CRM_LIMIT_PAUSE_MS = 15 * 60_000;

/** What one `runBatch` did: which rollback, and how many records got an outcome. */
export type BatchReport = { rollbackId: number; applied: number; finished: boolean; paused: boolean };

const NOT_APPLIED = 'The CRM did not answer the write, and a later read shows it was not applied';
const CREATED_IN_WINDOW = 'Created in the window: there is no version before it to go back to';
const NOTHING_TO_WRITE = 'Already holds its values from before the window';

/**
 * Applies approved rollbacks, one batch at a time: claims records in the database (so two instances never write the
 * same record), writes each back to its version before the window, and records its outcome with the revision read
 * back. A write is kept as sent before it goes out: after a crash such a record is settled by reading it, never
 * written again; a record claimed by a dead worker and not yet sent is simply taken over.
 */
export class RollbackRunner {
  constructor(private readonly deps: RollbackRunnerDeps) {}

  /** One batch of the oldest running rollback; null when none has work. */
  async runBatch(): Promise<BatchReport | null> {
    const { db, now } = this.deps;
    const rollback = await nextRunningRollback(db, now());
    if (!rollback) return null;
    const report: BatchReport = { rollbackId: rollback.id, applied: 0, finished: false, paused: false };
    if (await this.atUsageCap()) {
      await pauseRollback(db, rollback.id, new Date(now().getTime() + CRM_LIMIT_PAUSE_MS));
      return { ...report, paused: true };
    }
    report.applied += await this.settleUnknown(rollback);
    const token = randomUUID();
    const at = now();
    const batch = await claimBatch(db, {
      id: rollback.id,
      token,
      now: at,
      staleBefore: new Date(at.getTime() - STALE_CLAIM_MS),
      limit: this.deps.batchSize,
    });
    for (const record of batch) {
      if (!(await isRunning(db, rollback.id))) break;
      const result = await this.applyRecord(rollback, record, token);
      if (result === 'crm-limit') {
        await pauseRollback(db, rollback.id, new Date(now().getTime() + CRM_LIMIT_PAUSE_MS));
        report.paused = true;
        break;
      }
      report.applied++;
    }
    await releaseClaim(db, rollback.id, token);
    if (!report.paused && (await openRecords(db, rollback.id)) === 0)
      report.finished = await this.finish(rollback);
    return report;
  }

  /** Runs batches until no rollback has work left that can be done now (tests, the benchmark). */
  async runUntilIdle(): Promise<void> {
    for (;;) {
      const report = await this.runBatch();
      if (!report || report.paused) return;
      if (
        report.applied === 0 &&
        !report.finished &&
        (await openRecords(this.deps.db, report.rollbackId)) > 0
      )
        return;
    }
  }

  /** Whether API usage is at the cap, asking the org once when its last answer said so. */
  private async atUsageCap(): Promise<boolean> {
    const { crm, maxApiUsage } = this.deps;
    if (!apiUsageReached(crm, maxApiUsage)) return false;
    await crm.checkLimits().catch(() => null);
    return apiUsageReached(crm, maxApiUsage);
  }

  private async finish(rollback: RunningRollback): Promise<boolean> {
    const { db, audit, now } = this.deps;
    return db.transaction().execute(async (trx) => {
      if (!(await endRun(trx, { id: rollback.id, run: 'finished', at: now() }))) return false;
      await audit.record(
        { action: 'rollback.finished', actor: null, target: `rollback-request:${rollback.id}` },
        trx,
      );
      return true;
    });
  }

  /** One record: `crm-limit` when the CRM refuses calls (the record stays to do), else its outcome is recorded. */
  private async applyRecord(
    rollback: RunningRollback,
    record: ClaimedRecord,
    token: string,
  ): Promise<'done' | 'crm-limit'> {
    const { db } = this.deps;
    if (record.sentWrite) {
      // A worker died after sending this write: only a read can tell whether it landed.
      await this.saveResult(rollback, record, token, {
        outcome: 'unknown',
        message: 'The worker stopped after sending the write: it is checked by reading the record',
        reason: 'worker-stopped',
        written: Object.keys(record.sentWrite.fields),
        returned: record.sentWrite.returned,
        newRecordId: record.sentWrite.newRecordId,
      });
      return 'done';
    }
    if (record.targetRevisionId === null) {
      await this.saveResult(
        rollback,
        record,
        token,
        result('skipped', CREATED_IN_WINDOW, 'created-in-window'),
      );
      return 'done';
    }
    const kind = kindOfObject(rollback.object);
    const [revision] = await revisionsByIds(db, kind, [record.targetRevisionId]);
    const known = await lastKnownChange(db, kind, record.recordId, rollback.createdAt);
    const outcome = await writeBack(this.deps, {
      object: rollback.object,
      snapshot: revision!.json as CrmRecord,
      only: rollback.fields ?? undefined,
      source: `rollback:${rollback.id}`,
      // The write holds only if nobody changes the record between the read checked below and the write.
      condition: 'as-read',
      // A record brought back just now was deleted or purged, by the agent or since: nobody changed it after.
      checkLive: (live, back) => {
        if (back.outcome === null && changedSinceRequest(live, known, rollback))
          throw new ChangedSinceRequest(live);
      },
      beforeWrite: (write, back) => this.keepSent(rollback, record, token, write, back),
      record: async (trx, done) => {
        await this.saveResult(rollback, record, token, doneResult(done), trx);
        return true;
      },
    });
    return this.notWritten(rollback, record, token, outcome);
  }

  /** Keeps the write as sent before it goes out: after a crash the record is settled by a read, not written again. */
  private async keepSent(
    rollback: RunningRollback,
    record: ClaimedRecord,
    token: string,
    write: SentWrite,
    back: RecordReturn,
  ): Promise<void> {
    const sent = { ...write, returned: back.outcome, newRecordId: back.newRecordId };
    const at = this.deps.now();
    if (
      !(await markSent(this.deps.db, { id: rollback.id, position: record.position, token, write: sent, at }))
    )
      throw new Error(`rollback ${rollback.id}: the claim on ${record.recordId} was lost before its write`);
  }

  /** Records an unanswered or refused write's outcome; `crm-limit` when the CRM refuses calls for its API limit. */
  private async notWritten(
    rollback: RunningRollback,
    record: ClaimedRecord,
    token: string,
    outcome: WriteOutcome,
  ): Promise<'done' | 'crm-limit'> {
    if (outcome.status === 'unknown') {
      await this.saveResult(rollback, record, token, {
        outcome: 'unknown',
        message: outcome.message,
        reason: 'unanswered',
        written: Object.keys(outcome.write.fields),
        returned: outcome.back?.outcome ?? null,
        newRecordId: outcome.back?.newRecordId ?? null,
      });
      return 'done';
    }
    if (outcome.status !== 'refused') return 'done';
    const { reason, failure } = outcome;
    if (reason === 'crm-limit') return 'crm-limit';
    // Left as it is: someone changed it since the request (or between its read and the write), or going back
    // would point it at a deleted record.
    const changed = failure instanceof RecordChangedSince;
    const saved =
      changed || reason === 'related-deleted'
        ? {
            ...result('skipped', failure.message, changed ? 'changed-since' : 'related-deleted'),
            changedBy: changed ? failure.changedBy : null,
          }
        : result('refused', failure.message, reason);
    await this.saveResult(rollback, record, token, saved);
    return 'done';
  }

  /**
   * Records whose write went unanswered: a read that shows the write (live, or in the recycle bin when deleted or
   * merged since) makes them restored, else refused once the wait is over (a record purged since holds none).
   */
  private async settleUnknown(rollback: RunningRollback): Promise<number> {
    const deps = { ...this.deps, waitMs: this.deps.outcomeWaitMs };
    let settled = 0;
    for (const entry of await unknownRecords(this.deps.db, rollback.id)) {
      const lost = {
        object: rollback.object,
        write: entry.write,
        since: entry.since,
        source: `rollback:${rollback.id}` as const,
      };
      const position = {
        position: entry.position,
        recordId: entry.recordId,
        targetRevisionId: null,
        sentWrite: null,
      };
      const outcome = await settleLostWrite(deps, lost, async (trx, { held }) => {
        await this.saveResult(rollback, position, null, lostResult(held, entry.write), trx);
        return true;
      });
      if (outcome === 'unreadable') return settled;
      if (outcome !== 'unknown') settled++;
    }
    return settled;
  }

  /** The outcome, with its audit entry, in one transaction (`db`'s when given). */
  private async saveResult(
    rollback: { id: number; object: CrmObject },
    record: ClaimedRecord,
    token: string | null,
    outcome: RecordResult,
    db: Db = this.deps.db,
  ): Promise<void> {
    const write = async (trx: Db) => {
      const at = this.deps.now();
      if (
        !(await recordResult(trx, { id: rollback.id, position: record.position, token, result: outcome, at }))
      )
        return;
      await this.deps.audit.record(
        {
          action: 'rollback.record',
          actor: null,
          target: `rollback-request:${rollback.id}`,
          details: {
            recordId: record.recordId,
            outcome: outcome.outcome,
            ...(outcome.message ? { message: outcome.message } : {}),
            ...(outcome.reason ? { reason: outcome.reason } : {}),
            ...(outcome.written.length > 0 ? { written: outcome.written } : {}),
            ...(outcome.returned ? { returned: outcome.returned } : {}),
          },
        },
        trx,
      );
    };
    if (db.isTransaction) await write(db);
    else await db.transaction().execute(write);
  }
}

/**
 * Someone other than the agent changed the record in the CRM after the rollback was requested: what the requester
 * previewed and the reviewer approved did not hold that change, so the record is left as it is.
 */
class ChangedSinceRequest extends RecordChangedSince {
  constructor(live: CrmRecord) {
    super(
      live,
      `Changed in the CRM by ${String(live.LastModifiedById)} at ${String(live.LastModifiedDate)}, after the rollback was requested: left as it is`,
    );
    this.name = 'ChangedSinceRequest';
  }
}

/**
 * Whether the live record's last change (`LastModifiedDate`, by `LastModifiedById`: the Object Reference's system
 * fields, https://developer.salesforce.com/docs/atlas.en-us.object_reference.meta/object_reference/system_fields.htm)
 * is newer than the one Storico knew when the rollback was requested, and not the agent's own. Without a known
 * change, the request's time stands for it.
 */
function changedSinceRequest(live: CrmRecord, known: string | null, rollback: RunningRollback): boolean {
  const liveAt = parseSfDateTime(live.LastModifiedDate);
  const knownAt = parseSfDateTime(known) ?? rollback.createdAt.getTime();
  return liveAt !== undefined && liveAt > knownAt && live.LastModifiedById !== rollback.agent;
}

/** A write done: restored, or skipped when the record held its values from before the window already. */
function doneResult(done: WriteDone): RecordResult {
  const { written, back } = done;
  const common = { written, returned: back.outcome, newRecordId: back.newRecordId };
  if (done.status === 'skipped')
    return { outcome: 'skipped', message: NOTHING_TO_WRITE, reason: done.why, ...common };
  return { outcome: 'restored', message: null, reason: null, ...common };
}

/** An unanswered write settled by a read: restored when it holds the write, else refused as not applied. */
function lostResult(held: boolean, write: SentRecordWrite): RecordResult {
  return {
    outcome: held ? 'restored' : 'refused',
    message: held ? null : NOT_APPLIED,
    reason: held ? null : 'not-applied',
    written: held ? Object.keys(write.fields) : [],
    returned: write.returned,
    newRecordId: write.newRecordId,
  };
}

const result = (outcome: 'skipped' | 'refused', message: string, reason: RollbackReason): RecordResult => ({
  outcome,
  message,
  reason,
  written: [],
  returned: null,
  newRecordId: null,
});
