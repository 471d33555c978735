import { sql, type RawBuilder } from 'kysely';
import type { CASE_SORT_FIELDS, CONTACT_SORT_FIELDS } from '../../contract/search';
import type { Db } from '../db/database';
import { containsPattern } from '../db/like';
import type { SortOrder } from '../http/paging';
import { recordKinds, type RecordKind } from '../db/record-kinds';
import { lifeColumns, type LifeColumns } from '../db/record-life-columns';
import { compiledStatement, type Placeholders } from '../db/compiled-statements';
import { inEffectColumns } from '../db/versions-in-effect';
import type { DayRange } from '../db/rome-days';

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
  };
/** The agent's names: a search answers them on every row, and on its one row when the page has no hit. */
export type AgentNames = {
  agent_username: string;
  agent_first_name: string | null;
  agent_last_name: string | null;
};
type Counted = AgentNames & { total: number; ord: number | null };

/** A search's values, given anew on every call; the rest of `SearchOptions` is the shape of its statement. */
type SearchValues = { agentId: string; range: DayRange; pattern: string; window: Window };
type SearchSlots = Placeholders<SearchValues>;

/** How one kind's search differs: its records' alias, sorts, filtered columns and the columns of a row. */
type KindSearch<F extends string> = {
  kind: RecordKind;
  alias: 'a' | 'c';
  orders: Record<F, RawBuilder<unknown>>;
  filterColumns: RawBuilder<unknown>[];
  columns: RawBuilder<unknown>;
};

type SearchShape = {
  search: KindSearch<string>;
  sort: SortOrder<string>;
  filtered: boolean;
  deleted: boolean;
};

/**
 * The records the agent owned in at least one revision saved in the range
 * (docs/product.md#agents-and-revisions): one range scan of the (owner_id, saved_at, record) index, however
 * large the agent's book.
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

/**
 * The hits' records. With a filter, each is read by its key: `offset 0` keeps the planner from making it a hash join
 * that tests the filter on every record of the table (50 ms on 60,000 cases, whatever the agent's hits).
 */
const recordsOfHits = (records: RawBuilder<unknown>, alias: RawBuilder<unknown>, filtered: boolean) =>
  filtered
    ? sql`cross join lateral (select * from ${records} x where x.id = h.id offset 0) ${alias}`
    : sql`join ${records} ${alias} on ${alias}.id = h.id`;

/**
 * One statement, one round trip whatever the page holds: the agent's row (none for an agent Storico does not know),
 * the hits filtered and ranked once, counted exactly, cut to the page; then the page's rows only get their columns,
 * versions in effect and lives (deleted, merged, re-created). A page without hits (none in the range, or a page past
 * the end) is one row with the agent's names, the total and nulls (decision record 014).
 */
const searchStatement = compiledStatement(
  ({ search, sort, filtered, deleted }: SearchShape) =>
    `${search.kind}:${sort.column}:${sort.direction}:${filtered}:${deleted}`,
  ({ search, sort, filtered, deleted }, values: SearchSlots) => {
    const records = sql.table(recordKinds[search.kind].records);
    const alias = sql.raw(search.alias);
    const order = orderOf(search.orders[sort.column]!, sort, sql`${alias}.id`);
    return sql<Counted>`
      with ranked as materialized (
        select ${alias}.id, row_number() over (order by ${order}) as ord
        from (${hitsOf(search.kind, deleted, values)}) h ${recordsOfHits(records, alias, filtered)}
        where ${filtered ? matching(search.filterColumns, values.pattern) : sql`true`}
      ), page as (
        select id, ord from ranked order by ord offset ${values.window.offset} limit ${values.window.limit}
      )
      select (select count(*) from ranked) as total, p.ord, u.username as agent_username,
        u.first_name as agent_first_name, u.last_name as agent_last_name, ${search.columns},
        ${inEffectColumns(search.kind, alias, values.range)},
        ${lifeColumns(search.kind, search.alias)}
      from sf_users u
        left join page p on true
        left join ${records} ${alias} on ${alias}.id = p.id
      where u.id = ${values.agentId}
      order by p.ord`;
  },
);

/** A page of the search and the exact total; undefined for an agent Storico does not know. */
async function searchPage<R extends { id: string | null }, F extends string>(
  db: Db,
  options: SearchOptions<F>,
  search: KindSearch<F>,
): Promise<SearchAnswer<R> | undefined> {
  const text = options.filter?.trim() ?? '';
  const shape = { search, sort: options.sort, filtered: text !== '', deleted: options.deleted };
  const values = {
    agentId: options.agentId,
    range: options.range,
    pattern: containsPattern(text),
    window: options.window,
  };
  const answer = (await searchStatement(db, shape, values)) as (R & Counted)[];
  const first = answer[0];
  if (!first) return undefined;
  const { agent_username, agent_first_name, agent_last_name } = first;
  return {
    rows: answer.filter((row) => row.id !== null),
    total: Number(first.total),
    agent: { agent_username, agent_first_name, agent_last_name },
  };
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
  columns: sql`a.id, a.name, a.email, a.phone, a.created_date, ${caseCount} as case_count`,
};

/** A search's page, its exact total and the agent's names. */
export type SearchAnswer<R> = { rows: R[]; total: number; agent: AgentNames };

/**
 * The agent's contacts with at least one revision in the range, how many cases each has, and its two versions;
 * undefined for an agent Storico does not know.
 */
export async function searchAccounts(
  db: Db,
  options: SearchOptions<ContactSortColumn>,
): Promise<SearchAnswer<AccountHit> | undefined> {
  const answer = await searchPage<AccountHit, ContactSortColumn>(db, options, contactSearch);
  return (
    answer && { ...answer, rows: answer.rows.map((row) => ({ ...row, case_count: Number(row.case_count) })) }
  );
}

export type CaseSortColumn = (typeof CASE_SORT_FIELDS)[number];

export type CaseHit = HitBase & {
  case_number: string | null;
  created_date: Date | null;
  description: string | null;
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
  columns: sql`c.id, c.case_number, c.created_date, c.description`,
};

/**
 * The agent's cases with at least one revision in the range. `sf_cases.description` holds what search shows (the
 * product feedback description, else the description), so neither the filter nor the sort reads a snapshot.
 */
export function searchCases(
  db: Db,
  options: SearchOptions<CaseSortColumn>,
): Promise<SearchAnswer<CaseHit> | undefined> {
  return searchPage<CaseHit, CaseSortColumn>(db, options, caseSearch);
}
