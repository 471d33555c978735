import { statementsMigration } from './statements';

/**
 * A record's life is kept on its row beside its newest revision: whether that revision is a deletion and, for a
 * merge, the record it was merged into (the deleted snapshot's MasterRecordId). Search, versions at two dates and
 * history then read it with the record instead of reading the newest revision's row and snapshot for each record.
 * Existing rows are filled from their newest revision.
 */
const up = ['sf_accounts', 'sf_cases'].flatMap((records) => {
  const revisions = records === 'sf_accounts' ? 'revision_accounts' : 'revision_cases';
  return [
    `alter table ${records} add column latest_deleted boolean not null default false,
       add column latest_merged_into text`,
    `update ${records} s set latest_deleted = true, latest_merged_into = nullif(r.json->>'MasterRecordId', '')
       from ${revisions} r
       where r.id = s.latest_revision_id and r.saved_at = s.latest_saved_at and r.source = 'delete'`,
  ];
});

const down = ['sf_accounts', 'sf_cases'].map(
  (records) => `alter table ${records} drop column latest_deleted, drop column latest_merged_into`,
);

export const recordLife = statementsMigration(up, down);
