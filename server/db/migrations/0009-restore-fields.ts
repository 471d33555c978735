import { statementsMigration } from './statements';

/**
 * A restore request may name the snapshot fields it writes (`fields`, null = every field that differs). A request
 * limited to some fields, once approved, leaves the revision's other fields unrestored: it no longer blocks a new
 * request for that revision (the others can follow), while a pending request of any kind and an approved full one
 * still do. The one-open-request index says so.
 */
const tables = [
  { table: 'restore_account_requests', revision: 'revision_account_id' },
  { table: 'restore_case_requests', revision: 'revision_case_id' },
];

const up = tables.flatMap(({ table, revision }) => [
  `alter table ${table} add column fields jsonb`,
  `drop index ${table}_open`,
  `create unique index ${table}_open on ${table} (${revision})
    where status_id = 1 or (status_id = 2 and fields is null)`,
]);

const down = tables.flatMap(({ table, revision }) => [
  `drop index ${table}_open`,
  `create unique index ${table}_open on ${table} (${revision}) where status_id in (1, 2)`,
  `alter table ${table} drop column fields`,
]);

export const restoreFields = statementsMigration(up, down);
