import type { RollbackPreview, RollbackScope, LaterChanged } from '../../contract/rollbacks';
import { crmUserNames } from '../store/crm-user-names';
import type { AuditService } from '../audit-log/audit.service';
import { ErrorCode } from '../../contract/error-codes';
import type { CrmConnector } from '../crm/crm-connector';
import { CRM_LIMIT_RETRY_AFTER_S } from '../crm/crm-wait';
import { HttpError } from '../http/http-error';
import { apiUsageReached } from '../sync/crm-sync';
import { inSnapshotOrder } from '../crm/crm-fields';
import type { Db } from '../db/database';
import { kindOfObject } from '../db/record-kinds';
import type { Caller } from '../http/caller';
import { revisionsByIds } from '../store/revisions.repository';
import { chosenFields, rollbackChanges, rollbackWindow, writeRules } from './rollback-changes';
import { recordsChangedInWindow } from './rollback-scope';

export type PreviewDeps = {
  db: Db;
  crm: CrmConnector | undefined;
  audit: AuditService;
  now: () => Date;
  /** SF_API_MAX_USAGE: at the cap the CRM's user names are not asked (crmUserNames). */
  maxApiUsage?: number;
};

/** Records shown with their values in a preview. */
const SAMPLE_SIZE = 20;

/** A revision source that names Storico's own write (`restore:5`, `rollback:1`), as the preview tells it. */
function storicoWrite(source: string | null): LaterChanged['storicoWrite'] {
  const match = /^(restore|rollback):(\d+)$/.exec(source ?? '');
  return match ? { kind: match[1] as 'restore' | 'rollback', id: Number(match[2]) } : null;
}

/**
 * What a rollback of an agent's changes in a window would write: how many records, which fields how often, a
 * sample with their values, and the records someone else changed later (left out unless ticked). Audited.
 */
export async function previewRollback(
  deps: PreviewDeps,
  scope: RollbackScope,
  caller: Caller,
): Promise<RollbackPreview> {
  const window = rollbackWindow(scope);
  const fields = chosenFields(scope.object, scope.fields);
  const records = await recordsChangedInWindow(deps.db, kindOfObject(scope.object), {
    agent: scope.sfUserID,
    ...window,
  });
  // What the org lets a rollback write comes from its describe: at the API cap, with none at hand (a start while at
  // the cap), the preview waits rather than make a call past it.
  if (deps.crm && !deps.crm.schemaKnown(scope.object) && apiUsageReached(deps.crm, deps.maxApiUsage))
    throw new HttpError(
      503,
      "The CRM's API usage is at SF_API_MAX_USAGE and its fields are not known yet: try again once usage drops",
      ErrorCode.CRM_LIMIT,
      undefined,
      CRM_LIMIT_RETRY_AFTER_S,
    );
  const rules = await writeRules(deps.crm, scope.object);
  const kind = kindOfObject(scope.object);
  const snapshots = new Map(
    (
      await revisionsByIds(
        deps.db,
        kind,
        records.flatMap((r) => [r.latestRevisionId, ...(r.targetRevisionId ? [r.targetRevisionId] : [])]),
      )
    ).map((rev) => [rev.id, rev.json]),
  );
  const counts = new Map<string, number>();
  const changedAnywhere = new Set<string>();
  const sample: RollbackPreview['sample'] = [];
  for (const record of records) {
    if (record.targetRevisionId === null) continue;
    const before = snapshots.get(record.targetRevisionId)!;
    const after = snapshots.get(record.latestRevisionId)!;
    for (const { field } of rollbackChanges(kind, before, after, rules, null)) changedAnywhere.add(field);
    if (record.laterAt) continue;
    const changes = rollbackChanges(kind, before, after, rules, fields);
    for (const { field } of changes) counts.set(field, (counts.get(field) ?? 0) + 1);
    if (changes.length > 0 && sample.length < SAMPLE_SIZE) {
      sample.push({
        recordId: record.recordId,
        label: record.label,
        deleted: after.IsDeleted === true,
        changes,
      });
    }
  }
  const later = records.filter((r) => r.laterAt);
  const names = await crmUserNames(deps, [
    scope.sfUserID,
    ...later.flatMap((r) => (r.laterBy ? [r.laterBy] : [])),
  ]);
  await deps.audit.record({
    action: 'rollback.previewed',
    actor: caller.actor,
    ip: caller.ip,
    target: `sf-user:${scope.sfUserID}`,
    details: { object: scope.object, from: scope.from, to: scope.to, fields, records: records.length },
  });
  const order = inSnapshotOrder(scope.object, changedAnywhere);
  return {
    sfUserID: scope.sfUserID,
    agentName: names.get(scope.sfUserID) ?? null,
    object: scope.object,
    from: scope.from,
    to: scope.to,
    fields,
    records: records.length,
    withoutEarlierVersion: records.filter((r) => r.targetRevisionId === null).length,
    changedFields: order,
    fieldCounts: [...counts]
      .map(([field, count]) => ({ field, count }))
      .sort((a, b) => b.count - a.count || order.indexOf(a.field) - order.indexOf(b.field)),
    sample,
    laterChanged: later.map((r) => ({
      recordId: r.recordId,
      label: r.label,
      changedBy: r.laterBy,
      changedByName: r.laterBy ? (names.get(r.laterBy) ?? null) : null,
      changedAt: r.laterAt!.toISOString(),
      storicoWrite: storicoWrite(r.laterSource),
    })),
  };
}
