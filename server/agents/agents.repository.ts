import { sql, type ExpressionBuilder, type OrderByItemBuilder } from 'kysely';
import type { CASE_SORT_FIELDS, CONTACT_SORT_FIELDS } from '../../contract/search';
import type { Db } from '../db/database';
import type { Database } from '../db/tables/database';
import { containsPattern } from '../db/like';
import type { SortOrder } from '../http/paging';
import type { DayRange } from '../revisions/rome-days';

export type AgentRow = { id: string; username: string; first_name: string | null; last_name: string | null };

/**
 * Active agents only: the sync keeps an inactive placeholder for an owner it has not read yet, and a user the CRM
 * deactivated is not offered any more (a known id still answers the search).
 */
export const listActiveAgents = (db: Db): Promise<AgentRow[]> =>
  db
    .selectFrom('sf_users')
    .select(['id', 'username', 'first_name', 'last_name'])
    .where('active', '=', true)
    .orderBy('username')
    .orderBy('id')
    .execute();

export const findAgent = (db: Db, id: string): Promise<AgentRow | undefined> =>
  db
    .selectFrom('sf_users')
    .select(['id', 'username', 'first_name', 'last_name'])
    .where('id', '=', id)
    .executeTakeFirst();

export type Window = { offset: number; limit: number };

type SearchOptions<F extends string> = {
  agentId: string;
  range: DayRange;
  /** Only records deleted in the range, in a snapshot the agent owned (the search's `deleted=true`). */
  deleted?: boolean;
  filter: string | undefined;
  sort: SortOrder<F>;
  window: Window;
};

const nullsLast = (direction: 'asc' | 'desc') => (ob: OrderByItemBuilder) =>
  direction === 'desc' ? ob.desc().nullsLast() : ob.asc().nullsLast();

// Served by the (record, saved_at desc, id desc) index: one probe per record of the agent.
const hasAccountRevisionIn =
  (range: DayRange) => (eb: ExpressionBuilder<Database & { a: Database['sf_accounts'] }, 'a'>) =>
    eb.exists(
      eb
        .selectFrom('revision_accounts as r')
        .select(sql.lit(1).as('one'))
        .whereRef('r.account_id', '=', 'a.id')
        .where('r.saved_at', '>=', range.start)
        .where('r.saved_at', '<', range.end),
    );

const hasCaseRevisionIn =
  (range: DayRange) => (eb: ExpressionBuilder<Database & { c: Database['sf_cases'] }, 'c'>) =>
    eb.exists(
      eb
        .selectFrom('revision_cases as r')
        .select(sql.lit(1).as('one'))
        .whereRef('r.case_id', '=', 'c.id')
        .where('r.saved_at', '>=', range.start)
        .where('r.saved_at', '<', range.end),
    );

/** A `delete` revision saved in the range whose snapshot the agent owned (served by the deletions index). */
const deletedIn = (kind: 'account' | 'case', range: DayRange, agentId: string) => {
  const [revisions, key, alias] =
    kind === 'account' ? ['revision_accounts', 'account_id', 'a'] : ['revision_cases', 'case_id', 'c'];
  return sql<boolean>`exists (select 1 from ${sql.table(revisions)} d
    where d.${sql.ref(key)} = ${sql.ref(`${alias}.id`)} and d.source = 'delete'
      and d.saved_at >= ${range.start} and d.saved_at < ${range.end} and d.json->>'OwnerId' = ${agentId})`;
};

export type ContactSortColumn = (typeof CONTACT_SORT_FIELDS)[number];

export type AccountHit = {
  id: string;
  name: string | null;
  email: string | null;
  phone: string | null;
  created_date: Date | null;
  case_count: number;
};

const contactOrder = {
  creation_date: sql`a.created_date`,
  accountName: sql`lower(a.name)`,
  countSalesforceCases: sql`case_count`,
  id: sql`a.id`,
} as const;

/** The agent's contacts with at least one revision saved in the range, and how many cases each has. */
export async function searchAccounts(
  db: Db,
  options: SearchOptions<ContactSortColumn>,
): Promise<{ rows: AccountHit[]; total: number }> {
  let base = db
    .selectFrom('sf_accounts as a')
    .where('a.owner_id', '=', options.agentId)
    .where(hasAccountRevisionIn(options.range));
  if (options.deleted) base = base.where(deletedIn('account', options.range, options.agentId));
  const filter = options.filter?.trim();
  if (filter) {
    const pattern = containsPattern(filter);
    base = base.where((eb) =>
      eb.or([
        eb(sql<string>`lower(a.name)`, 'like', pattern),
        eb(sql<string>`lower(a.email)`, 'like', pattern),
      ]),
    );
  }
  const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const rows = await base
    .select((eb) => [
      'a.id',
      'a.name',
      'a.email',
      'a.phone',
      'a.created_date',
      eb
        .selectFrom('sf_cases as c')
        .select((cb) => cb.fn.countAll<number>().as('n'))
        .whereRef('c.account_id', '=', 'a.id')
        .as('case_count'),
    ])
    .orderBy(contactOrder[options.sort.column], nullsLast(options.sort.direction))
    .orderBy('a.id')
    .offset(options.window.offset)
    .limit(options.window.limit)
    .execute();
  return {
    rows: rows.map((row) => ({ ...row, case_count: Number(row.case_count ?? 0) })),
    total: Number(total),
  };
}

export type CaseSortColumn = (typeof CASE_SORT_FIELDS)[number];

export type CaseHit = {
  id: string;
  case_number: string | null;
  created_date: Date | null;
  description: string | null;
};

/**
 * The product feedback description of the case's newest snapshot, else its description. A subquery rather than a
 * join: under ORDER BY + LIMIT the planner evaluates it for the page's rows only, unless it filters or sorts.
 */
const caseDescription = sql<
  string | null
>`coalesce((select coalesce(nullif(latest.json->>'Product_Description__c', ''),
  nullif(latest.json->>'Description', '')) from revision_cases latest where latest.id = c.latest_revision_id),
  c.description)`;

const caseOrder = {
  createdAt: sql`c.created_date`,
  caseNumber: sql`c.case_number`,
  description: sql`lower(${caseDescription})`,
  id: sql`c.id`,
} as const;

/** The agent's cases with at least one revision saved in the range. */
export async function searchCases(
  db: Db,
  options: SearchOptions<CaseSortColumn>,
): Promise<{ rows: CaseHit[]; total: number }> {
  let base = db
    .selectFrom('sf_cases as c')
    .where('c.owner_id', '=', options.agentId)
    .where(hasCaseRevisionIn(options.range));
  if (options.deleted) base = base.where(deletedIn('case', options.range, options.agentId));
  const filter = options.filter?.trim();
  if (filter) {
    const pattern = containsPattern(filter);
    base = base.where((eb) =>
      eb.or([
        eb(sql<string>`lower(c.case_number)`, 'like', pattern),
        eb(sql<string>`lower(${caseDescription})`, 'like', pattern),
      ]),
    );
  }
  const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const rows = await base
    .select(['c.id', 'c.case_number', 'c.created_date', caseDescription.as('description')])
    .orderBy(caseOrder[options.sort.column], nullsLast(options.sort.direction))
    .orderBy('c.id')
    .offset(options.window.offset)
    .limit(options.window.limit)
    .execute();
  return { rows, total: Number(total) };
}
