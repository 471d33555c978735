import { statementsMigration } from './statements';

/**
 * Revisions name their record without a foreign key (decision record 028): every writer makes the record's row in
 * the transaction that stores its revisions, before them, and no row of a record is ever deleted. The key's check
 * (a lookup and a row lock of the record for every revision) took a quarter of a bulk import at 1M revisions.
 */
const KEYS = [
  ['revision_accounts', 'account_id', 'sf_accounts'],
  ['revision_cases', 'case_id', 'sf_cases'],
] as const;

const up = KEYS.map(
  ([revisions, key]) => `alter table ${revisions} drop constraint ${revisions}_${key}_fkey`,
);

const down = KEYS.map(
  ([revisions, key, records]) =>
    `alter table ${revisions} add constraint ${revisions}_${key}_fkey foreign key (${key}) references ${records}(id)`,
);

export const revisionsWithoutRecordKey = statementsMigration(up, down);
