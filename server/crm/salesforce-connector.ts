import { Connection } from 'jsforce';
import { ApiSchemas } from 'jsforce/lib/api/soap/schema';
import { setDefaults as setJsforceDefaults } from 'jsforce/lib/request';
import { SOAP, type SOAPOptions } from 'jsforce/lib/soap';
import { GATEWAY_STATUSES, Redirected, StatusTransport } from './answer-status';
import {
  CrmError,
  CrmOutcomeUnknown,
  type ChangedIds,
  type ChangedPage,
  type CrmAgent,
  type CrmConnector,
  type CrmErrorDetail,
  type CrmObject,
  type CrmRecord,
  type ApiUsage,
  type DeletedLookup,
  type DeletedRecord,
  type DeletedSince,
  type RecordState,
  toCrmAgent,
} from './crm-connector';
import {
  planFields,
  SALESFORCE_API_VERSION,
  selectList,
  toSnapshot,
  toWriteBody,
  holdsCreate,
  lookupValues,
  writableFields,
  neverEmptyFields,
  type DescribeField,
  type FieldPlan,
} from './crm-fields';
import { movedInstance } from './moved-instance';
import { keyHolder, withoutKey, type KeyHolder, type UpsertAnswer } from './recreate-key';
import { DEFAULT_RETRY, type RetryPolicy } from './retry';
import { parseSfDateTime, replicationDateTime, soqlDateTime } from './salesforce-dates';
import {
  requestClientCredentialsToken,
  type SalesforceCredentials,
  type SalesforceToken,
} from './salesforce-token';

export type SalesforceConnectorOptions = SalesforceCredentials & {
  /**
   * Records per query page asked of Salesforce, 200 to 2,000 (it may send fewer)
   * (https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/headers_queryoptions.htm).
   */
  batchSize?: number;
  retry?: RetryPolicy;
  /** How long a read of one record may go unanswered, its retries included, before it fails. */
  readTimeoutMs?: number;
  /** The same for a page of a bulk query, a describe or the limits (default 60 s). */
  bulkReadTimeoutMs?: number;
  /** How long a write (PATCH, POST, SOAP undelete) may go unanswered before its outcome is reported unknown. */
  writeTimeoutMs?: number;
  /**
   * The API name of the org's re-create key field on Account and Case (SF_RECREATE_KEY_FIELD): a Text External ID
   * field a re-created record holds its purged predecessor's Id in (recreate-key.ts).
   */
  recreateKeyField?: string;
  /** Told once about each catalogued field the org lacks or hides. */
  logger?: { warn(details: object, message: string): void };
};

/** After a refusal for the daily limit, the org is asked again (GET /limits) at most this often. */
const LIMIT_RECHECK_MS = 60_000;

/** A read of one record, which a restore makes while its reviewer waits (SF_READ_TIMEOUT_S). */
export const DEFAULT_READ_TIMEOUT_MS = 5_000;
/** A page of up to 2,000 records, a describe or the limits: the sync's reads, which nobody waits for. */
const BULK_READ_TIMEOUT_MS = 60_000;
export const DEFAULT_WRITE_TIMEOUT_MS = 10_000;

/**
 * jsforce's timeout stops waiting for the status line only: an answer whose body never ends (a connection dropped
 * half-way through the answer) would hold the call for ever. Past its timeout plus this, the call is given up.
 */
const BODY_GRACE_MS = 1_000;

/**
 * Errors of a connection that was never made: the request did not leave, so a write surely did not happen.
 * Any other network error on a write may come after the CRM received it.
 */
const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH']);

const isWrite = (method: string) => method !== 'GET';

/** A write that got no usable answer: a timeout, a dropped connection, or a gateway that gave up waiting. */
function unansweredWrite(error: unknown): boolean {
  if (error instanceof CrmOutcomeUnknown) return true;
  const e = error as { name?: string; code?: string; message?: string; errorCode?: string };
  if (e.message === 'Request Timeout' || e.name === 'AbortError') return true;
  if (e.name === 'FetchError') return !NOT_SENT_CODES.has(e.code ?? '');
  return false;
}

/** Rejects as jsforce's own timeout does ('Request Timeout') when `promise` takes longer than `ms`. */
const withDeadline = <T>(promise: Promise<T>, ms: number): Promise<T> => {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('Request Timeout')), ms);
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
};

/** How long Salesforce keeps deleted records in the recycle bin (and lists them in Get Deleted). */
const RECYCLE_BIN_DAYS = 15;
/** The proxy jsforce reads from the environment by default (jsforce/lib/transport.js). */
const proxyFromEnvironment = () =>
  process.env.https_proxy ?? process.env.http_proxy ?? process.env.HTTPS_PROXY ?? process.env.HTTP_PROXY;

/** Get Deleted's start must precede its end by more than a minute, seconds dropped. */
const MIN_REPLICATION_SPAN_MS = 2 * 60_000;
/** Get Deleted's own limit of ids a call: one run lists no more, the next one goes on from there. */
const DELETED_IDS_PER_RUN = 600_000;
const tooManyIds = (error: unknown) => error instanceof CrmError && error.errorCode === 'EXCEEDED_ID_LIMIT';
/** sObject Get Deleted's answer; `earliestDateAvailable` may be missing where nothing was ever purged. */
type DeletedAnswer = {
  deletedRecords: Array<{ id: string; deletedDate: string }>;
  latestDateCovered: string;
  earliestDateAvailable?: string;
};

type QueryResult = {
  totalSize: number;
  done: boolean;
  nextRecordsUrl?: string;
  records: Record<string, unknown>[];
};

/** Salesforce answers in error arrays; jsforce turns them into errors carrying `errorCode` and `data`. */
/**
 * A SOAP fault carries its ExceptionCode ("the API returns a SOAP fault message with an associated ExceptionCode":
 * https://developer.salesforce.com/docs/atlas.en-us.api.meta/api/sforce_api_concepts_errorhandling.htm) as a
 * qualified name in its faultcode, `sf:REQUEST_LIMIT_EXCEEDED`, which jsforce passes on as it is; REST says the
 * same code without a prefix.
 */
const errorCodeOf = (code: unknown) =>
  code === undefined || code === null ? 'UNKNOWN_ERROR' : String(code).replace(/^[A-Za-z_][\w.-]*:/, '');

function toCrmError(error: unknown, context: string): CrmError {
  if (error instanceof CrmError) return error;
  if (error instanceof Redirected) {
    // Not sent on: the redirect names no other host of the org (movedInstance), or a second one came.
    const to = `a redirect (HTTP ${error.status}) to ${error.location ?? 'no address'}`;
    const message = isWrite(error.method)
      ? `${to}: nothing was written, and a write is not sent on elsewhere`
      : `${to}: nothing was read, and a read (with its access token) is sent on only once, and only to another host of the org`;
    return new CrmError(`${context}: Salesforce answered ${message}`, [
      { errorCode: `HTTP_${error.status}`, message },
    ]);
  }
  const e = error as { errorCode?: string; data?: unknown; code?: string; message?: string; name?: string };
  if (e.message === 'Request Timeout') {
    return new CrmError(`${context}: Salesforce could not be reached: no answer in time`);
  }
  if (e.name === 'FetchError' || (e.code && !e.errorCode)) {
    return new CrmError(`${context}: Salesforce could not be reached (${e.code ?? e.message})`);
  }
  const raw = Array.isArray(e.data) ? e.data : e.data && typeof e.data === 'object' ? [e.data] : [];
  const details: CrmErrorDetail[] = raw
    .filter((d): d is Record<string, unknown> => Boolean(d) && typeof d === 'object')
    .map((d) => ({
      message: String(d.message ?? ''),
      errorCode: errorCodeOf(d.errorCode ?? e.errorCode),
      ...(Array.isArray(d.fields) ? { fields: d.fields.map(String) } : {}),
    }));
  if (details.length === 0)
    details.push({ message: e.message ?? String(error), errorCode: errorCodeOf(e.errorCode) });
  const said = details
    .map((d) => `${d.errorCode}: ${d.message}${d.fields?.length ? ` [${d.fields.join(', ')}]` : ''}`)
    .join('; ');
  return new CrmError(`${context}: Salesforce said ${said}`, details);
}

const describe = (error: unknown) => {
  const e = error as { code?: string; message?: string };
  return e.code ?? e.message ?? String(error);
};

/** A query's fields with the record's life: IsDeleted and, where the org has it, the survivor of a merge. */
const withLife = (plan: FieldPlan) => [
  ...selectList(plan),
  'IsDeleted',
  ...(plan.mergeField ? [plan.mergeField] : []),
];

/** A record in the recycle bin as Storico keeps it: IsDeleted, and MasterRecordId the survivor of a merge or null. */
function binSnapshot(plan: FieldPlan, record: { Id: string; [field: string]: unknown }): CrmRecord {
  const survivor = plan.mergeField ? record[plan.mergeField] : null;
  return {
    ...toSnapshot(plan, record),
    IsDeleted: true,
    MasterRecordId: typeof survivor === 'string' ? survivor : null,
  };
}

const ID_PATTERN = /^[a-zA-Z0-9]{15}(?:[a-zA-Z0-9]{3})?$/;
/**
 * Ids named in one query (`Id IN (...)`): a query's SOQL travels in its URL, about 30 characters an id once encoded,
 * and Salesforce takes at most 16,384 bytes for a URI with its headers
 * (https://help.salesforce.com/s/articleView?id=000386264&type=1).
 */
const IDS_PER_QUERY = 200;

/** Reads and writes Salesforce through its REST API (jsforce), authenticated by the client credentials flow. */
export class SalesforceConnector implements CrmConnector {
  private readonly retry: RetryPolicy;
  private connection: Promise<Connection> | undefined;
  private recentRefreshes: number[] = [];
  /** Why the last token refresh failed: jsforce reports it in an error of its own, without the code. */
  private refreshFailure: Error | undefined;
  /** The instance URL before the last token that named another (see onCurrentInstance). */
  private formerInstanceUrl: string | undefined;
  private plans = new Map<CrmObject, FieldPlan>();
  private reportedMissing = new Set<string>();
  private usage: ApiUsage | null = null;
  private logger: SalesforceConnectorOptions['logger'];
  private exceededAt: number | undefined;
  private limitsCheckedAt = 0;

  private readonly readTimeoutMs: number;
  private readonly writeTimeoutMs: number;

  constructor(private readonly options: SalesforceConnectorOptions) {
    this.retry = options.retry ?? DEFAULT_RETRY;
    this.readTimeoutMs = options.readTimeoutMs ?? DEFAULT_READ_TIMEOUT_MS;
    this.writeTimeoutMs = options.writeTimeoutMs ?? DEFAULT_WRITE_TIMEOUT_MS;
    this.logger = options.logger;
    // jsforce's request timeout defaults to a process-wide 30 minutes: a CRM that stops answering would hold a
    // restore (and its claim) or a sync page that long. REST calls get their own timeout below; the SOAP undelete,
    // a write, takes this default. A process talks to one CRM, so one setting serves.
    // The defaults are replaced whole, so the proxy jsforce takes from the environment is passed on. jsforce never
    // follows a redirect: it would send the access token to whatever host the Location names (StatusTransport).
    setJsforceDefaults({
      followRedirect: false,
      timeout: this.writeTimeoutMs,
      httpProxy: proxyFromEnvironment(),
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

  /**
   * User.Name is the user's first and last name as the org shows them, read-only (Object Reference, User:
   * https://developer.salesforce.com/docs/atlas.en-us.object_reference.meta/object_reference/sforce_api_objects_user.htm);
   * any user type, so that someone who is no agent (an integration or partner user) is named too.
   */
  async userNames(ids: readonly string[]): Promise<Map<string, string>> {
    const names = new Map<string, string>();
    const wanted = [...new Set(ids)].filter((id) => ID_PATTERN.test(id));
    for (let start = 0; start < wanted.length; start += IDS_PER_QUERY) {
      const list = wanted.slice(start, start + IDS_PER_QUERY).map((id) => `'${id}'`);
      const soql = `SELECT Id, Name FROM User WHERE Id IN (${list.join(', ')})`;
      for await (const page of this.query(
        soql,
        `Reading the names of ${list.length} CRM users`,
        'query',
        this.readTimeoutMs,
      ))
        for (const user of page.records)
          if (typeof user.Name === 'string' && user.Name !== '') names.set(user.Id, user.Name);
    }
    return names;
  }

  /** Where missing fields are reported (the app's logger, once it exists). */
  useLogger(logger: NonNullable<SalesforceConnectorOptions['logger']>): void {
    this.logger = logger;
  }

  async refreshSchema(): Promise<void> {
    for (const object of ['Account', 'Case'] as const) {
      const describe = await this.call<{ fields: DescribeField[] }>(
        { method: 'GET', url: `/sobjects/${object}/describe` },
        `Describing ${object}`,
      );
      const plan = planFields(object, describe.fields, this.options.recreateKeyField);
      this.plans.set(object, plan);
      this.reportUnusableKey(plan);
      const unseen = plan.missing.filter((f) => !this.reportedMissing.has(`${object}.${f}`));
      if (unseen.length > 0) {
        for (const f of unseen) this.reportedMissing.add(`${object}.${f}`);
        this.logger?.warn(
          { object, fields: unseen },
          'CRM fields missing or hidden from the integration user: left out of every snapshot',
        );
      }
    }
  }

  /** Tells once per object that the re-create key is set but the org has no field a re-create can go by. */
  private reportUnusableKey(plan: FieldPlan): void {
    const field = this.options.recreateKeyField;
    const reported = `${plan.object}:recreate-key`;
    if (!field || plan.recreateKey || this.reportedMissing.has(reported)) return;
    this.reportedMissing.add(reported);
    this.logger?.warn(
      { object: plan.object, field },
      'The re-create key field is missing, hidden from the integration user, or not a Text External ID field it can ' +
        'create and edit: a purged record is created again without it, and a create whose answer was lost is ' +
        'looked for by its values',
    );
  }

  missingFields(): Partial<Record<CrmObject, string[]>> {
    const out: Partial<Record<CrmObject, string[]>> = {};
    for (const [object, plan] of this.plans) if (plan.missing.length > 0) out[object] = plan.missing;
    return out;
  }

  async writableFields(object: CrmObject): Promise<string[]> {
    return writableFields(await this.plan(object));
  }

  async neverEmptyFields(object: CrmObject): Promise<string[]> {
    return neverEmptyFields(await this.plan(object));
  }

  async *changedSince(object: CrmObject, since: Date | null): AsyncGenerator<ChangedPage> {
    const plan = await this.plan(object);
    const where = [...this.scope(plan), ...(since ? [`SystemModstamp >= ${soqlDateTime(since)}`] : [])];
    const soql = `SELECT ${selectList(plan).join(', ')} FROM ${object}${where.length ? ` WHERE ${where.join(' AND ')}` : ''} ORDER BY SystemModstamp ASC, Id ASC`;
    for await (const page of this.query(soql, `Reading changed ${object} records`)) {
      yield { ...page, records: page.records.map((r) => toSnapshot(plan, r)) };
    }
  }

  async *businessAccountsChangedSince(since: Date | null): AsyncGenerator<ChangedIds> {
    const plan = await this.plan('Account');
    this.scope(plan); // refuses an org without person accounts, as every read of contacts does
    // A contact made a business account by a change of its record type leaves the person account scope of
    // changedSince(); the change stamps its SystemModstamp like any other.
    const where = [
      `${plan.personAccountField} = false`,
      ...(since ? [`SystemModstamp >= ${soqlDateTime(since)}`] : []),
    ];
    const soql = `SELECT Id, SystemModstamp FROM Account WHERE ${where.join(' AND ')} ORDER BY SystemModstamp ASC, Id ASC`;
    for await (const page of this.query(soql, 'Reading changed business accounts')) {
      const stamps = page.records.map((record) => parseSfDateTime(record.SystemModstamp) ?? 0);
      yield { ids: page.records.map((record) => record.Id), newest: Math.max(0, ...stamps) };
    }
  }

  async readRecords(object: CrmObject, ids: readonly string[]): Promise<CrmRecord[]> {
    for (const id of ids) this.checkId(object, id);
    const plan = await this.plan(object);
    const records: CrmRecord[] = [];
    for (let start = 0; start < ids.length; start += IDS_PER_QUERY) {
      const list = ids.slice(start, start + IDS_PER_QUERY).map((id) => `'${id}'`);
      const soql = `SELECT ${selectList(plan).join(', ')} FROM ${object} WHERE Id IN (${list.join(', ')})`;
      for await (const page of this.query(soql, `Reading ${list.length} ${object} records`))
        records.push(...page.records.map((r) => toSnapshot(plan, r)));
    }
    return records;
  }

  async readRecord(object: CrmObject, id: string): Promise<CrmRecord> {
    this.checkId(object, id);
    const plan = await this.plan(object);
    // A record's relationship fields (Owner.Name) can only be read through SOQL, not GET /sobjects/{type}/{id}.
    const soql = `SELECT ${selectList(plan).join(', ')} FROM ${object} WHERE Id = '${id}'`;
    for await (const page of this.query(soql, `Reading ${object} ${id}`, 'query', this.readTimeoutMs)) {
      const record = page.records[0];
      if (record) return toSnapshot(plan, record);
    }
    throw new CrmError(`Reading ${object} ${id}: Salesforce said NOT_FOUND: no such record`, [
      { errorCode: 'NOT_FOUND', message: 'The requested resource does not exist' },
    ]);
  }

  async personContactId(accountId: string): Promise<string | null> {
    this.checkId('Account', accountId);
    const soql = `SELECT Id, PersonContactId FROM Account WHERE Id = '${accountId}'`;
    const context = `Reading the contact of Account ${accountId}`;
    for await (const page of this.query(soql, context, 'query', this.readTimeoutMs)) {
      const value = page.records[0]?.PersonContactId;
      return typeof value === 'string' ? value : null;
    }
    return null;
  }

  async updateRecord(object: CrmObject, id: string, fields: Record<string, unknown>): Promise<void> {
    this.checkId(object, id);
    const body = toWriteBody(await this.plan(object), fields);
    await this.call(
      {
        method: 'PATCH',
        url: `/sobjects/${object}/${id}`,
        body: JSON.stringify(body),
        headers: { 'content-type': 'application/json', ...this.writeHeaders(object) },
      },
      `Updating ${object} ${id}`,
    );
  }

  private writeHeaders(object: CrmObject): Record<string, string> {
    return {
      // Assignment Rule Header: without it REST API runs the active assignment rules on every update and insert,
      // which can hand a restored case to a queue
      // (https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api/headers_autoassign.htm).
      'sforce-auto-assign': 'FALSE',
      // Duplicate Rule Header: a restored person account may match a duplicate rule; the restore is the
      // reviewed intent, so the save is allowed
      // (https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/headers_duplicaterules.htm).
      ...(object === 'Account' ? { 'sforce-duplicate-rule-header': 'allowSave=true' } : {}),
    };
  }

  async createRecord(object: CrmObject, fields: Record<string, unknown>, formerId: string): Promise<string> {
    const plan = await this.plan(object);
    if (plan.recreateKey)
      return this.upsertByKey(object, plan.recreateKey, formerId, toWriteBody(plan, fields, 'upsert'));
    const body = toWriteBody(plan, fields, 'create');
    // sObject Create answers 201 {id, success, errors}
    // (https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/dome_sobject_create.htm).
    const answer = await this.call<{ id?: unknown } | undefined>(
      {
        method: 'POST',
        url: `/sobjects/${object}`,
        body: JSON.stringify(body),
        headers: { 'content-type': 'application/json', ...this.writeHeaders(object) },
      },
      `Creating ${object}`,
    );
    // A success without the Id (a proxy's page, say) cannot say whether, or which, record was made: as with an
    // answer that never came, the record is looked for before any new create (findCreated).
    if (typeof answer?.id !== 'string' || !ID_PATTERN.test(answer.id))
      throw new CrmOutcomeUnknown(`Creating ${object}: Salesforce answered without the new record's Id`);
    return answer.id;
  }

  /**
   * The create as an upsert by the re-create key, the purged record's Id its value (sObject Rows by External ID,
   * https://developer.salesforce.com/docs/platform/api-rest/guide/dome-upsert.html): 201 created, 200 updated
   * (the record an earlier create whose answer was lost made, whatever was changed on it since), both answering
   * its Id; 204, an update answered as API versions before 46.0 do, without a body: the Id is read by the key. 300,
   * "the external ID is matched multiple times": nothing was written, and the records holding the key are named.
   *
   * The body holds only fields describe says are both createable and updateable (toWriteBody's 'upsert'): "If the
   * external ID is matched one time, then the record is updated according to the request body"
   * (https://developer.salesforce.com/docs/platform/api-rest/guide/dome-upsert.html), and an update naming a field
   * that is not updateable is refused whole with INVALID_FIELD_FOR_INSERT_UPDATE, as a create naming one that is not
   * createable is. A createable-only field is therefore never sent, on either path: the audit fields an org lets a
   * create set are such fields, and "this only works for INSERT, not UPSERT"
   * (https://help.salesforce.com/s/articleView?id=000176484&type=1), so a record re-created by the key takes its
   * CreatedDate from the org.
   */
  private async upsertByKey(
    object: CrmObject,
    key: string,
    formerId: string,
    body: Record<string, unknown>,
  ): Promise<string> {
    this.checkId(object, formerId);
    const context = `Re-creating ${object} ${formerId} by ${key}`;
    let answer: UpsertAnswer;
    try {
      answer = await this.call<UpsertAnswer>(
        {
          method: 'PATCH',
          url: `/sobjects/${object}/${key}/${formerId}`,
          body: JSON.stringify(withoutKey(body, key)),
          headers: { 'content-type': 'application/json', ...this.writeHeaders(object) },
        },
        context,
      );
    } catch (error) {
      // jsforce reports a 300 as MULTIPLE_CHOICES (its body, the records' URLs, is read again by the key).
      if (error instanceof CrmOutcomeUnknown || !(error instanceof CrmError)) throw error;
      if (error.errorCode !== 'MULTIPLE_CHOICES') throw error;
      return this.mustFindByKey(object, key, formerId, context);
    }
    const id = answer?.id;
    return typeof id === 'string' && ID_PATTERN.test(id)
      ? id
      : this.mustFindByKey(object, key, formerId, context);
  }

  /** The record holding `value` as its key, after an upsert by it that named none. */
  private async mustFindByKey(
    object: CrmObject,
    key: string,
    value: string,
    context: string,
  ): Promise<string> {
    const id = await this.findByKey(object, key, value, context);
    if (id) return id;
    throw new CrmError(`${context}: Salesforce answered the upsert, but no record holds ${key} ${value}`);
  }

  /**
   * The record holding `value` as its key (keyHolder). QueryAll, which also sees the recycle bin: a record an
   * unanswered create made may have been deleted since, and it is still the one Storico made, to be undeleted
   * rather than made a second time (https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/resources_queryall.htm).
   */
  private async findByKey(
    object: CrmObject,
    key: string,
    value: string,
    context = `Looking for the ${object} re-created in place of ${value}`,
  ): Promise<string | null> {
    const soql = `SELECT Id, IsDeleted FROM ${object} WHERE ${key} = '${value}'`;
    const holders: KeyHolder[] = [];
    for await (const page of this.query(soql, context, 'queryAll', this.readTimeoutMs))
      holders.push(...page.records.map((r) => ({ id: r.Id, deleted: r.IsDeleted === true })));
    return keyHolder({ context, object, key, value }, holders);
  }

  /**
   * The record a create in place of `formerId` made: the one holding `formerId` as its key, where the org has the
   * key field. Else, or when none holds it (a create sent before the org had the field), by its values: among the
   * records created since `since` and owned as `fields` says, live or in the recycle bin (a live one first), one
   * holding every value a create of `fields` sends, which a change made since hides. SOQL filters on SystemModstamp,
   * a system field of every object that no call sets
   * (https://developer.salesforce.com/docs/atlas.en-us.object_reference.meta/object_reference/system_fields.htm): a
   * record made since then was stamped since then, where its CreatedDate is the one sent when the org lets a create
   * set audit fields. And on OwnerId, which a create sends and assignment rules do not change here (see
   * writeHeaders); the values are compared here, so a field SOQL cannot filter on (a long text area) still counts.
   */
  async findCreated(
    object: CrmObject,
    fields: Record<string, unknown>,
    since: Date,
    formerId: string,
  ): Promise<string | null> {
    const plan = await this.plan(object);
    if (plan.recreateKey) {
      this.checkId(object, formerId);
      const id = await this.findByKey(object, plan.recreateKey, formerId);
      if (id) return id;
    }
    const sent = toWriteBody(plan, fields, 'create');
    const owner = typeof sent.OwnerId === 'string' && ID_PATTERN.test(sent.OwnerId) ? sent.OwnerId : null;
    const where = [
      ...this.scope(plan),
      `SystemModstamp >= ${soqlDateTime(since)}`,
      ...(owner ? [`OwnerId = '${owner}'`] : []),
    ];
    const soql = `SELECT ${[...selectList(plan), 'IsDeleted'].join(', ')} FROM ${object} WHERE ${where.join(' AND ')} ORDER BY CreatedDate ASC, Id ASC`;
    // QueryAll, as by the key (findByKey): the record may have been deleted since, and is then undeleted, not made
    // again (https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/resources_queryall.htm).
    let deleted: string | null = null;
    const context = `Looking for a created ${object}`;
    for await (const page of this.query(soql, context, 'queryAll', this.readTimeoutMs)) {
      for (const record of page.records) {
        if (!holdsCreate(plan, sent, toSnapshot(plan, record))) continue;
        if (record.IsDeleted !== true) return record.Id;
        deleted ??= record.Id;
      }
    }
    return deleted;
  }

  /**
   * The ids and times come from sObject Get Deleted, the documented replication resource, which reaches back 15
   * days at most and ignores seconds
   * (https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api/resources_getdeleted.htm); the last
   * state of each record from QueryAll, which also returns records in the recycle bin
   * (https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/resources_queryall.htm). A record
   * listed but live again (undeleted since) is left out.
   *
   * getDeleted()'s rules (https://developer.salesforce.com/docs/atlas.en-us.api.meta/api/sforce_api_calls_getdeleted.htm):
   * the start must precede the end "by more than one minute", and once the recycle bin has been purged a start
   * before the purge is refused with INVALID_REPLICATION_DATE. The REST answer also carries `earliestDateAvailable`
   * (https://developer.salesforce.com/docs/platform/api-rest/guide/dome-get-deleted.md), "the timestamp ... of the
   * last physically deleted object" (GetDeletedResult,
   * https://developer.salesforce.com/docs/atlas.en-us.api.meta/object_ref/sforce_api_calls_getdeleted_getdeletedresult.htm):
   * one later than the call's start says the same as the refusal, that the log no longer reaches back to it, as
   * does a start older than the 15 days Get Deleted covers. Either way the deletions still in the recycle bin are
   * read with QueryAll instead (IsDeleted, dated by SystemModstamp,
   * which is where Get Deleted takes its deletedDate from), and the answer says that records purged before this call
   * may be missing.
   *
   * Get Deleted lists 600,000 ids at most: "If more than 600,000 IDs are found, EXCEEDED_ID_LIMIT is returned. You
   * can correct the error by choosing start and end dates that are closer together." A span refused so is halved,
   * and the spans follow one another up to now; past 600,000 ids the rest is left to the next run.
   */
  async deletedSince(object: CrmObject, since: Date | null): Promise<DeletedSince> {
    const now = Date.now();
    const oldest = now - RECYCLE_BIN_DAYS * 86_400_000 + 60_000;
    // Two minutes, as the seconds of both ends are dropped.
    const start = new Date(Math.min(Math.max(since?.getTime() ?? 0, oldest), now - MIN_REPLICATION_SPAN_MS));
    const listed = new Map<string, string>();
    let latestDateCovered = start;
    let end = now;
    const fromRecycleBin = async () => ({
      ...(await this.recycleBinSince(
        object,
        new Date(Math.min(since?.getTime() ?? now, start.getTime())),
        new Date(now),
      )),
      purgedLog: true,
    });
    // A last run longer ago than Get Deleted reaches back: records deleted and purged in between are in no list.
    if (since !== null && since.getTime() < oldest) return fromRecycleBin();
    for (;;) {
      let answer: DeletedAnswer;
      try {
        answer = await this.listDeleted(object, latestDateCovered, new Date(end));
      } catch (error) {
        if (error instanceof CrmError && error.errorCode === 'INVALID_REPLICATION_DATE')
          return fromRecycleBin();
        const span = end - latestDateCovered.getTime();
        if (!tooManyIds(error) || span < 2 * MIN_REPLICATION_SPAN_MS) throw error;
        end -= Math.floor(span / 2);
        continue;
      }
      // Deletions up to the start were listed by the call before (its latestDateCovered); a later one is gone.
      const purged = parseSfDateTime(answer.earliestDateAvailable);
      if (purged !== undefined && purged > latestDateCovered.getTime()) return fromRecycleBin();
      for (const d of answer.deletedRecords) listed.set(d.id, d.deletedDate);
      const covered = parseSfDateTime(answer.latestDateCovered) ?? latestDateCovered.getTime();
      const advanced = covered > latestDateCovered.getTime();
      latestDateCovered = new Date(Math.max(covered, latestDateCovered.getTime()));
      if (end >= now || !advanced || listed.size >= DELETED_IDS_PER_RUN) break;
      if (now - latestDateCovered.getTime() < MIN_REPLICATION_SPAN_MS) break;
      end = now;
    }
    const ids = [...listed.keys()].filter((id) => ID_PATTERN.test(id));
    const byIds: string[][] = [];
    for (let i = 0; i < ids.length; i += IDS_PER_QUERY)
      byIds.push([
        `Id IN (${ids
          .slice(i, i + IDS_PER_QUERY)
          .map((id) => `'${id}'`)
          .join(', ')})`,
      ]);
    const snapshots = await this.deletedSnapshots(object, byIds);
    const deleted: DeletedRecord[] = [];
    const business: DeletedRecord[] = [];
    for (const [id, deletedDate] of listed) {
      const found = snapshots.get(id);
      if (found === 'live') continue;
      (found?.business ? business : deleted).push({
        id,
        deletedAt: new Date(parseSfDateTime(deletedDate) ?? Date.parse(deletedDate)),
        snapshot: found?.snapshot ?? null,
      });
    }
    return { deleted, business, latestDateCovered, purgedLog: false };
  }

  /**
   * One sObject Get Deleted call, its ends written as the resource asks, "ISO 8601 format
   * (YYYY-MM-DDThh:mm:ss+hh:mm)" (https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/resources_getdeleted.htm),
   * in whole seconds: the start's fraction dropped, the end's counted as a whole second, so that nothing deleted
   * between them is left out.
   */
  private listDeleted(object: CrmObject, start: Date, end: Date) {
    const from = replicationDateTime(new Date(Math.floor(start.getTime() / 1000) * 1000));
    const to = replicationDateTime(new Date(Math.ceil(end.getTime() / 1000) * 1000));
    return this.call<DeletedAnswer>(
      {
        method: 'GET',
        url: `/sobjects/${object}/deleted/?start=${encodeURIComponent(from)}&end=${encodeURIComponent(to)}`,
      },
      `Listing deleted ${object} records`,
    );
  }

  /** The records in the recycle bin deleted since `start`, each dated by its SystemModstamp. */
  private async recycleBinSince(object: CrmObject, start: Date, end: Date) {
    const snapshots = await this.deletedSnapshots(object, [
      ['IsDeleted = true', `SystemModstamp >= ${soqlDateTime(start)}`],
    ]);
    const deleted: DeletedRecord[] = [];
    const business: DeletedRecord[] = [];
    for (const found of snapshots.values()) {
      if (found === 'live') continue;
      const { snapshot } = found;
      (found.business ? business : deleted).push({
        id: snapshot.Id,
        deletedAt: new Date(parseSfDateTime(String(snapshot.SystemModstamp)) ?? end.getTime()),
        snapshot,
      });
    }
    return { deleted, business, latestDateCovered: end };
  }

  /**
   * The snapshots QueryAll answers for the records matching each set of conditions (with IsDeleted true and
   * MasterRecordId, the survivor of a merge, where the org has it), by Id; 'live' for one that is not deleted.
   * Accounts are read whatever their family: Get Deleted lists business accounts too, among them contacts made
   * business accounts before they were deleted, which the person account scope would take for purged.
   */
  private async deletedSnapshots(
    object: CrmObject,
    queries: string[][],
  ): Promise<Map<string, { snapshot: CrmRecord; business: boolean } | 'live'>> {
    const plan = await this.plan(object);
    this.scope(plan); // refuses an org without person accounts, as every read of contacts does
    const family = plan.object === 'Account' ? plan.personAccountField : undefined;
    const found = new Map<string, { snapshot: CrmRecord; business: boolean } | 'live'>();
    for (const conditions of queries) {
      const select = [...withLife(plan), ...(family ? [family] : [])];
      const soql = `SELECT ${select.join(', ')} FROM ${object} WHERE ${conditions.join(' AND ')}`;
      for await (const page of this.query(soql, `Reading deleted ${object} records`, 'queryAll')) {
        for (const record of page.records) {
          const business = family !== undefined && record[family] !== true;
          found.set(
            record.Id,
            record.IsDeleted === true ? { snapshot: binSnapshot(plan, record), business } : 'live',
          );
        }
      }
    }
    return found;
  }

  async readRecordWithDeleted(object: CrmObject, id: string): Promise<CrmRecord | null> {
    this.checkId(object, id);
    const plan = await this.plan(object);
    const soql = `SELECT ${withLife(plan).join(', ')} FROM ${object} WHERE Id = '${id}'`;
    const context = `Reading ${object} ${id} in the recycle bin`;
    for await (const page of this.query(soql, context, 'queryAll', this.readTimeoutMs)) {
      const record = page.records[0];
      if (record) return record.IsDeleted === true ? binSnapshot(plan, record) : toSnapshot(plan, record);
    }
    return null;
  }

  /** QueryAll of the Ids alone: a replication's "full pull" once the delete log was purged. */
  async recordIds(object: CrmObject): Promise<Set<string>> {
    const plan = await this.plan(object);
    const where = this.scope(plan);
    const soql = `SELECT Id FROM ${object}${where.length ? ` WHERE ${where.join(' AND ')}` : ''}`;
    const ids = new Set<string>();
    for await (const page of this.query(soql, `Listing the ${object} records`, 'queryAll'))
      for (const record of page.records) ids.add(record.Id);
    return ids;
  }

  async existingIds(object: CrmObject, ids: readonly string[]): Promise<Set<string>> {
    for (const id of ids) this.checkId(object, id);
    const found = new Set<string>();
    for (let start = 0; start < ids.length; start += IDS_PER_QUERY) {
      const list = ids.slice(start, start + IDS_PER_QUERY).map((id) => `'${id}'`);
      const soql = `SELECT Id FROM ${object} WHERE Id IN (${list.join(', ')})`;
      for await (const page of this.query(soql, `Checking ${list.length} ${object} records`, 'queryAll'))
        for (const record of page.records) found.add(record.Id);
    }
    return found;
  }

  async deletedLookups(object: CrmObject, fields: Record<string, unknown>): Promise<DeletedLookup[]> {
    const lookups = lookupValues(await this.plan(object), fields).filter((l) => ID_PATTERN.test(l.id));
    const asked = new Map<string, Set<string>>();
    for (const l of lookups) for (const o of l.objects) asked.set(o, (asked.get(o) ?? new Set()).add(l.id));
    // An Id compares by its first 15 characters, the case-sensitive form the 18 extend.
    const binned = new Set<string>();
    for (const [target, ids] of asked) {
      const list = [...ids];
      for (let start = 0; start < list.length; start += IDS_PER_QUERY) {
        const quoted = list.slice(start, start + IDS_PER_QUERY).map((id) => `'${id}'`);
        // queryAll sees the recycle bin, a merge's losers among it (IsDeleted true, MasterRecordId set).
        const soql = `SELECT Id FROM ${target} WHERE IsDeleted = true AND Id IN (${quoted.join(', ')})`;
        const context = `Checking the ${target} records a ${object} write names`;
        for await (const page of this.query(soql, context, 'queryAll', this.readTimeoutMs))
          for (const record of page.records) binned.add(record.Id.slice(0, 15));
      }
    }
    return lookups.filter((l) => binned.has(l.id.slice(0, 15))).map(({ field, id }) => ({ field, id }));
  }

  async recordState(object: CrmObject, id: string): Promise<RecordState> {
    this.checkId(object, id);
    // An account's family is read with its state: a contact made a business account is none of Storico's.
    let family: string | undefined;
    if (object === 'Account') {
      const plan = await this.plan(object);
      this.scope(plan); // refuses an org without person accounts
      family = plan.personAccountField;
    }
    // queryAll sees a record in the recycle bin (IsDeleted = true); once purged, nothing sees it.
    const soql = `SELECT Id, IsDeleted${family ? `, ${family}` : ''} FROM ${object} WHERE Id = '${id}'`;
    const context = `Reading the state of ${object} ${id}`;
    for await (const page of this.query(soql, context, 'queryAll', this.readTimeoutMs)) {
      const record = page.records[0];
      if (!record) break;
      if (family && record[family] !== true) return 'business';
      return record.IsDeleted === true ? 'deleted' : 'live';
    }
    return 'purged';
  }

  async undeleteRecord(object: CrmObject, id: string): Promise<void> {
    this.checkId(object, id);
    const context = `Undeleting ${object} ${id}`;
    const connection = await this.connect();
    const transport = new StatusTransport((url) => this.onCurrentInstance(url, connection));
    // SOAP undelete(), which REST does not offer, on the partner endpoint
    // (https://developer.salesforce.com/docs/atlas.en-us.api.meta/api/sforce_api_calls_undelete.htm). The endpoint is
    // made here rather than through connection.soap so that it sends through this call's transport: the status of
    // the answer is kept, and a call repeated after a token refresh goes to the instance the new token names.
    const endpoint = new SOAP(connection, {
      xmlns: 'urn:partner.soap.sforce.com',
      endpointUrl: `${connection.instanceUrl}/services/Soap/u/${connection.version}`,
      transport,
    } as SOAPOptions);
    let answer: {
      result: Array<{
        id?: string | null;
        success: boolean;
        errors?: Array<{ statusCode?: string; message?: string }>;
      }>;
    };
    try {
      answer = (await withDeadline(
        this.movingOnce(connection, () =>
          endpoint.invoke(
            'undelete',
            // The partner WSDL's undelete element holds `ids` in its own namespace, urn:partner.soap.sforce.com
            // (elementFormDefault qualified), as the guide's sample messages show.
            { '@xmlns': 'urn:partner.soap.sforce.com', ids: [id] },
            { result: [ApiSchemas.UndeleteResult] },
            ApiSchemas,
          ),
        ),
        this.writeTimeoutMs + BODY_GRACE_MS,
      )) as typeof answer;
    } catch (error) {
      const fromGateway = transport.status !== undefined && GATEWAY_STATUSES.has(transport.status);
      if (unansweredWrite(error) || fromGateway)
        throw new CrmOutcomeUnknown(`${context}: sent, but Salesforce did not answer (${describe(error)})`);
      throw this.noteRefusal(this.crmError(error, context));
    }
    const result = answer.result.find((r) => r.id === id) ?? answer.result[0];
    if (result?.success) return;
    const details: CrmErrorDetail[] = (result?.errors ?? []).map((e) => ({
      errorCode: e.statusCode ?? 'UNDELETE_FAILED',
      message: e.message ?? '',
    }));
    if (details.length === 0) details.push({ errorCode: 'UNDELETE_FAILED', message: 'undelete failed' });
    throw new CrmError(
      `${context}: Salesforce said ${details.map((d) => `${d.errorCode}: ${d.message}`).join('; ')}`,
      details,
    );
  }

  apiUsage(): ApiUsage | null {
    return this.usage;
  }

  async limitExceeded(): Promise<boolean> {
    if (this.exceededAt === undefined) return false;
    if (Date.now() - this.limitsCheckedAt >= LIMIT_RECHECK_MS)
      await this.checkLimits().catch(() => undefined);
    return this.exceededAt !== undefined;
  }

  async checkLimits(): Promise<ApiUsage | null> {
    this.limitsCheckedAt = Date.now();
    // Limits: https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/resources_limits.htm
    const limits = await this.call<{ DailyApiRequests?: { Max: number; Remaining: number } }>(
      { method: 'GET', url: '/limits' },
      'Reading the API limits',
    );
    const daily = limits.DailyApiRequests;
    if (daily) this.noteUsage({ used: daily.Max - daily.Remaining, limit: daily.Max });
    return this.usage;
  }

  private noteUsage(usage: ApiUsage): void {
    this.usage = usage;
    if (usage.used < usage.limit) this.exceededAt = undefined;
  }

  /** Only person accounts are Storico's contacts: business accounts never enter it. */
  private scope(plan: FieldPlan): string[] {
    if (plan.object !== 'Account') return [];
    if (!plan.personAccountField) {
      throw new CrmError(
        'Person accounts are not enabled in this org (Account has no IsPersonAccount field)',
        [{ errorCode: 'INVALID_FIELD', message: 'No IsPersonAccount field on Account' }],
      );
    }
    return [`${plan.personAccountField} = true`];
  }

  private async plan(object: CrmObject): Promise<FieldPlan> {
    if (!this.plans.has(object)) await this.refreshSchema();
    return this.plans.get(object)!;
  }

  private checkId(object: CrmObject, id: string): void {
    if (!ID_PATTERN.test(id)) throw new CrmError(`${object} id '${id}' is not a Salesforce id`);
  }

  private async *query(
    soql: string,
    context: string,
    resource: 'query' | 'queryAll' = 'query',
    timeoutMs?: number,
  ): AsyncGenerator<ChangedPage> {
    const headers = { 'sforce-query-options': `batchSize=${this.options.batchSize ?? 2000}` };
    let url: string | undefined = `/${resource}?q=${encodeURIComponent(soql)}`;
    while (url) {
      const result: QueryResult = await this.call<QueryResult>(
        { method: 'GET', url, headers },
        context,
        timeoutMs,
      );
      yield { records: result.records as CrmRecord[], totalSize: result.totalSize };
      url = result.done ? undefined : result.nextRecordsUrl;
    }
  }

  private async call<T>(
    request: {
      method: 'GET' | 'PATCH' | 'POST';
      url: string;
      body?: string;
      headers?: Record<string, string>;
    },
    context: string,
    /** A read's timeout; a page of a bulk query, describe and limits take the bulk one. */
    readTimeoutMs = this.options.bulkReadTimeoutMs ?? BULK_READ_TIMEOUT_MS,
  ): Promise<T> {
    const connection = await this.connect();
    // jsforce reads Sforce-Limit-Info from every answer, refused ones included
    // (https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/headers_api_usage.htm).
    const noteLimitInfo = () => {
      const apiUsage = connection.limitInfo?.apiUsage;
      if (apiUsage) this.noteUsage({ used: apiUsage.used, limit: apiUsage.limit });
    };
    const write = isWrite(request.method);
    const timeout = write ? this.writeTimeoutMs : readTimeoutMs;
    const transport = new StatusTransport((url) => this.onCurrentInstance(url, connection));
    try {
      // jsforce retries 5xx and network errors itself (with backoff) for the methods it is told may be repeated:
      // reads only. A write whose answer was lost may have been applied (a PATCH with a trigger, a POST that
      // created a record): repeating it is the caller's decision, after reading the record.
      const answer = await withDeadline(
        this.movingOnce(connection, () =>
          connection.request<T>(request, {
            retry: {
              maxRetries: write ? 0 : this.retry.maxRetries,
              minTimeout: this.retry.minTimeoutMs,
              timeoutFactor: this.retry.factor,
              statusCodes: [500, 502, 503, 504],
              methods: ['GET'],
            },
            timeout,
            transport,
          } as Parameters<Connection['request']>[1]),
        ),
        timeout + BODY_GRACE_MS,
      );
      noteLimitInfo();
      return answer;
    } catch (error) {
      noteLimitInfo();
      const fromGateway = transport.status !== undefined && GATEWAY_STATUSES.has(transport.status);
      if (write && (unansweredWrite(error) || fromGateway)) {
        throw new CrmOutcomeUnknown(`${context}: sent, but Salesforce did not answer (${describe(error)})`);
      }
      throw this.noteRefusal(this.crmError(error, context));
    }
  }

  /**
   * Sends a call again, once, to the org's new host when the first send was redirected there (movedInstance): the
   * redirect shows that a write was not applied, and a read goes with its access token only to a host of the org.
   * The connection stays on the new host for every later call, reads as writes: the sync, all reads, would otherwise
   * pay two round trips a call and fail once the org stops redirecting its former host name. Its URLs built on the
   * old one are moved by onCurrentInstance. Any other redirect, or a second one, fails the call (toCrmError).
   */
  private async movingOnce<T>(connection: Connection, send: () => Promise<T>): Promise<T> {
    try {
      return await send();
    } catch (error) {
      if (!(error instanceof Redirected)) throw error;
      const to = movedInstance(error.url, error.location);
      if (!to) throw error;
      const from = new URL(error.url).origin;
      if (connection.instanceUrl === from) {
        this.formerInstanceUrl = from;
        connection.instanceUrl = to;
        this.logger?.warn(
          { from, to },
          'The CRM redirected a call to another host of the org: calls go there now',
        );
      }
      if (connection.instanceUrl !== to) throw error;
      return send();
    }
  }

  /**
   * 403 REQUEST_LIMIT_EXCEEDED "TotalRequests Limit exceeded." (a SOAP fault with the same code): the org refuses
   * every call until its daily usage drops. It is not retried (jsforce retries only the statuses above) and the
   * caller's run ends at once. The same code for the concurrent requests ("ConcurrentRequests",
   * "ConcurrentPerOrgLongTxn") refuses only while the org is that busy: this call fails, the daily allowance is not
   * taken for spent. Answers the error.
   */
  private noteRefusal(crmError: CrmError): CrmError {
    if (
      crmError.errorCode === 'REQUEST_LIMIT_EXCEEDED' &&
      !/concurrent/i.test(crmError.errors[0]?.message ?? '')
    ) {
      this.exceededAt = Date.now();
      if (this.usage) this.usage = { ...this.usage, used: Math.max(this.usage.used, this.usage.limit) };
    }
    return crmError;
  }

  /**
   * The CrmError for a call's failure. A failed token refresh comes back from jsforce as "Unable to refresh session
   * due to: {message}" (session-refresh-delegate.js): the refresh's own error, with its code, is reported instead.
   */
  private crmError(error: unknown, context: string): CrmError {
    const refused = this.refreshFailure;
    if (
      refused &&
      error instanceof Error &&
      error.message.endsWith(`refresh session due to: ${refused.message}`)
    ) {
      return refused instanceof CrmError
        ? new CrmError(`${context}: ${refused.message}`, refused.errors)
        : toCrmError(refused, context);
    }
    return toCrmError(error, context);
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
                if (fresh.instanceUrl !== conn.instanceUrl) this.formerInstanceUrl = conn.instanceUrl;
                conn.instanceUrl = fresh.instanceUrl;
                callback(null, fresh.accessToken);
              },
              (error: Error) => {
                this.refreshFailure = error;
                callback(error);
              },
            );
          },
        }),
    );
    // A failed login is not cached: the next call tries again.
    this.connection.catch(() => (this.connection = undefined));
    return this.connection;
  }

  private token(): Promise<SalesforceToken> {
    return requestClientCredentialsToken(this.options, this.retry, this.readTimeoutMs);
  }

  /**
   * A URL built on the instance URL of an earlier token, moved to the current one. Each token answer of the client
   * credentials flow names the instance the org's API calls go to (`instance_url`,
   * https://help.salesforce.com/s/articleView?id=xcloud.remoteaccess_oauth_client_credentials_flow.htm); a new token
   * can name another (an org moved to another instance, a My Domain changed), and a call jsforce repeats after the
   * refresh would otherwise go to the old one.
   */
  private onCurrentInstance(url: string, connection: Connection): string {
    const former = this.formerInstanceUrl;
    return former && url.startsWith(`${former}/`)
      ? `${connection.instanceUrl}${url.slice(former.length)}`
      : url;
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
