import { statementsMigration } from './statements';

/**
 * A record's row also says whether its newest revision is a `convert` one: the contact (a person account) was made a
 * business account in the CRM, and Storico reads no more changes of it until it is a person account again. Kept
 * beside `latest_deleted` (migration 0013) so a search page reads it with the record. No revision is a `convert`
 * one before this migration, so every row starts false.
 */
const up = ['sf_accounts', 'sf_cases'].map(
  (records) => `alter table ${records} add column latest_converted boolean not null default false`,
);

const down = ['sf_accounts', 'sf_cases'].map(
  (records) => `alter table ${records} drop column latest_converted`,
);

export const convertedContacts = statementsMigration(up, down);
