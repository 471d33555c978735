import type { Agent } from '../../contract/agents';
import type { Page } from '../../contract/page';
import {
  CASE_SORT_FIELDS,
  CONTACT_SORT_FIELDS,
  type CaseRow,
  type ContactRow,
  type SearchQuery,
  LIVE_RECORD,
} from '../../contract/search';
import { recordLives } from '../revisions/record-life.repository';
import type { Db } from '../db/database';
import { notFound } from '../http/http-error';
import { parseSort, toPage } from '../http/paging';
import type { RecordKind } from '../db/record-kinds';
import { versionsInEffect, type InEffect } from '../revisions/revisions.repository';
import { romeDayRange, type DayRange } from '../revisions/rome-days';
import { findAgent, listActiveAgents, searchAccounts, searchCases, type AgentRow } from './agents.repository';

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

/** Every hit has a revision in the range, so both ends of it have a version in effect. */
function bothEnds(inEffect: Map<string, InEffect>, id: string): { earlier: number; later: number } {
  const found = inEffect.get(id);
  if (!found?.earlier || !found.later)
    throw new Error(`record ${id} matched the search but has no revision in effect`);
  return { earlier: found.earlier, later: found.later };
}

export class AgentsService {
  constructor(private readonly db: Db) {}

  async list(): Promise<Agent[]> {
    return (await listActiveAgents(this.db)).map(toAgent);
  }

  async searchContacts(agentId: string, query: SearchQuery): Promise<Page<ContactRow>> {
    await this.agent(agentId);
    const range = romeDayRange(query.dateFrom, query.dateTo);
    const { rows, total } = await searchAccounts(this.db, {
      agentId,
      range,
      deleted: query.deleted,
      filter: query.filter,
      sort: parseSort(query.sort, CONTACT_SORT_FIELDS, { column: 'creation_date', direction: 'desc' }),
      window: windowOf(query),
    });
    const inEffect = await this.inEffect('account', rows, range);
    const lives = await recordLives(
      this.db,
      'account',
      rows.map((r) => r.id),
    );
    const content = rows.map((row): ContactRow => {
      const { earlier, later } = bothEnds(inEffect, row.id);
      return {
        id: row.id,
        creation_date: iso(row.created_date),
        accountName: row.name,
        countSalesforceCases: row.case_count,
        salesforceUser: { phone: row.phone, email: row.email },
        earlierRevisionAccount: { id: earlier },
        laterRevisionAccount: { id: later },
        ...(lives.get(row.id) ?? LIVE_RECORD),
      };
    });
    return toPage(content, total, paged(query));
  }

  async searchCases(agentId: string, query: SearchQuery): Promise<Page<CaseRow>> {
    const agent = await this.agent(agentId);
    const range = romeDayRange(query.dateFrom, query.dateTo);
    const { rows, total } = await searchCases(this.db, {
      agentId,
      range,
      deleted: query.deleted,
      filter: query.filter,
      sort: parseSort(query.sort, CASE_SORT_FIELDS, { column: 'createdAt', direction: 'desc' }),
      window: windowOf(query),
    });
    const inEffect = await this.inEffect('case', rows, range);
    const lives = await recordLives(
      this.db,
      'case',
      rows.map((r) => r.id),
    );
    const content = rows.map((row): CaseRow => {
      const { earlier, later } = bothEnds(inEffect, row.id);
      return {
        id: row.id,
        description: row.description,
        caseNumber: row.case_number,
        createdAt: iso(row.created_date),
        salesforceUser: { username: agent.username, FirstName: agent.first_name, LastName: agent.last_name },
        earlierRevisionCase: { id: earlier },
        laterRevisionCase: { id: later },
        ...(lives.get(row.id) ?? LIVE_RECORD),
      };
    });
    return toPage(content, total, paged(query));
  }

  private inEffect(kind: RecordKind, rows: Array<{ id: string }>, range: DayRange) {
    return versionsInEffect(
      this.db,
      kind,
      rows.map((r) => r.id),
      range,
    );
  }

  private async agent(id: string): Promise<AgentRow> {
    const agent = await findAgent(this.db, id);
    if (!agent) throw notFound(`Agent ${id} not found`);
    return agent;
  }
}
