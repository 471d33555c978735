/**
 * A realistic volume of agents, contacts, cases and revisions generated inside the database (generate_series), so
 * plan tests and benchmarks get demo-sized tables in seconds. Deterministic: the same volume gives the same rows.
 * Revisions are spread over 2024-01-01 .. 2026-10-31, 2 to 8 per record (5 on average).
 */
import { sql } from 'kysely';
import type { Db } from '../../server/db/database';
import { maintainPartitions } from '../../server/store/revision-partitions';

export type Volume = { agents: number; accounts: number; cases: number };

/** Demo-sized data (docs/product.md#first-start-and-demo-data): 20 agents, 2,000 contacts, 5,000 cases. */
export const DEMO_VOLUME: Volume = { agents: 20, accounts: 2_000, cases: 5_000 };

export const bulkAgentId = (n: number) => `BU${String(n).padStart(6, '0')}`;
export const bulkAccountId = (n: number) => `BA${String(n).padStart(8, '0')}`;
export const bulkCaseId = (n: number) => `BK${String(n).padStart(8, '0')}`;

const SPAN_DAYS = 1034;

/** Revision k (0-based) of record g, which has 2 + g % 7 of them: in order, one per slice of the span. */
const revisionTimes = sql`
  cross join lateral generate_series(0, 1 + g % 7) k
  cross join lateral (select timestamptz '2024-01-01 00:00:00+00'
    + (k * (${SPAN_DAYS} / (2 + g % 7))) * interval '1 day'
    + ((g * 7919 + k * 104729) % ((${SPAN_DAYS} / (2 + g % 7)) * 1440)) * interval '1 minute' as at) t`;

const padded = (prefix: string, expression: ReturnType<typeof sql>, width: number) =>
  sql`${prefix} || lpad((${expression})::text, ${width}, '0')`;

export async function loadBulkRevisions(db: Db, volume: Volume): Promise<void> {
  const { agents, accounts, cases } = volume;
  const ownerOf = padded('BU', sql`1 + g % ${agents}`, 6);
  const accountId = padded('BA', sql`g`, 8);
  const caseId = padded('BK', sql`g`, 8);
  const sfTime = (at: ReturnType<typeof sql>) =>
    sql`to_char((${at}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"+0000"')`;

  await sql`insert into sf_users (id, username, first_name, last_name, email, active, updated_at)
    select ${padded('BU', sql`g`, 6)}, 'agent.' || lpad(g::text, 6, '0'), 'Nome' || g, 'Cognome' || g,
      'agent' || g || '@crm.example', true, now()
    from generate_series(1, ${agents}) g`.execute(db);

  await sql`insert into sf_accounts (id, owner_id, name, email, phone, created_date, updated_at)
    select ${accountId}, ${ownerOf}, 'Cliente ' || g || ' Rossi', 'cliente' || g || '@example.it',
      '+39 06 ' || (1000000 + g), timestamptz '2024-01-01 00:00:00+00' + (g % 900) * interval '1 day', now()
    from generate_series(1, ${accounts}) g`.execute(db);

  await sql`insert into revision_accounts (account_id, owner_id, saved_at, json, hash, source)
    select ${accountId}, ${ownerOf}, t.at, jsonb_build_object(
        'Id', ${accountId}, 'OwnerId', ${ownerOf}, 'OwnerName', 'Nome Cognome', 'Name', 'Cliente ' || g || ' Rossi',
        'FirstName', 'Cliente ' || g, 'LastName', 'Rossi', 'Date_of_birth__c', '1980-04-02', 'Gender__c', 'F',
        'ZIP_CODE__c', '00100', 'PV__pc', null, 'PersonEmail', 'cliente' || g || '@example.it',
        'Phone', '+39 06 ' || (1000000 + g + k), 'PersonHomePhone', null, 'Fax', null, 'Website', null,
        'BillingAddress', jsonb_build_object('city', 'Roma', 'postalCode', '00100', 'country', 'Italia'),
        'ShippingAddress', jsonb_build_object('city', 'Roma', 'postalCode', '0010' || k, 'country', 'Italia'),
        'Description', 'Cliente abituale, preferisce essere contattato la mattina. Nota ' || k,
        'Consent_Newsletter__pc', k % 2 = 0, 'Last_Marketing_Contact_Date__c', null,
        'Last_Newsletter_Update__pc', null, 'Type', null, 'Industry', null,
        'CreatedDate', ${sfTime(sql`timestamptz '2024-01-01 00:00:00+00' + (g % 900) * interval '1 day'`)},
        'LastModifiedDate', ${sfTime(sql`t.at`)}, 'SystemModstamp', ${sfTime(sql`t.at`)}),
      md5(g || '/' || k), 'import'
    from generate_series(1, ${accounts}) g ${revisionTimes}`.execute(db);

  await sql`insert into sf_cases (id, owner_id, account_id, case_number, description, reason, created_date, updated_at)
    select ${caseId}, ${ownerOf}, ${padded('BA', sql`1 + (g * 13) % ${accounts}`, 8)}, lpad(g::text, 8, '0'),
      coalesce(case when g % 5 = 0 then 'Tortellini al prosciutto crudo 250 g' end,
        'Confezione danneggiata, lotto ' || g || '. ' || repeat('Il prodotto era integro ma la confezione aperta. ', 4)),
      'Quality', timestamptz '2024-01-01 00:00:00+00' + (g % 900) * interval '1 day',
      now()
    from generate_series(1, ${cases}) g`.execute(db);

  await sql`insert into revision_cases (case_id, owner_id, saved_at, json, hash, source)
    select ${caseId}, ${ownerOf}, t.at, jsonb_build_object(
        'Id', ${caseId}, 'CaseNumber', lpad(g::text, 8, '0'), 'OwnerId', ${ownerOf},
        'AccountId', ${padded('BA', sql`1 + (g * 13) % ${accounts}`, 8)},
        'CreatedDate', ${sfTime(sql`timestamptz '2024-01-01 00:00:00+00' + (g % 900) * interval '1 day'`)},
        'LastModifiedDate', ${sfTime(sql`t.at`)}, 'SystemModstamp', ${sfTime(sql`t.at`)},
        'CaseOwnerName__c', 'Nome Cognome', 'Reason', case when g % 5 = 0 then 'Feedback on Product' else 'Quality' end,
        'Status', case when k = 0 then 'New' else 'Working' end, 'Agent__c', 'Agente ' || k, 'Is_restaurant__c', false,
        'Brand__c', 'Rana', 'Subject', 'Confezione danneggiata', 'SuppliedEmail', 'cliente' || g || '@example.it',
        'Origin', 'Web', 'Description', 'Confezione danneggiata, lotto ' || g || '. ' || repeat('Il prodotto era integro ma la confezione aperta. ', 4),
        'Priority', 'Medium', 'Product__c', 'Tortellini', 'Lot_Number__c', 'L' || g, 'Classify__c', 'Packaging',
        'Feedback_Agent__c', null, 'Secondary_Feedback_Agent__c', null, 'Number_of_Pieces__c', 1 + k,
        'Product_Description__c', case when g % 5 = 0 then 'Tortellini al prosciutto crudo 250 g' end,
        'Internal_comments__c', 'Nota interna ' || k),
      md5(g || '/' || k), 'import'
    from generate_series(1, ${cases}) g ${revisionTimes}`.execute(db);

  await sql`update sf_accounts a set latest_revision_id = r.id, latest_saved_at = r.saved_at,
      first_saved_at = r.first_saved_at
    from (select distinct on (account_id) account_id, id, saved_at,
            min(saved_at) over (partition by account_id) as first_saved_at
          from revision_accounts order by account_id, saved_at desc, id desc) r
    where r.account_id = a.id and a.id like 'BA%'`.execute(db);
  await sql`update sf_cases c set latest_revision_id = r.id, latest_saved_at = r.saved_at,
      first_saved_at = r.first_saved_at
    from (select distinct on (case_id) case_id, id, saved_at,
            min(saved_at) over (partition by case_id) as first_saved_at
          from revision_cases order by case_id, saved_at desc, id desc) r
    where r.case_id = c.id and c.id like 'BK%'`.execute(db);
  // Inserted straight into the tables, the rows went to the default partition: the start's maintenance moves them.
  await maintainPartitions(db);
  await sql`analyze`.execute(db);
}
