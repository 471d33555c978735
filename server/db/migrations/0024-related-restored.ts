import { statementsMigration } from './statements';

/**
 * How many of a case's e-mails and comments came back with it when a restore took it out of the recycle bin
 * (Salesforce undeletes a case's cascade-deleted children with it). On both request tables, so that one query reads
 * either; a contact's requests keep 0.
 */
const up = [
  `alter table restore_case_requests add column related_restored integer not null default 0`,
  `alter table restore_account_requests add column related_restored integer not null default 0`,
];

const down = [
  `alter table restore_account_requests drop column related_restored`,
  `alter table restore_case_requests drop column related_restored`,
];

export const relatedRestored = statementsMigration(up, down);
