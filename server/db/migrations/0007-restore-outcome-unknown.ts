import { statementsMigration } from './statements';

/**
 * A restore whose CRM write was sent and never answered may or may not have been applied. The request stays
 * PENDING, marked with the time the answer was lost and the write that was sent (record id and fields), until a
 * read of the record settles it: applied (APPROVED) or not (approvable again). The partial index finds the marked
 * requests for the settlement run after every sync.
 */
const up = [
  `alter table restore_account_requests add column outcome_unknown_since timestamptz`,
  `alter table restore_account_requests add column outcome_unknown_write jsonb`,
  `alter table restore_case_requests add column outcome_unknown_since timestamptz`,
  `alter table restore_case_requests add column outcome_unknown_write jsonb`,
  `create index restore_account_requests_outcome_unknown on restore_account_requests (outcome_unknown_since)
    where outcome_unknown_since is not null`,
  `create index restore_case_requests_outcome_unknown on restore_case_requests (outcome_unknown_since)
    where outcome_unknown_since is not null`,
];

const down = [
  `drop index restore_case_requests_outcome_unknown`,
  `drop index restore_account_requests_outcome_unknown`,
  `alter table restore_case_requests drop column outcome_unknown_write`,
  `alter table restore_case_requests drop column outcome_unknown_since`,
  `alter table restore_account_requests drop column outcome_unknown_write`,
  `alter table restore_account_requests drop column outcome_unknown_since`,
];

export const restoreOutcomeUnknown = statementsMigration(up, down);
