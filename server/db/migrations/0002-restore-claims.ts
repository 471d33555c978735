import { statementsMigration } from './statements';

/**
 * A restore writes to the CRM, which no database transaction can undo, so the request is claimed first: the
 * claim (a token and when it was taken) lets exactly one reviewer write to the CRM, without holding a row lock
 * (or PGlite's only connection) across the CRM call. A claim older than a few minutes belongs to a process
 * that died mid-restore and may be taken over.
 */
const up = [
  `alter table restore_account_requests add column applying_token text`,
  `alter table restore_account_requests add column applying_since timestamptz`,
  `alter table restore_case_requests add column applying_token text`,
  `alter table restore_case_requests add column applying_since timestamptz`,
];

const down = [
  `alter table restore_account_requests drop column applying_token`,
  `alter table restore_account_requests drop column applying_since`,
  `alter table restore_case_requests drop column applying_token`,
  `alter table restore_case_requests drop column applying_since`,
];

export const restoreClaims = statementsMigration(up, down);
