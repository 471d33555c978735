import { sql } from 'kysely';
import type { CrmObject } from '../crm/crm-connector';
import type { Db } from '../db/database';
import type { AlertRow, FieldCount, ForcedRestoreGrant } from '../db/tables/alerts.table';

/** The agent's mass-change alerts on `object` whose window overlaps [from, to]. */
export async function overlappingAlerts(
  db: Db,
  agent: string,
  object: CrmObject,
  from: Date,
  to: Date,
): Promise<AlertRow[]> {
  return db
    .selectFrom('alerts')
    .selectAll()
    .where('kind', '=', 'mass-change')
    .where('sf_user_id', '=', agent)
    .where('object', '=', object)
    .where('window_start', '<=', to)
    .where('window_end', '>=', from)
    .orderBy('window_end', 'asc')
    .execute();
}

export type AlertValues = {
  windowStart: Date;
  windowEnd: Date;
  changed: number;
  deleted: number;
  topFields: FieldCount[];
};

/** The columns an alert's values are kept in; `updated_at` says when the watch last changed it. */
const columnsOf = (values: AlertValues) => ({
  window_start: values.windowStart,
  window_end: values.windowEnd,
  changed: values.changed,
  deleted: values.deleted,
  top_fields: JSON.stringify(values.topFields),
  updated_at: sql<Date>`now()`,
});

export async function insertAlert(
  db: Db,
  agent: string,
  object: CrmObject,
  values: AlertValues,
): Promise<number> {
  const row = await db
    .insertInto('alerts')
    .values({ sf_user_id: agent, object, ...columnsOf(values) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A forced restore by a user someone gave access to within the cooldown (forced-restore-alert.ts). */
export type ForcedRestoreAlertValues = {
  /** The restored record's agent (its owner in the restored snapshot). */
  agent: string;
  object: CrmObject;
  at: Date;
  /** The request, as its audit entries name it (`restore-case-request:7`). */
  request: string;
  restoredBy: number;
  grant: { by: number; kind: ForcedRestoreGrant; at: Date };
};

export async function insertForcedRestoreAlert(db: Db, values: ForcedRestoreAlertValues): Promise<number> {
  const row = await db
    .insertInto('alerts')
    .values({
      kind: 'forced-restore',
      sf_user_id: values.agent,
      object: values.object,
      window_start: values.at,
      window_end: values.at,
      changed: 1,
      deleted: 0,
      top_fields: '[]',
      updated_at: values.at,
      restore_request: values.request,
      restored_by: values.restoredBy,
      granted_by: values.grant.by,
      grant_kind: values.grant.kind,
      granted_at: values.grant.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateAlert(db: Db, id: number, values: AlertValues): Promise<void> {
  await db.updateTable('alerts').set(columnsOf(values)).where('id', '=', id).execute();
}

export type AlertListRow = AlertRow & {
  acknowledged_by_username: string | null;
  restored_by_username: string | null;
  granted_by_username: string | null;
  rollback_id: number | null;
  rollback_status: 'PENDING' | 'APPROVED' | 'REJECTED' | null;
  rollback_run: 'waiting' | 'running' | 'stopped' | 'finished' | null;
  rollback_stopped_at: Date | null;
  rollback_stopped_by: number | null;
  rollback_stopped_by_username: string | null;
  rollback_requested_by: number | null;
  rollback_requested_by_username: string | null;
};

/**
 * Open or acknowledged alerts, the latest window first, with the acknowledging user's name, and the rollback
 * requested for each: the open one (at most one, migration 0019), else the latest. The CRM user's name is the
 * service's (crmUserNames).
 */
export async function listAlerts(
  db: Db,
  status: 'open' | 'acknowledged',
  window: { offset: number; limit: number } | null,
  id?: number,
): Promise<{ rows: AlertListRow[]; total: number }> {
  let base = db
    .selectFrom('alerts as a')
    .where('a.acknowledged_at', status === 'open' ? 'is' : 'is not', null);
  if (id !== undefined) base = base.where('a.id', '=', id);
  let query = base
    .leftJoin('users as u', 'u.id', 'a.acknowledged_by')
    .leftJoin('users as ru', 'ru.id', 'a.restored_by')
    .leftJoin('users as gu', 'gu.id', 'a.granted_by')
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('rollback_requests as q')
          .leftJoin('users as su', 'su.id', 'q.stopped_by')
          .innerJoin('users as cu', 'cu.id', 'q.user_creator_id')
          .select([
            'q.id as rollback_id',
            'q.status as rollback_status',
            'q.run as rollback_run',
            'q.stopped_at as rollback_stopped_at',
            'q.stopped_by as rollback_stopped_by',
            'su.username as rollback_stopped_by_username',
            'q.user_creator_id as rollback_requested_by',
            'cu.username as rollback_requested_by_username',
          ])
          .whereRef('q.alert_id', '=', 'a.id')
          .orderBy(sql`q.status = 'PENDING' or q.run = 'running'`, 'desc')
          .orderBy('q.id', 'desc')
          .limit(1)
          .as('rb'),
      (join) => join.onTrue(),
    )
    .selectAll('a')
    .select([
      'u.username as acknowledged_by_username',
      'ru.username as restored_by_username',
      'gu.username as granted_by_username',
      'rb.rollback_id',
      'rb.rollback_status',
      'rb.rollback_run',
      'rb.rollback_stopped_at',
      'rb.rollback_stopped_by',
      'rb.rollback_stopped_by_username',
      'rb.rollback_requested_by',
      'rb.rollback_requested_by_username',
    ])
    .orderBy('a.window_end', 'desc')
    .orderBy('a.id', 'desc');
  if (window) query = query.offset(window.offset).limit(window.limit);
  const [rows, count] = await Promise.all([
    query.execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export async function findAlert(db: Db, id: number): Promise<AlertRow | undefined> {
  return db.selectFrom('alerts').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Acknowledges an open alert; false when it was acknowledged already (by this call's competitor too). */
export async function acknowledgeAlert(db: Db, id: number, userId: number, at: Date): Promise<boolean> {
  const result = await db
    .updateTable('alerts')
    .set({ acknowledged_by: userId, acknowledged_at: at })
    .where('id', '=', id)
    .where('acknowledged_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
