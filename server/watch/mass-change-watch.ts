import { rolesAllowed } from '../../contract/permissions';
import type { AuditService } from '../audit-log/audit.service';
import type { WatchThresholds } from '../config/config';
import { CRM_OBJECTS, type CrmConnector, type CrmObject } from '../crm/crm-connector';
import type { Db } from '../db/database';
import { kindOfObject } from '../db/record-kinds';
import type { FieldCount } from '../db/tables/alerts.table';
import type { Mailer } from '../mail/mailer';
import { changedFields } from '../store/snapshot-fields';
import { advanceWatermark, readWatermark } from '../sync/sync-state.repository';
import { silentLogger, type SyncLogger } from '../config/logger';
import { insertAlert, overlappingAlerts, updateAlert, type AlertValues } from './alerts.repository';
import { exceedsThresholds, findBursts, type Burst } from './bursts';
import { reviewerAddresses } from '../mail/reviewer-addresses';
import { alertMail } from './alert-mail';
import {
  agentBaseline,
  agentChanges,
  freshChangesSince,
  windowChangePairs,
  windowCounts,
} from './watch.repository';

/** The sync_state row whose watermark is the newest revision (by stored time) the watch has looked at. */
const WATCH_STATE = 'MassChangeWatch';
/** Revisions committed a little after the last run with an earlier stored time are looked at again. */
const OVERLAP_MS = 5 * 60_000;
/** Fields every change sets: they say nothing about what the agent changed. */
const SYSTEM_FIELDS = new Set(['LastModifiedDate', 'LastModifiedById', 'SystemModstamp']);
const TOP_FIELDS = 5;
/** The fields most often changed are counted over the window's newest changes, up to this many. */
const TOP_FIELDS_SAMPLE = 2000;

export type WatchDeps = {
  db: Db;
  thresholds: WatchThresholds;
  audit: AuditService;
  productCode: string;
  /** E-mails reviewers about each new alert; null without SMTP. */
  mailer: Mailer | null;
  publicUrl: string;
  /** Asked the name of a CRM user who is no agent, for the e-mail; without one, the name kept is used. */
  crm?: CrmConnector;
  /** SF_API_MAX_USAGE: at the cap the CRM is not asked the name either (crmUserNames). */
  maxApiUsage?: number;
  logger?: SyncLogger;
};

export type WatchReport = { raised: number[]; extended: number[] };

/**
 * Looks at the revisions stored since the last run and raises (or extends) an alert for every agent whose changes
 * of one object exceed the thresholds within a window. Idempotent: a run over the same revisions changes nothing,
 * so the sync may call it after every run, and tests after storing revisions.
 */
export async function runMassChangeWatch(deps: WatchDeps): Promise<WatchReport> {
  const report: WatchReport = { raised: [], extended: [] };
  const since = await readWatermark(deps.db, WATCH_STATE);
  const from = since ? new Date(since.getTime() - OVERLAP_MS) : null;
  let newest: Date | null = null;
  for (const object of CRM_OBJECTS) {
    const fresh = await freshChangesSince(deps.db, object, from);
    if (fresh.newest && (!newest || fresh.newest > newest)) newest = fresh.newest;
    for (const group of fresh.groups) {
      const outcome = await watchAgent(deps, object, group.agent, group.from, group.to);
      report.raised.push(...outcome.raised);
      report.extended.push(...outcome.extended);
    }
  }
  if (newest) await advanceWatermark(deps.db, WATCH_STATE, newest);
  return report;
}

async function watchAgent(
  deps: WatchDeps,
  object: CrmObject,
  agent: string,
  from: Date,
  to: Date,
): Promise<WatchReport> {
  const windowMs = deps.thresholds.windowMinutes * 60_000;
  // Every window that holds one of the new changes starts or ends within one window of them.
  const events = await agentChanges(
    deps.db,
    object,
    agent,
    new Date(from.getTime() - windowMs),
    new Date(to.getTime() + windowMs),
  );
  if (events.length === 0) return { raised: [], extended: [] };
  const baseline = await agentBaseline(deps.db, object, agent, events.at(-1)!.savedAt);
  const bursts = findBursts(
    events.map((e) => ({ at: e.savedAt.getTime(), recordId: e.recordId, deleted: e.deleted })),
    windowMs,
    exceedsThresholds(deps.thresholds, baseline),
  );
  const report: WatchReport = { raised: [], extended: [] };
  for (const burst of bursts) {
    const outcome = await recordBurst(deps, object, agent, burst, events);
    if (outcome) report[outcome.raised ? 'raised' : 'extended'].push(outcome.id);
  }
  return report;
}

/**
 * One alert per burst: an open alert it overlaps is extended; the part of a burst an acknowledged alert already
 * covers is not raised again, only what came after it.
 */
async function recordBurst(
  deps: WatchDeps,
  object: CrmObject,
  agent: string,
  burst: Burst,
  events: ReadonlyArray<{ savedAt: Date }>,
): Promise<{ id: number; raised: boolean } | null> {
  const { db } = deps;
  const overlapping = await overlappingAlerts(db, agent, object, new Date(burst.start), new Date(burst.end));
  const acknowledgedUntil = Math.max(
    -Infinity,
    ...overlapping.filter((a) => a.acknowledged_at).map((a) => new Date(a.window_end).getTime()),
  );
  const firstAfter = events.find(
    (e) => e.savedAt.getTime() >= burst.start && e.savedAt.getTime() > acknowledgedUntil,
  );
  if (!firstAfter || firstAfter.savedAt.getTime() > burst.end) return null;
  const open = overlapping.find(
    (a) => !a.acknowledged_at && new Date(a.window_end).getTime() >= firstAfter.savedAt.getTime(),
  );
  const start = new Date(
    Math.min(firstAfter.savedAt.getTime(), open ? new Date(open.window_start).getTime() : Infinity),
  );
  const end = new Date(Math.max(burst.end, open ? new Date(open.window_end).getTime() : -Infinity));
  const values: AlertValues = {
    windowStart: start,
    windowEnd: end,
    ...(await windowCounts(db, object, agent, start, end)),
    topFields: await topFields(db, object, agent, start, end),
  };
  if (open) {
    // Looked at again (the runs overlap a little) without anything new: nothing to record.
    const unchanged =
      new Date(open.window_start).getTime() === start.getTime() &&
      new Date(open.window_end).getTime() === end.getTime() &&
      open.changed === values.changed &&
      open.deleted === values.deleted;
    if (unchanged) return null;
    await updateAlert(db, open.id, values);
    return { id: open.id, raised: false };
  }
  const id = await db.transaction().execute(async (trx) => {
    const alertId = await insertAlert(trx, agent, object, values);
    await deps.audit.record(
      {
        action: 'alert.raised',
        actor: null,
        target: `alert:${alertId}`,
        details: {
          sfUserID: agent,
          object,
          windowStart: start.toISOString(),
          windowEnd: end.toISOString(),
          changed: values.changed,
          deleted: values.deleted,
        },
      },
      trx,
    );
    return alertId;
  });
  await notifyReviewers(deps, id, agent, object, values);
  return { id, raised: true };
}

async function topFields(
  db: Db,
  object: CrmObject,
  agent: string,
  from: Date,
  to: Date,
): Promise<FieldCount[]> {
  const pairs = await windowChangePairs(db, object, agent, from, to, TOP_FIELDS_SAMPLE);
  const counts = new Map<string, number>();
  for (const { before, after } of pairs) {
    // A record's first revision is its creation: every field is new, none was changed.
    if (!before) continue;
    for (const field of changedFields(kindOfObject(object), before, after)) {
      if (!SYSTEM_FIELDS.has(field)) counts.set(field, (counts.get(field) ?? 0) + 1);
    }
  }
  return [...counts]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, TOP_FIELDS)
    .map(([field, count]) => ({ field, count }));
}

/** A mail server that fails must not stop the watch: the alert is stored and listed either way. */
async function notifyReviewers(
  deps: WatchDeps,
  id: number,
  agent: string,
  object: CrmObject,
  values: AlertValues,
): Promise<void> {
  if (!deps.mailer) return;
  const log = deps.logger ?? silentLogger;
  try {
    const to = await reviewerAddresses(deps.db, rolesAllowed('acknowledgeAlerts', deps.productCode));
    const mail = await alertMail(
      { db: deps.db, crm: deps.crm, now: () => new Date(), maxApiUsage: deps.maxApiUsage },
      { id, agent, object, ...values },
      deps.publicUrl,
    );
    for (const address of to) await deps.mailer.send({ to: address, ...mail });
  } catch (error) {
    log.warn({ err: error, alert: id }, 'alert e-mail not sent');
  }
}
