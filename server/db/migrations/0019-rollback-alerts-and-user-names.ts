import { statementsMigration } from './statements';

/**
 * At most one pending or running rollback per alert, whatever window it names (decision record 022): the alert's
 * screen offers no second one, and two requesters racing are told apart by this key. A record skipped because
 * someone changed it after the request keeps who (`changed_by`), so that the screens name them. The names of CRM
 * users who are not agents (no `sf_users` row, or only the sync's placeholder) are read from the CRM's User
 * object and kept with when they were read.
 */
const up = [
  // Before this key a second open rollback could name an alert already named by an open one (another window). The
  // oldest keeps the link; the later ones stay as they are, pending or running, without naming the alert.
  `update rollback_requests r set alert_id = null
     where r.alert_id is not null and (r.status = 'PENDING' or r.run = 'running')
       and exists (select 1 from rollback_requests o
                   where o.alert_id = r.alert_id and (o.status = 'PENDING' or o.run = 'running') and o.id < r.id)`,
  `create unique index rollback_requests_open_alert on rollback_requests (alert_id)
     where alert_id is not null and (status = 'PENDING' or run = 'running')`,
  // 'Avvisi' shows each alert's rollback: one probe per alert listed.
  `create index rollback_requests_by_alert on rollback_requests (alert_id, id desc) where alert_id is not null`,
  `alter table rollback_records add column changed_by text`,
  `create table crm_user_names (
     id text primary key,
     name text not null,
     read_at timestamptz not null
   )`,
];

const down = [
  `drop table if exists crm_user_names`,
  `alter table rollback_records drop column changed_by`,
  `drop index if exists rollback_requests_by_alert`,
  `drop index if exists rollback_requests_open_alert`,
];

export const rollbackAlertsAndUserNames = statementsMigration(up, down);
