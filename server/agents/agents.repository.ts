import { sql, type RawBuilder } from 'kysely';
import type { CASE_SORT_FIELDS, CONTACT_SORT_FIELDS } from '../../contract/search';
import type { Db } from '../db/database';
import { containsPattern } from '../db/like';
import type { SortOrder } from '../http/paging';
import { recordKinds, type RecordKind } from '../db/record-kinds';
import { lifeColumns, type LifeColumns } from '../db/record-life-columns';
import { runPrepared } from '../db/prepared-statements';
import { compiledStatement, type Placeholders } from '../db/compiled-statements';
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

/** A search's values, given anew on every call; the rest of `SearchOptions` is the shape of its statement. */
type SearchValues = { agentId: string; range: DayRange; pattern: string; window: Window };
type SearchSlots = Placeholders<SearchValues>;

/** How one kind's search differs: its records' alias, sorts, filtered columns and the columns of a row. */
type KindSearch<F extends string> = {
  kind: RecordKind;
  alias: 'a' | 'c';
  orders: Record<F, RawBuilder<unknown>>;
  filterColumns: RawBuilder<unknown>[];
  columns: (agentId: SearchSlots['agentId']) => RawBuilder<unknown>;
};

type SearchShape = {
  search: KindSearch<string>;
  sort: SortOrder<string>;
  filtered: boolean;
  deleted: boolean;
};

/**
 * The records the agent owned in at least one revision saved in the range (DESIGN.md section 3): one range scan of
 * the (owner_id, saved_at, record) index, however large the agent's book.
 */
function hitsOf(kind: RecordKind, deleted: boolean, { agentId, range }: SearchSlots) {
  const { revisions, key } = recordKinds[kind];
  return sql`select distinct r.${sql.ref(key)} as id from ${sql.table(revisions)} r
    where r.owner_id = ${agentId} and r.saved_at >= ${range.start}
      and r.saved_at < ${range.end}${deleted ? sql` and r.source = 'delete'` : sql``}`;
}

const orderOf = (expression: RawBuilder<unknown>, sort: SortOrder<string>, id: RawBuilder<unknown>) =>
  sql`${expression} ${sort.direction === 'desc' ? sql`desc` : sql`asc`} nulls last, ${id}`;

const matching = (columns: RawBuilder<unknown>[], pattern: SearchSlots['pattern']) =>
  sql`(${sql.join(
    columns.map((column) => sql`lower(${column}) like ${pattern}`),
    sql` or `,
  )})`;

/** One of the agent's columns; uncorrelated, so PostgreSQL reads it once for the whole page. */
const agentColumn = (agentId: SearchSlots['agentId'], column: 'username' | 'first_name' | 'last_name') =>
  sql`(select u.${sql.ref(column)} from sf_users u where u.id = ${agentId}) as ${sql.ref(`agent_${column}`)}`;

/**
 * The hits' records. With a filter, each is read by its key: `offset 0` keeps the planner from making it a hash join
 * that tests the filter on every record of the table (50 ms on 60,000 cases, whatever the agent's hits).
 */
const recordsOfHits = (records: RawBuilder<unknown>, alias: RawBuilder<unknown>, filtered: boolean) =>
  filtered
    ? sql`cross join lateral (select * from ${records} x where x.id = h.id offset 0) ${alias}`
    : sql`join ${records} ${alias} on ${alias}.id = h.id`;

/**
 * One statement: the hits, filtered and sorted, counted exactly (a window over every hit) and cut to the page;
 * then the page's rows only get their columns, versions in effect and lives (deleted, merged, re-created).
 */
const searchStatement = compiledStatement(
  ({ search, sort, filtered, deleted }: SearchShape) =>
    `${search.kind}:${sort.column}:${sort.direction}:${filtered}:${deleted}`,
  ({ search, sort, filtered, deleted }, values: SearchSlots) => {
    const records = sql.table(recordKinds[search.kind].records);
    const alias = sql.raw(search.alias);
    const order = orderOf(search.orders[sort.column]!, sort, sql`${alias}.id`);
    return sql<Counted>`
      with page as (
        select ${alias}.id, count(*) over () as total, row_number() over (order by ${order}) as ord
        from (${hitsOf(search.kind, deleted, values)}) h ${recordsOfHits(records, alias, filtered)}
        where ${filtered ? matching(search.filterColumns, values.pattern) : sql`true`}
        order by ord offset ${values.window.offset} limit ${values.window.limit}
      )
      select p.total, p.ord, ${search.columns(values.agentId)}, ${agentColumn(values.agentId, 'username')},
        ${inEffectColumns(search.kind, alias, values.range)},
        ${lifeColumns(search.kind, search.alias)}
      from page p join ${records} ${alias} on ${alias}.id = p.id
      order by p.ord`;
  },
);

/**
 * A page of the search and the exact total. A page past the end has no row to carry the total, so it is counted again
 * from the first row.
 */
async function searchPage<R, F extends string>(
  db: Db,
  options: SearchOptions<F>,
  search: KindSearch<F>,
): Promise<{ rows: R[]; total: number }> {
  const text = options.filter?.trim() ?? '';
  const shape = { search, sort: options.sort, filtered: text !== '', deleted: options.deleted };
  const values = { agentId: options.agentId, range: options.range, pattern: containsPattern(text) };
  const run = async (window: Window) =>
    (await searchStatement(db, shape, { ...values, window })) as (R & Counted)[];
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

const contactSearch: KindSearch<ContactSortColumn> = {
  kind: 'account',
  alias: 'a',
  orders: {
    creation_date: sql`a.created_date`,
    accountName: sql`lower(a.name)`,
    countSalesforceCases: caseCount,
    id: sql`a.id`,
  },
  filterColumns: [sql`a.name`, sql`a.email`],
  columns: () => sql`a.id, a.name, a.email, a.phone, a.created_date, ${caseCount} as case_count`,
};

/** The agent's contacts with at least one revision in the range, how many cases each has, and its two versions. */
export async function searchAccounts(
  db: Db,
  options: SearchOptions<ContactSortColumn>,
): Promise<{ rows: AccountHit[]; total: number }> {
  const { rows, total } = await searchPage<AccountHit, ContactSortColumn>(db, options, contactSearch);
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

const caseSearch: KindSearch<CaseSortColumn> = {
  kind: 'case',
  alias: 'c',
  orders: {
    createdAt: sql`c.created_date`,
    caseNumber: sql`c.case_number`,
    description: sql`lower(c.description)`,
    id: sql`c.id`,
  },
  filterColumns: [sql`c.case_number`, sql`c.description`],
  columns: (agentId) => sql`c.id, c.case_number, c.created_date, c.description,
    ${agentColumn(agentId, 'first_name')}, ${agentColumn(agentId, 'last_name')}`,
};

/**
 * The agent's cases with at least one revision in the range. `sf_cases.description` holds what search shows (the
 * product feedback description, else the description), so neither the filter nor the sort reads a snapshot.
 */
export function searchCases(
  db: Db,
  options: SearchOptions<CaseSortColumn>,
): Promise<{ rows: CaseHit[]; total: number }> {
  return searchPage<CaseHit, CaseSortColumn>(db, options, caseSearch);
}
