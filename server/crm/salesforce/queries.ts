import {
  CrmError,
  toCrmAgent,
  type ChangedIds,
  type ChangedPage,
  type CrmAgent,
  type CrmObject,
  type CrmRecord,
  type SyncedObject,
} from '../crm-connector';
import { parseSfDateTime } from '../salesforce-dates';
import type { SalesforceConnection } from './connection';
import type { FieldPlans } from './describe';
import { personScope, toSnapshot } from './field-plan';
import { checkId, ID_PATTERN, quotedLists } from './ids';
import { plannedQuery } from './planned-query';
import { query, soqlDateTime, waitedQuery } from './query-pages';

/** The reads of live records: what the sync pages through, what a restore reads, the CRM's users. */
export class RecordQueries {
  constructor(
    private readonly connection: SalesforceConnection,
    private readonly plans: FieldPlans,
  ) {}

  async listAgents(): Promise<CrmAgent[]> {
    const fields = ['Id', 'Username', 'FirstName', 'LastName', 'Email', 'IsActive'];
    const agents: CrmAgent[] = [];
    const soql = `SELECT ${fields.join(', ')} FROM User WHERE UserType = 'Standard' ORDER BY Username`;
    for await (const page of query(this.connection, soql, 'Listing the CRM users'))
      agents.push(...page.records.map(toCrmAgent));
    return agents;
  }

  /**
   * User.Name is the user's first and last name as the org shows them, read-only (Object Reference, User:
   * https://developer.salesforce.com/docs/atlas.en-us.object_reference.meta/object_reference/sforce_api_objects_user.htm);
   * any user type, so that someone who is no agent (an integration or partner user) is named too.
   */
  async userNames(ids: readonly string[]): Promise<Map<string, string>> {
    const names = new Map<string, string>();
    const wanted = [...new Set(ids)].filter((id) => ID_PATTERN.test(id));
    for (const list of quotedLists(wanted)) {
      const soql = `SELECT Id, Name FROM User WHERE Id IN (${list.join(', ')})`;
      const context = `Reading the names of ${list.length} CRM users`;
      for await (const page of waitedQuery(this.connection, soql, context))
        for (const user of page.records)
          if (typeof user.Name === 'string' && user.Name !== '') names.set(user.Id, user.Name);
    }
    return names;
  }

  async *changedSince(object: SyncedObject, since: Date | null): AsyncGenerator<ChangedPage> {
    const plan = await this.plans.plan(object);
    const where = [...personScope(plan), ...(since ? [`SystemModstamp >= ${soqlDateTime(since)}`] : [])];
    const orderBy = 'SystemModstamp ASC, Id ASC';
    const context = `Reading changed ${object} records`;
    for await (const page of plannedQuery(this.connection, { object, plan, where, orderBy, context })) {
      yield { ...page, records: page.records.map((r) => toSnapshot(plan, r)) };
    }
  }

  async *businessAccountsChangedSince(since: Date | null): AsyncGenerator<ChangedIds> {
    const plan = await this.plans.plan('Account');
    personScope(plan); // refuses an org without person accounts, as every read of contacts does
    // A contact made a business account by a change of its record type leaves the person account scope of
    // changedSince(); the change stamps its SystemModstamp like any other.
    const where = [
      `${plan.personAccountField} = false`,
      ...(since ? [`SystemModstamp >= ${soqlDateTime(since)}`] : []),
    ];
    const soql = `SELECT Id, SystemModstamp FROM Account WHERE ${where.join(' AND ')} ORDER BY SystemModstamp ASC, Id ASC`;
    for await (const page of query(this.connection, soql, 'Reading changed business accounts')) {
      const stamps = page.records.map((record) => parseSfDateTime(record.SystemModstamp) ?? 0);
      yield { ids: page.records.map((record) => record.Id), newest: Math.max(0, ...stamps) };
    }
  }

  async readRecords(object: CrmObject, ids: readonly string[]): Promise<CrmRecord[]> {
    for (const id of ids) checkId(object, id);
    const plan = await this.plans.plan(object);
    const records: CrmRecord[] = [];
    for (const list of quotedLists(ids)) {
      const where = [`Id IN (${list.join(', ')})`];
      const context = `Reading ${list.length} ${object} records`;
      for await (const page of plannedQuery(this.connection, { object, plan, where, context }))
        records.push(...page.records.map((r) => toSnapshot(plan, r)));
    }
    return records;
  }

  async readRecord(object: CrmObject, id: string): Promise<CrmRecord> {
    checkId(object, id);
    const plan = await this.plans.plan(object);
    // A record's relationship fields (Owner.Name) can only be read through SOQL, not GET /sobjects/{type}/{id}.
    const read = { object, plan, where: [`Id = '${id}'`], context: `Reading ${object} ${id}` };
    for await (const page of plannedQuery(this.connection, {
      ...read,
      timeoutMs: this.connection.readTimeoutMs,
    })) {
      const record = page.records[0];
      if (record) return toSnapshot(plan, record);
    }
    throw new CrmError(`Reading ${object} ${id}: Salesforce said NOT_FOUND: no such record`, [
      { errorCode: 'NOT_FOUND', message: 'The requested resource does not exist' },
    ]);
  }

  async personContactId(accountId: string): Promise<string | null> {
    checkId('Account', accountId);
    const soql = `SELECT Id, PersonContactId FROM Account WHERE Id = '${accountId}'`;
    const context = `Reading the contact of Account ${accountId}`;
    for await (const page of waitedQuery(this.connection, soql, context)) {
      const value = page.records[0]?.PersonContactId;
      return typeof value === 'string' ? value : null;
    }
    return null;
  }
}
