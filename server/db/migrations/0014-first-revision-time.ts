import { statementsMigration } from './statements';

/**
 * Each record's row keeps the time of its oldest revision, or an earlier time (null: not known). "The version in
 * effect at a date" probes only the quarters from that time on, and not at all for a record whose history starts
 * after the date: a search's first page, newest records first, is mostly such records, and their probe otherwise
 * read every quarter to find nothing. Existing rows are filled from their revisions.
 */
const up = ['sf_accounts', 'sf_cases'].flatMap((records) => {
  const [revisions, key] =
    records === 'sf_accounts' ? ['revision_accounts', 'account_id'] : ['revision_cases', 'case_id'];
  return [
    `alter table ${records} add column first_saved_at timestamptz`,
    `update ${records} s set first_saved_at = r.first
       from (select ${key} as id, min(saved_at) as first from ${revisions} group by ${key}) r
       where r.id = s.id`,
  ];
});

const down = ['sf_accounts', 'sf_cases'].map(
  (records) => `alter table ${records} drop column first_saved_at`,
);

export const firstRevisionTime = statementsMigration(up, down);
