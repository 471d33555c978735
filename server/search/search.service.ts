import type { Agent } from '../../contract/agents';
import type { Page } from '../../contract/page';
import {
  CASE_SORT_FIELDS,
  CONTACT_SORT_FIELDS,
  type CaseRow,
  type ContactRow,
  type SearchQuery,
} from '../../contract/search';
import { lifeOf } from '../store/record-life.repository';
import type { Db } from '../db/database';
import { notFound } from '../http/http-error';
import { parseSort, toPage, type SortOrder } from '../http/paging';
import { romeDayRange } from '../db/rome-days';
import {
  listActiveAgents,
  searchAccounts,
  searchCases,
  type AgentRow,
  type InEffectIds,
  type SearchAnswer,
} from './search.repository';

const toAgent = (row: AgentRow): Agent => ({
  id: row.id,
  FirstName: row.first_name,
  LastName: row.last_name,
  username: row.username,
});

const iso = (date: Date | null) => (date ? new Date(date).toISOString() : null);

/** Search pages are always pages (`isPaged` is ignored): an agent may own thousands of records. */
const windowOf = (query: SearchQuery) => ({ offset: query.page * query.size, limit: query.size });
const paged = (query: SearchQuery) => ({ ...query, isPaged: true });

/** What a search asks of the repository, whichever kind it lists: the sort among `fields`, else `fallback`. */
const searchOptions = <F extends string>(
  agentId: string,
  query: SearchQuery,
  fields: readonly F[],
  fallback: SortOrder<F>,
) => ({
  agentId,
  range: romeDayRange(query.dateFrom, query.dateTo),
  filter: query.filter,
  deleted: query.deleted,
  sort: parseSort(query.sort, fields, fallback),
  window: windowOf(query),
});

/** Every hit has a revision in the range, so both ends of it have a version in effect. */
function bothEnds(row: InEffectIds & { id: string }): { earlier: number; later: number } {
  if (!row.earlier_id || !row.later_id)
    throw new Error(`record ${row.id} matched the search but has no revision in effect`);
  return { earlier: row.earlier_id, later: row.later_id };
}

/** A search's answer; 404 for an agent Storico does not know. */
function known<R>(agentId: string, answer: SearchAnswer<R> | undefined): SearchAnswer<R> {
  if (!answer) throw notFound(`Agent ${agentId} not found`);
  return answer;
}

export class SearchService {
  constructor(private readonly db: Db) {}

  async list(): Promise<Agent[]> {
    return (await listActiveAgents(this.db)).map(toAgent);
  }

  async searchContacts(agentId: string, query: SearchQuery): Promise<Page<ContactRow>> {
    const options = searchOptions(agentId, query, CONTACT_SORT_FIELDS, {
      column: 'creation_date',
      direction: 'desc',
    });
    const { rows, total } = known(agentId, await searchAccounts(this.db, options));
    const content = rows.map((row): ContactRow => {
      const { earlier, later } = bothEnds(row);
      return {
        id: row.id,
        creation_date: iso(row.created_date),
        accountName: row.name,
        countSalesforceCases: row.case_count,
        salesforceUser: { phone: row.phone, email: row.email },
        earlierRevisionAccount: { id: earlier },
        laterRevisionAccount: { id: later },
        ...lifeOf(row),
      };
    });
    return toPage(content, total, paged(query));
  }

  async searchCases(agentId: string, query: SearchQuery): Promise<Page<CaseRow>> {
    const options = searchOptions(agentId, query, CASE_SORT_FIELDS, {
      column: 'createdAt',
      direction: 'desc',
    });
    const { rows, total, agent } = known(agentId, await searchCases(this.db, options));
    const content = rows.map((row): CaseRow => {
      const { earlier, later } = bothEnds(row);
      return {
        id: row.id,
        description: row.description,
        caseNumber: row.case_number,
        createdAt: iso(row.created_date),
        salesforceUser: {
          username: agent.agent_username,
          FirstName: agent.agent_first_name,
          LastName: agent.agent_last_name,
        },
        earlierRevisionCase: { id: earlier },
        laterRevisionCase: { id: later },
        ...lifeOf(row),
      };
    });
    return toPage(content, total, paged(query));
  }
}
