import type { Alert, AlertListQuery } from '../../contract/alerts';
import { ALREADY_ACKNOWLEDGED_MESSAGE } from '../../contract/alerts';
import { ErrorCode } from '../../contract/error-codes';
import type { Page } from '../../contract/page';
import { crmUserNames } from '../store/crm-user-names';
import type { AuditService } from '../audit-log/audit.service';
import type { CrmConnector } from '../crm/crm-connector';
import type { Db } from '../db/database';
import type { Caller } from '../http/caller';
import { recordKinds } from '../db/record-kinds';
import { conflict, notFound } from '../http/http-error';
import { pageWindow, toPage } from '../http/paging';
import { acknowledgeAlert, findAlert, listAlerts, type AlertListRow } from './alerts.repository';

const iso = (at: Date | null) => (at ? new Date(at).toISOString() : null);

/** A forced-restore alert's request, users and grant; null for a mass change. */
function forcedRestoreOf(row: AlertListRow): Alert['forcedRestore'] {
  if (row.kind !== 'forced-restore' || !row.restore_request) return null;
  const colon = row.restore_request.lastIndexOf(':');
  return {
    request: {
      kind: row.restore_request.startsWith(recordKinds.account.requestNoun) ? 'account' : 'case',
      id: Number(row.restore_request.slice(colon + 1)),
    },
    restoredBy: { id: row.restored_by!, username: row.restored_by_username ?? '' },
    grantedBy: { id: row.granted_by!, username: row.granted_by_username ?? '' },
    grant: row.grant_kind!,
    grantedAt: iso(row.granted_at)!,
  };
}

function toAlert(row: AlertListRow, names: ReadonlyMap<string, string>): Alert {
  return {
    kind: row.kind,
    forcedRestore: forcedRestoreOf(row),
    id: row.id,
    sfUserID: row.sf_user_id,
    agentName: names.get(row.sf_user_id) ?? null,
    object: row.object,
    windowStart: iso(row.window_start)!,
    windowEnd: iso(row.window_end)!,
    changed: row.changed,
    deleted: row.deleted,
    topFields: row.top_fields,
    acknowledgedBy:
      row.acknowledged_by === null
        ? null
        : { id: row.acknowledged_by, username: row.acknowledged_by_username ?? '' },
    acknowledgedAt: iso(row.acknowledged_at),
    rollback:
      row.rollback_id === null
        ? null
        : {
            id: row.rollback_id,
            status: row.rollback_status!,
            run: row.rollback_run!,
            stoppedAt: iso(row.rollback_stopped_at),
            stoppedBy:
              row.rollback_stopped_by === null
                ? null
                : { id: row.rollback_stopped_by, username: row.rollback_stopped_by_username ?? '' },
            requestedBy: { id: row.rollback_requested_by!, username: row.rollback_requested_by_username! },
          },
  };
}

/** Mass-change and forced-restore alerts as the API lists them, and their acknowledgement. */
export class AlertsService {
  constructor(
    private readonly deps: {
      db: Db;
      crm: CrmConnector | undefined;
      audit: AuditService;
      now: () => Date;
      /** SF_API_MAX_USAGE: at the cap the CRM's user names are not asked (crmUserNames). */
      maxApiUsage?: number;
    },
  ) {}

  async list(query: AlertListQuery): Promise<Page<Alert>> {
    const { rows, total } = await listAlerts(this.deps.db, query.status, pageWindow(query));
    return toPage(await this.named(rows), total, query);
  }

  /** Of concurrent acknowledgements exactly one wins; the others get 409. */
  async acknowledge(id: number, caller: Caller): Promise<Alert> {
    const { db, audit } = this.deps;
    const existing = await findAlert(db, id);
    if (!existing) throw notFound(`No alert with id ${id}`);
    const acknowledged = await db.transaction().execute(async (trx) => {
      if (!(await acknowledgeAlert(trx, id, caller.userId, this.deps.now()))) return false;
      await audit.record(
        {
          action: 'alert.acknowledged',
          actor: caller.actor,
          target: `alert:${id}`,
          ip: caller.ip,
          details: { sfUserID: existing.sf_user_id, object: existing.object },
        },
        trx,
      );
      return true;
    });
    if (!acknowledged)
      throw conflict(ALREADY_ACKNOWLEDGED_MESSAGE, undefined, ErrorCode.ALREADY_ACKNOWLEDGED);
    const { rows } = await listAlerts(db, 'acknowledged', null, id);
    return (await this.named(rows))[0]!;
  }

  /**
   * The alerts with their CRM users' names, asked in one batch: an agent's from the agents sync, anyone else's
   * (an integration or partner user) from the CRM, waiting for it at most a second.
   */
  private async named(rows: readonly AlertListRow[]): Promise<Alert[]> {
    const names = await crmUserNames(
      this.deps,
      rows.map((row) => row.sf_user_id),
    );
    return rows.map((row) => toAlert(row, names));
  }
}
