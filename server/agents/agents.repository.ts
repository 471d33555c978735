import { sql, type RawBuilder } from 'kysely';
import type { CASE_SORT_FIELDS, CONTACT_SORT_FIELDS } from '../../contract/search';
import type { Db } from '../db/database';
import { containsPattern } from '../db/like';
import type { SortOrder } from '../http/paging';
import { recordKinds, type RecordKind } from '../db/record-kinds';
import { lifeColumns, type LifeColumns } from '../db/record-life-columns';
import { prepared, runPrepared } from '../db/prepared-statements';
import { inEffectColumns } from '../db/versions-in-effect';
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

/** Prepared: every search asks for its agent. */
export const findAgent = async (db: Db, id: string): Promise<AgentRow | undefined> =>
  (
    await runPrepared(
      db,
      db.selectFrom('sf_users').select(['id', 'username', 'first_name', 'last_name']).where('id', '=', id),
    )
  )[0];

export type Window = { offset: number; limit: number };

type SearchOptions<F extends string> = {
  agentId: string;
  range: DayRange;
  filter: string | undefined;
  /** Only records with a `delete` revision in the range. */
  deleted: boolean;
  sort: SortOrder<F>;
  window: Window;
};

/** Both ends of the range: every hit has a revision in it, so both are set. */
export type InEffectIds = { earlier_id: number | null; later_id: number | null };
/** What a search row carries: its versions at both ends of the range and its life. */
type HitBase = InEffectIds &
  LifeColumns & {
    id: string;
    /** The agent's username on every row, null when Storico does not know the agent. */
    agent_username: string | null;
  };
type Counted = { total: number; ord: number };

/**
 * The records the agent owned in at least one revision saved in the range (DESIGN.md section 3): one range scan of
 * the (owner_id, saved_at, record) index, however large the agent's book.
 */
function hitsOf(kind: RecordKind, options: SearchOptions<string>) {
  const { revisions, key } = recordKinds[kind];
  return sql`select distinct r.${sql.ref(key)} as id from ${sql.table(revisions)} r
    where r.owner_id = ${options.agentId} and r.saved_at >= ${options.range.start}
      and r.saved_at < ${options.range.end}${options.deleted ? sql` and r.source = 'delete'` : sql``}`;
}

const orderOf = (expression: RawBuilder<unknown>, sort: SortOrder<string>, id: RawBuilder<unknown>) =>
  sql`${expression} ${sort.direction === 'desc' ? sql`desc` : sql`asc`} nulls last, ${id}`;

const matching = (columns: RawBuilder<unknown>[], filter: string | undefined) => {
  const text = filter?.trim();
  if (!text) return sql`true`;
  const pattern = containsPattern(text);
  return sql`(${sql.join(
    columns.map((column) => sql`lower(${column}) like ${pattern}`),
    sql` or `,
  )})`;
};

/** One of the agent's columns; uncorrelated, so PostgreSQL reads it once for the whole page. */
const agentColumn = (agentId: string, column: 'username' | 'first_name' | 'last_name') =>
  sql`(select u.${sql.ref(column)} from sf_users u where u.id = ${agentId}) as ${sql.ref(`agent_${column}`)}`;

/** How one kind's search differs: its records' alias, sort, filtered columns and the columns of a row. */
type KindSearch = {
  kind: RecordKind;
  alias: 'a' | 'c';
  order: RawBuilder<unknown>;
  filterColumns: RawBuilder<unknown>[];
  columns: RawBuilder<unknown>;
};

/**
 * The hits' records. With a filter, each is read by its key: `offset 0` keeps the planner from making it a hash join
 * that tests the filter on every record of the table (50 ms on 60,000 cases, whatever the agent's hits).
 */
const recordsOfHits = (
  records: RawBuilder<unknown>,
  alias: RawBuilder<unknown>,
  filter: string | undefined,
) =>
  filter?.trim()
    ? sql`cross join lateral (select * from ${records} x where x.id = h.id offset 0) ${alias}`
    : sql`join ${records} ${alias} on ${alias}.id = h.id`;

/**
 * One statement: the hits, filtered and sorted, counted exactly (a window over every hit) and cut to the page;
 * then the page's rows only get their columns, versions in effect and lives (deleted, merged, re-created). A page past the end has no row to carry the
 * total, so it is counted again from the first row.
 */
async function searchPage<R>(
  db: Db,
  options: SearchOptions<string>,
  search: KindSearch,
): Promise<{ rows: R[]; total: number }> {
  const records = sql.table(recordKinds[search.kind].records);
  const alias = sql.raw(search.alias);
  const run = async (window: Window) =>
    (
      await prepared(sql<R & Counted>`
        with page as (
          select ${alias}.id, count(*) over () as total, row_number() over (order by ${search.order}) as ord
          from (${hitsOf(search.kind, options)}) h ${recordsOfHits(records, alias, options.filter)}
          where ${matching(search.filterColumns, options.filter)}
          order by ord offset ${window.offset} limit ${window.limit}
        )
        select p.total, p.ord, ${search.columns}, ${agentColumn(options.agentId, 'username')},
          ${inEffectColumns(search.kind, alias, options.range)},
          ${lifeColumns(search.kind, search.alias)}
        from page p join ${records} ${alias} on ${alias}.id = p.id
        order by p.ord`).execute(db)
    ).rows;
  let rows = await run(options.window);
  let total = Number(rows[0]?.total ?? 0);
  if (rows.length === 0 && options.window.offset > 0) {
    total = Number((await run({ offset: 0, limit: 1 }))[0]?.total ?? 0);
    rows = [];
  }
  return { rows, total };
}

export type ContactSortColumn = (typeof CONTACT_SORT_FIELDS)[number];

export type AccountHit = HitBase & {
  name: string | null;
  email: string | null;
  phone: string | null;
  created_date: Date | null;
  case_count: number;
};

const caseCount = sql`(select count(*) from sf_cases c where c.account_id = a.id)`;

const contactOrder = {
  creation_date: sql`a.created_date`,
  accountName: sql`lower(a.name)`,
  countSalesforceCases: caseCount,
  id: sql`a.id`,
} as const;

/** The agent's contacts with at least one revision in the range, how many cases each has, and its two versions. */
export async function searchAccounts(
  db: Db,
  options: SearchOptions<ContactSortColumn>,
): Promise<{ rows: AccountHit[]; total: number }> {
  const { rows, total } = await searchPage<AccountHit>(db, options, {
    kind: 'account',
    alias: 'a',
    order: orderOf(contactOrder[options.sort.column], options.sort, sql`a.id`),
    filterColumns: [sql`a.name`, sql`a.email`],
    columns: sql`a.id, a.name, a.email, a.phone, a.created_date, ${caseCount} as case_count`,
  });
  return { rows: rows.map((row) => ({ ...row, case_count: Number(row.case_count) })), total };
}

export type CaseSortColumn = (typeof CASE_SORT_FIELDS)[number];

export type CaseHit = HitBase & {
  case_number: string | null;
  created_date: Date | null;
  description: string | null;
  /** The agent's names, on every row: a case row names its agent. */
  agent_first_name: string | null;
  agent_last_name: string | null;
};

const caseOrder = {
  createdAt: sql`c.created_date`,
  caseNumber: sql`c.case_number`,
  description: sql`lower(c.description)`,
  id: sql`c.id`,
} as const;

/**
 * The agent's cases with at least one revision in the range. `sf_cases.description` holds what search shows (the
 * product feedback description, else the description), so neither the filter nor the sort reads a snapshot.
 */
export function searchCases(
  db: Db,
  options: SearchOptions<CaseSortColumn>,
): Promise<{ rows: CaseHit[]; total: number }> {
  return searchPage<CaseHit>(db, options, {
    kind: 'case',
    alias: 'c',
    order: orderOf(caseOrder[options.sort.column], options.sort, sql`c.id`),
    filterColumns: [sql`c.case_number`, sql`c.description`],
    columns: sql`c.id, c.case_number, c.created_date, c.description,
      ${agentColumn(options.agentId, 'first_name')}, ${agentColumn(options.agentId, 'last_name')}`,
  });
}
