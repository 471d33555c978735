import { statementsMigration } from './statements';

/**
 * Deleted and merged records. Whether a record is deleted, and into which record it was merged, is read from its
 * newest revision (a `delete` revision holds IsDeleted and MasterRecordId), so it needs no column. What only
 * Storico knows is kept here: the new record that replaces a purged one (and back), the time a re-create was
 * claimed (so two restores cannot create the same record twice), and how an applied restore brought its record
 * back.
 */
const up = [
  `alter table sf_accounts add column recreated_as text`,
  `alter table sf_accounts add column recreated_from text`,
  `alter table sf_accounts add column recreating_since timestamptz`,
  `alter table sf_cases add column recreated_as text`,
  `alter table sf_cases add column recreated_from text`,
  `alter table sf_cases add column recreating_since timestamptz`,
  `alter table restore_account_requests add column outcome text`,
  `alter table restore_account_requests add column new_record_id text`,
  `alter table restore_case_requests add column outcome text`,
  `alter table restore_case_requests add column new_record_id text`,
  // The deleted=true search: one probe per record of the agent, deletions only.
  `create index revision_accounts_deletions on revision_accounts (account_id, saved_at) where source = 'delete'`,
  `create index revision_cases_deletions on revision_cases (case_id, saved_at) where source = 'delete'`,
];

const down = [
  `drop index revision_cases_deletions`,
  `drop index revision_accounts_deletions`,
  `alter table restore_case_requests drop column new_record_id`,
  `alter table restore_case_requests drop column outcome`,
  `alter table restore_account_requests drop column new_record_id`,
  `alter table restore_account_requests drop column outcome`,
  `alter table sf_cases drop column recreating_since`,
  `alter table sf_cases drop column recreated_from`,
  `alter table sf_cases drop column recreated_as`,
  `alter table sf_accounts drop column recreating_since`,
  `alter table sf_accounts drop column recreated_from`,
  `alter table sf_accounts drop column recreated_as`,
];

export const deletedRecords = statementsMigration(up, down);
