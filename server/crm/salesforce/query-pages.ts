import type { ChangedPage, CrmRecord } from '../crm-connector';
import type { SalesforceConnection } from './connection';

type QueryResult = {
  totalSize: number;
  done: boolean;
  nextRecordsUrl?: string;
  records: Record<string, unknown>[];
};

/**
 * The pages of a SOQL query, `batchSize` records a page at most, each next one from the `nextRecordsUrl` of the
 * one before until Salesforce says `done`. `queryAll` also sees the records in the recycle bin.
 */
export async function* query(
  connection: SalesforceConnection,
  soql: string,
  context: string,
  resource: 'query' | 'queryAll' = 'query',
  timeoutMs?: number,
): AsyncGenerator<ChangedPage> {
  const headers = { 'sforce-query-options': `batchSize=${connection.batchSize}` };
  let url: string | undefined = `/${resource}?q=${encodeURIComponent(soql)}`;
  while (url) {
    const result: QueryResult = await connection.call<QueryResult>(
      { method: 'GET', url, headers },
      context,
      timeoutMs,
    );
    yield { records: result.records as CrmRecord[], totalSize: result.totalSize };
    url = result.done ? undefined : result.nextRecordsUrl;
  }
}

/** A SOQL date-time literal; SOQL takes whole seconds, so the time is floored (callers compare with >=). */
export function soqlDateTime(time: Date): string {
  return new Date(Math.floor(time.getTime() / 1000) * 1000).toISOString().replace('.000Z', 'Z');
}

/** A query a caller waits for (a restore, a screen): one record's read timeout, not a sync page's. */
export const waitedQuery = (
  connection: SalesforceConnection,
  soql: string,
  context: string,
  resource: 'query' | 'queryAll' = 'query',
) => query(connection, soql, context, resource, connection.readTimeoutMs);
