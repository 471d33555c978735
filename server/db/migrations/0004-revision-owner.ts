import { sql, type Kysely } from 'kysely';

/**
 * The agent of a revision is its owner in that snapshot (docs/product.md#agents-and-revisions). Keeping it on
 * the row, with an (owner, time, record) index, turns search into one range scan of that index instead of a
 * probe of every record in the agent's book. The record id closes the index so the scan needs no heap visit
 * to find the records.
 *
 * A case's search description (the product feedback description, else the description) moves onto sf_cases, so
 * the case filter reads one column instead of the newest snapshot of every case.
 */
const up = [
  `alter table revision_accounts add column owner_id text`,
  `update revision_accounts set owner_id = nullif(json->>'OwnerId', '')`,
  `create index revision_accounts_by_owner on revision_accounts (owner_id, saved_at, account_id)`,
  `alter table revision_cases add column owner_id text`,
  `update revision_cases set owner_id = nullif(json->>'OwnerId', '')`,
  `create index revision_cases_by_owner on revision_cases (owner_id, saved_at, case_id)`,
  `update sf_cases c set description = coalesce(nullif(r.json->>'Product_Description__c', ''),
     nullif(r.json->>'Description', ''))
   from revision_cases r where r.id = c.latest_revision_id`,
];

const down = [
  `update sf_cases c set description = nullif(r.json->>'Description', '')
   from revision_cases r where r.id = c.latest_revision_id`,
  `drop index revision_cases_by_owner`,
  `alter table revision_cases drop column owner_id`,
  `drop index revision_accounts_by_owner`,
  `alter table revision_accounts drop column owner_id`,
];

export const revisionOwner = {
  async up(db: Kysely<unknown>): Promise<void> {
    for (const statement of up) await sql.raw(statement).execute(db);
  },
  async down(db: Kysely<unknown>): Promise<void> {
    for (const statement of down) await sql.raw(statement).execute(db);
  },
};
