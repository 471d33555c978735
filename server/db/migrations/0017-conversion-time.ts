import { statementsMigration } from './statements';

/**
 * A record's row keeps when the contact was made a business account, in place of whether its newest revision is a
 * `convert` one (migration 0016): the time stays when the business account is deleted afterwards, so such a record
 * reads as both converted and deleted, and a restore onto it is shown as refused before it is tried. Null for a
 * record that is a contact (or a case). Existing rows are filled from their revisions: a converted row from its
 * newest revision, a deleted one from its newest revision that is not a deletion, when that is a `convert` one.
 */
const up = [
  ...['sf_accounts', 'sf_cases'].map(
    (records) => `alter table ${records} add column converted_at timestamptz`,
  ),
  `update sf_accounts set converted_at = latest_saved_at where latest_converted`,
  `update sf_accounts s set converted_at = (
     select case when r.source = 'convert' then r.saved_at end from revision_accounts r
     where r.account_id = s.id and r.source <> 'delete' order by r.saved_at desc, r.id desc limit 1)
   where s.latest_deleted`,
  ...['sf_accounts', 'sf_cases'].map((records) => `alter table ${records} drop column latest_converted`),
];

const down = ['sf_accounts', 'sf_cases'].flatMap((records) => [
  `alter table ${records} add column latest_converted boolean not null default false`,
  `update ${records} set latest_converted = true where converted_at is not null and not latest_deleted`,
  `alter table ${records} drop column converted_at`,
]);

export const conversionTime = statementsMigration(up, down);
