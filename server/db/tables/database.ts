import type { AlertsTable } from './alerts.table';
import type { RollbackRecordsTable, RollbackRequestsTable } from './rollbacks.table';
import type {
  SfAccountsTable,
  SfCasesTable,
  SfUsersTable,
  CrmUserNamesTable,
  CrmFieldsTable,
  RevisionAccountsTable,
  RevisionCasesTable,
  RevisionRelatedTable,
  SyncStateTable,
} from './crm.table';
import type {
  AccessGrantsTable,
  LoginAttemptsTable,
  LoginLocksTable,
  QrTokensTable,
  RolesTable,
  SessionsTable,
  UsersTable,
} from './identity.table';
import type {
  AuditLogTable,
  RestoreAccountRequestsTable,
  RestoreCaseRequestsTable,
  RestoreStatusesTable,
  RestoreTypesTable,
} from './restores.table';

export interface Database {
  roles: RolesTable;
  users: UsersTable;
  qr_tokens: QrTokensTable;
  access_grants: AccessGrantsTable;
  sessions: SessionsTable;
  login_attempts: LoginAttemptsTable;
  login_locks: LoginLocksTable;
  sf_users: SfUsersTable;
  crm_user_names: CrmUserNamesTable;
  crm_fields: CrmFieldsTable;
  sf_accounts: SfAccountsTable;
  revision_accounts: RevisionAccountsTable;
  sf_cases: SfCasesTable;
  revision_cases: RevisionCasesTable;
  revision_related: RevisionRelatedTable;
  restore_types: RestoreTypesTable;
  restore_statuses: RestoreStatusesTable;
  restore_account_requests: RestoreAccountRequestsTable;
  restore_case_requests: RestoreCaseRequestsTable;
  audit_log: AuditLogTable;
  sync_state: SyncStateTable;
  alerts: AlertsTable;
  rollback_requests: RollbackRequestsTable;
  rollback_records: RollbackRecordsTable;
}
