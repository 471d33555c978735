import type { Agent } from '../../contract/agents';
import type { Page } from '../../contract/page';
import {
  CASE_SORT_FIELDS,
  CONTACT_SORT_FIELDS,
  type CaseRow,
  type ContactRow,
  type SearchQuery,
} from '../../contract/search';
import { lifeOf } from '../revisions/record-life.repository';
import type { Db } from '../db/database';
import { notFound } from '../http/http-error';
import { parseSort, toPage, type SortOrder } from '../http/paging';
import { romeDayRange } from '../revisions/rome-days';
import {
  findAgent,
  listActiveAgents,
  searchAccounts,
  searchCases,
  type AgentRow,
  type InEffectIds,
} from './agents.repository';

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

/** What a search asks of the repository, whichever kind it lists. */
const searchOptions = <F extends string>(agentId: string, query: SearchQuery, sort: SortOrder<F>) => ({
  agentId,
  range: romeDayRange(query.dateFrom, query.dateTo),
  filter: query.filter,
  deleted: query.deleted,
  sort,
  window: windowOf(query),
});

/** Every hit has a revision in the range, so both ends of it have a version in effect. */
function bothEnds(row: InEffectIds & { id: string }): { earlier: number; later: number } {
  if (!row.earlier_id || !row.later_id)
    throw new Error(`record ${row.id} matched the search but has no revision in effect`);
  return { earlier: row.earlier_id, later: row.later_id };
}

export class AgentsService {
  constructor(private readonly db: Db) {}

  async list(): Promise<Agent[]> {
    return (await listActiveAgents(this.db)).map(toAgent);
  }

  async searchContacts(agentId: string, query: SearchQuery): Promise<Page<ContactRow>> {
    const { rows, total } = await searchAccounts(
      this.db,
      searchOptions(
        agentId,
        query,
        parseSort(query.sort, CONTACT_SORT_FIELDS, { column: 'creation_date', direction: 'desc' }),
      ),
    );
    await this.username(agentId, rows[0]);
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
    const { rows, total } = await searchCases(
      this.db,
      searchOptions(
        agentId,
        query,
        parseSort(query.sort, CASE_SORT_FIELDS, { column: 'createdAt', direction: 'desc' }),
      ),
    );
    const username = await this.username(agentId, rows[0]);
    const content = rows.map((row): CaseRow => {
      const { earlier, later } = bothEnds(row);
      return {
        id: row.id,
        description: row.description,
        caseNumber: row.case_number,
        createdAt: iso(row.created_date),
        salesforceUser: {
          username,
          FirstName: row.agent_first_name,
          LastName: row.agent_last_name,
        },
        earlierRevisionCase: { id: earlier },
        laterRevisionCase: { id: later },
        ...lifeOf(row),
      };
    });
    return toPage(content, total, paged(query));
  }

  /**
   * The agent's username; 404 for an agent Storico does not know. A page's rows name their agent, so it is looked
   * up only for a page without rows: a search with hits is one round trip.
   */
  private async username(id: string, first: { agent_username: string | null } | undefined): Promise<string> {
    if (first?.agent_username != null) return first.agent_username;
    const agent = await findAgent(this.db, id);
    if (!agent) throw notFound(`Agent ${id} not found`);
    return agent.username;
  }
}
