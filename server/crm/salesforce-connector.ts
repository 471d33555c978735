import { Connection } from 'jsforce';
import { setDefaults as setJsforceDefaults } from 'jsforce/lib/request';
import {
  CrmError,
  type ChangedPage,
  type CrmAgent,
  type CrmConnector,
  type CrmErrorDetail,
  type CrmObject,
  type CrmRecord,
  toCrmAgent,
} from './crm-connector';
import { SALESFORCE_API_VERSION, snapshotFields, toWritableFields } from './crm-fields';
import { DEFAULT_RETRY, type RetryPolicy } from './retry';
import { soqlDateTime } from './salesforce-dates';
import {
  requestClientCredentialsToken,
  type SalesforceCredentials,
  type SalesforceToken,
} from './salesforce-token';

export type SalesforceConnectorOptions = SalesforceCredentials & {
  /** Records per query page asked of Salesforce (it may send fewer). */
  batchSize?: number;
  retry?: RetryPolicy;
  /** How long one request may go unanswered before it fails (and is retried like a network error). */
  requestTimeoutMs?: number;
};

export const DEFAULT_REQUEST_TIMEOUT_MS = 60_000;

type QueryResult = {
  totalSize: number;
  done: boolean;
  nextRecordsUrl?: string;
  records: Record<string, unknown>[];
};

/** Salesforce answers in error arrays; jsforce turns them into errors carrying `errorCode` and `data`. */
function toCrmError(error: unknown, context: string): CrmError {
  if (error instanceof CrmError) return error;
  const e = error as { errorCode?: string; data?: unknown; code?: string; message?: string; name?: string };
  if (e.name === 'FetchError' || (e.code && !e.errorCode)) {
    return new CrmError(`${context}: Salesforce could not be reached (${e.code ?? e.message})`);
  }
  const raw = Array.isArray(e.data) ? e.data : e.data && typeof e.data === 'object' ? [e.data] : [];
  const details: CrmErrorDetail[] = raw
    .filter((d): d is Record<string, unknown> => Boolean(d) && typeof d === 'object')
    .map((d) => ({
      message: String(d.message ?? ''),
      errorCode: String(d.errorCode ?? e.errorCode ?? 'UNKNOWN_ERROR'),
      ...(Array.isArray(d.fields) ? { fields: d.fields.map(String) } : {}),
    }));
  if (details.length === 0)
    details.push({ message: e.message ?? String(error), errorCode: e.errorCode ?? 'UNKNOWN_ERROR' });
  const said = details
    .map((d) => `${d.errorCode}: ${d.message}${d.fields?.length ? ` [${d.fields.join(', ')}]` : ''}`)
    .join('; ');
  return new CrmError(`${context}: Salesforce said ${said}`, details);
}

const withoutAttributes = (record: Record<string, unknown>): CrmRecord => {
  const { attributes: _attributes, ...rest } = record;
  return rest as CrmRecord;
};

const ID_PATTERN = /^[a-zA-Z0-9]{15}(?:[a-zA-Z0-9]{3})?$/;

/** Reads and writes Salesforce through its REST API (jsforce), authenticated by the client credentials flow. */
export class SalesforceConnector implements CrmConnector {
  private readonly retry: RetryPolicy;
  private connection: Promise<Connection> | undefined;
  private recentRefreshes: number[] = [];

  constructor(private readonly options: SalesforceConnectorOptions) {
    this.retry = options.retry ?? DEFAULT_RETRY;
    // jsforce's only request timeout is a process-wide default of 30 minutes: a CRM that stops answering would hold a
    // restore (and its claim) or a sync page that long. A process talks to one CRM, so one setting serves.
    setJsforceDefaults({
      followRedirect: true,
      timeout: options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS,
    });
  }

  async listAgents(): Promise<CrmAgent[]> {
    const fields = ['Id', 'Username', 'FirstName', 'LastName', 'Email', 'IsActive'];
    const agents: CrmAgent[] = [];
    const soql = `SELECT ${fields.join(', ')} FROM User WHERE UserType = 'Standard' ORDER BY Username`;
    for await (const page of this.query(soql, 'Listing the CRM users'))
      agents.push(...page.records.map(toCrmAgent));
    return agents;
  }

  changedSince(object: CrmObject, since: Date | null): AsyncIterable<ChangedPage> {
    const where = since ? ` WHERE SystemModstamp >= ${soqlDateTime(since)}` : '';
    const soql = `SELECT ${snapshotFields(object).join(', ')} FROM ${object}${where} ORDER BY SystemModstamp ASC, Id ASC`;
    return this.query(soql, `Reading changed ${object} records`);
  }

  async readRecord(object: CrmObject, id: string): Promise<CrmRecord> {
    this.checkId(object, id);
    const url = `/sobjects/${object}/${id}?fields=${snapshotFields(object).join(',')}`;
    const record = await this.call<Record<string, unknown>>(
      { method: 'GET', url },
      `Reading ${object} ${id}`,
    );
    return withoutAttributes(record);
  }

  async updateRecord(object: CrmObject, id: string, fields: Record<string, unknown>): Promise<void> {
    this.checkId(object, id);
    const writable = toWritableFields(object, fields);
    await this.call(
      {
        method: 'PATCH',
        url: `/sobjects/${object}/${id}`,
        body: JSON.stringify(writable),
        headers: { 'content-type': 'application/json' },
      },
      `Updating ${object} ${id}`,
    );
  }

  private checkId(object: CrmObject, id: string): void {
    if (!ID_PATTERN.test(id)) throw new CrmError(`${object} id '${id}' is not a Salesforce id`);
  }

  private async *query(soql: string, context: string): AsyncGenerator<ChangedPage> {
    const headers = { 'sforce-query-options': `batchSize=${this.options.batchSize ?? 2000}` };
    let url: string | undefined = `/query?q=${encodeURIComponent(soql)}`;
    while (url) {
      const result: QueryResult = await this.call<QueryResult>({ method: 'GET', url, headers }, context);
      yield { records: result.records.map(withoutAttributes), totalSize: result.totalSize };
      url = result.done ? undefined : result.nextRecordsUrl;
    }
  }

  private async call<T>(
    request: { method: 'GET' | 'PATCH'; url: string; body?: string; headers?: Record<string, string> },
    context: string,
  ): Promise<T> {
    const connection = await this.connect();
    try {
      // jsforce retries 5xx and network errors itself (with backoff) when told which methods may be repeated.
      return await connection.request<T>(request, {
        retry: {
          maxRetries: this.retry.maxRetries,
          minTimeout: this.retry.minTimeoutMs,
          timeoutFactor: this.retry.factor,
          statusCodes: [500, 502, 503, 504],
          methods: ['GET', 'PATCH'],
        },
      });
    } catch (error) {
      throw toCrmError(error, context);
    }
  }

  private connect(): Promise<Connection> {
    this.connection ??= this.token().then(
      (token) =>
        new Connection({
          instanceUrl: token.instanceUrl,
          accessToken: token.accessToken,
          version: SALESFORCE_API_VERSION,
          // On a 401 jsforce calls this, then repeats the request with the new token.
          refreshFn: (conn, callback) => {
            this.refresh().then(
              (fresh) => {
                conn.instanceUrl = fresh.instanceUrl;
                callback(null, fresh.accessToken);
              },
              (error: Error) => callback(error),
            );
          },
        }),
    );
    // A failed login is not cached: the next call tries again.
    this.connection.catch(() => (this.connection = undefined));
    return this.connection;
  }

  private token(): Promise<SalesforceToken> {
    return requestClientCredentialsToken(this.options, this.retry);
  }

  /** Fresh tokens that are refused at once would make jsforce refresh forever: stop after a few. */
  private refresh(): Promise<SalesforceToken> {
    const now = Date.now();
    this.recentRefreshes = this.recentRefreshes.filter((t) => now - t < 60_000);
    if (this.recentRefreshes.length >= 3) {
      return Promise.reject(new CrmError('Salesforce keeps refusing freshly issued access tokens'));
    }
    this.recentRefreshes.push(now);
    return this.token();
  }
}
