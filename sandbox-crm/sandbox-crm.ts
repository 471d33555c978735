import { randomBytes } from 'node:crypto';
import type { Socket } from 'node:net';
import Fastify, {
  LogController,
  type FastifyBaseLogger,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import { toSfDateTime, type SfErrorDetail, type SfRecord } from './salesforce-wire';
import { demoFaker, editRecord, generateDemoData, type DemoCounts, type DemoData } from './demo/demo-data';
import { salesforceId } from './salesforce-id';
import {
  entityIsDeleted,
  NOT_FOUND,
  recordUrl,
  SandboxRecords,
  unableToWrite,
  type PatchOutcome,
  type SandboxData,
  type SandboxRecordsOptions,
  type StoredObject,
} from './records/sandbox-records';
import {
  isSandboxObject,
  KEY_PREFIXES,
  SANDBOX_OBJECTS,
  SETTABLE_AUDIT_FIELDS,
  type SandboxObject,
} from './records/sandbox-schema';
import { compileSoql, SoqlError, type SelectItem } from './soql';

export type SandboxState = SandboxData;

/**
 * Test-only misbehaviour of sObject writes (PATCH, create and upsert by External ID): `fail` answers Salesforce's 500 UNKNOWN_EXCEPTION without
 * saving; `hang` never answers and saves nothing; `apply-and-hang` saves, then never answers; `apply-and-drop`
 * saves, then drops the connection without an answer; `busy` refuses with 403 REQUEST_LIMIT_EXCEEDED for the org's
 * concurrent long-running requests, the daily allowance untouched.
 */
export type WriteFault = 'fail' | 'hang' | 'apply-and-hang' | 'apply-and-drop' | 'busy';

export type SandboxCrmOptions = SandboxRecordsOptions & {
  /** 0 = any free port. */
  port?: number;
  host?: string;
  /** The records to serve; generated from `seed` and `counts` when absent. */
  state?: SandboxState;
  seed?: number;
  counts?: Partial<DemoCounts>;
  clientId?: string;
  clientSecret?: string;
  /** At most this many records per query page (Salesforce: 2000). */
  pageSize?: number;
  tokenTtlSeconds?: number;
  /** Every this many seconds a few records are edited, as users of a live CRM would; 0 = never. */
  editsEverySeconds?: number;
  /** The org's daily API request limit (Developer Edition: 15,000). */
  apiLimit?: number;
  /**
   * Days a deleted record stays in the recycle bin before it is purged (Salesforce: 15); fractions serve tests.
   */
  recycleBinDays?: number;
  /** The most ids one Get Deleted call lists before it refuses with EXCEEDED_ID_LIMIT (Salesforce: 600,000). */
  deletedIdLimit?: number;
  /**
   * Read a SOAP call's arguments only in the partner WSDL's namespace, as a schema-validating server would. Off by
   * default: Salesforce takes the elements by name (jsforce's own calls put them in another namespace).
   */
  strictSoapNamespaces?: boolean;
  /** Share of the generated edits that delete a record instead (0 to 1; default 0.05). */
  deletionShare?: number;
  logger?: FastifyBaseLogger;
};

export type SandboxCrm = {
  url: string;
  port: number;
  records: SandboxRecords;
  /** The user every token runs as: what LastModifiedById shows after a write through the API. */
  integrationUserId: string;
  /** Test hook: the next `count` requests, whatever they are, fail with `status`. */
  failNextRequests(count: number, status?: number): void;
  /**
   * Test hook: the next `count` sObject writes, PATCH, create or upsert (every one when absent), misbehave as `fault`
   * says; null ends it and drops the connections still held.
   */
  faultWrites(fault: WriteFault | null, count?: number): void;
  /**
   * Test hook: while on, every REST API read (GET) takes the connection and is never answered, as a CRM that has
   * stopped answering; off drops the connections held.
   */
  holdReads(on: boolean): void;
  /** Test hook: every token issued so far stops working, as when a session expires. */
  expireTokens(): void;
  /** Test hook: the connected app's consumer secret becomes `secret`, as when an administrator rotates it. */
  rotateClientSecret(secret: string): void;
  /** Test hook: sets the API requests counted today (and the limit). */
  setApiUsage(used: number, limit?: number): void;
  /**
   * Test hook: after every accepted PATCH the record is changed again by `trigger` (as a Salesforce trigger or
   * workflow rule would); null removes it.
   */
  onWrite(trigger: ((object: StoredObject, record: SfRecord) => SfRecord) | null): void;
  /** Test hook: `loserId` merged into `survivorId` by a CRM user (SOAP merge()). */
  merge(object: StoredObject, survivorId: string, loserId: string): void;
  /** Test hook: empties the recycle bin (of `ids` only, when given), as its 15 days running out would. */
  purge(ids?: readonly string[]): string[];
  /** Test hook: a validation rule every save must pass (null removes it). */
  validationRule(rule: ((object: SandboxObject, next: SfRecord) => SfErrorDetail | null) | null): void;
  /** `patches`: sobject PATCH requests that reached the sandbox's records, accepted or refused. */
  readonly stats: {
    tokensIssued: number;
    requests: number;
    failedOnPurpose: number;
    patches: number;
    /** POST (create), DELETE and SOAP undelete requests that reached the sandbox's records. */
    creates: number;
    /** PATCH requests by External ID (upserts) that reached the sandbox's records. */
    upserts: number;
    deletes: number;
    undeletes: number;
    apiUsed: number;
    apiLimit: number;
  };
  close(): Promise<void>;
};

/**
 * API versions served, oldest first: Salesforce serves every version from 31.0 (Summer '14) to the current one
 * (https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/resources_versions.htm).
 */
export const SANDBOX_API_VERSIONS = Array.from({ length: 62 - 31 + 1 }, (_, i) => `${31 + i}.0`);
const CURSOR_IDLE_MS = 15 * 60_000;
const SEASONS = ['Spring', 'Summer', 'Winter'] as const;

/** The release name of an API version: 31.0 is Summer '14, three releases a year. */
const versionLabel = (version: string) => {
  const n = Number.parseFloat(version) - 31;
  const season = SEASONS[(n + 1) % 3]!;
  const year = 14 + Math.floor((n + 1) / 3) + (season === 'Winter' ? 1 : 0);
  return `${season} '${String(year).padStart(2, '0')}`;
};

/** The latest version of every record of the demo history: what a CRM holds. */
export const currentState = (data: DemoData): SandboxState => ({
  users: data.users,
  accounts: [...data.accounts.map((h) => h.at(-1)!), ...data.businessAccounts],
  cases: data.cases.map((h) => h.at(-1)!),
  queues: data.queues,
  recordTypes: data.recordTypes,
});

const xmlText = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const PARTNER_NS = 'urn:partner.soap.sforce.com';

/**
 * The text of each `name` element of a SOAP body. Strict, only those of the partner namespace (the WSDL's
 * elementFormDefault is qualified): prefixed by a prefix declared for it, or unprefixed under a default namespace
 * declared as it before the element.
 */
function soapElements(body: string, name: string, strict: boolean): string[] {
  const texts: string[] = [];
  for (const m of body.matchAll(new RegExp(`<(?:(\\w+):)?${name}>([^<]*)</(?:\\w+:)?${name}>`, 'g'))) {
    const [, prefix, text] = m;
    const namespace = prefix
      ? new RegExp(`xmlns:${prefix}="([^"]*)"`).exec(body)?.[1]
      : [...body.slice(0, m.index).matchAll(/xmlns="([^"]*)"/g)].at(-1)?.[1];
    if (!strict || namespace === PARTNER_NS) texts.push(text!.trim());
  }
  return texts;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const soapEnvelope = (body: string, header = '') =>
  '<?xml version="1.0" encoding="UTF-8"?>' +
  `<soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/" xmlns="${PARTNER_NS}"` +
  ' xmlns:sf="urn:fault.partner.soap.sforce.com" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">' +
  `${header ? `<soapenv:Header>${header}</soapenv:Header>` : ''}<soapenv:Body>${body}</soapenv:Body></soapenv:Envelope>`;

/**
 * Errors are arrays of {message, errorCode, fields}
 * (https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/errorcodes.htm).
 */
const sendErrors = (reply: FastifyReply, status: number, errors: SfErrorDetail[]) =>
  reply.code(status).type('application/json').send(errors);

/**
 * A small org speaking the part of Salesforce's REST API that Storico uses, in every version from v31.0:
 * client-credentials token, versions, describeGlobal, sObject describe, SOQL query with relationship paths and
 * nextRecordsUrl paging, sObject GET and PATCH (assignment and duplicate rules), sObject Rows by External ID (GET and
 * upsert), limits, and the
 * Sforce-Limit-Info header on every answer, with Salesforce's error bodies.
 */
export async function startSandboxCrm(options: SandboxCrmOptions = {}): Promise<SandboxCrm> {
  const state =
    options.state ?? currentState(generateDemoData({ seed: options.seed, counts: options.counts }));
  const records = new SandboxRecords(state, options);
  const schema = records.schema;
  const clientId = options.clientId ?? 'sandbox';
  let clientSecret = options.clientSecret ?? 'sandbox';
  const pageSize = options.pageSize ?? 2000;
  const ttlMs = (options.tokenTtlSeconds ?? 7200) * 1000;
  const integrationUserId = salesforceId('005', 1);
  const tokens = new Map<string, number>();
  type Cursor = {
    version: string;
    object: SandboxObject;
    select: SelectItem[];
    rows: SfRecord[];
    size: number;
    usedAt: number;
  };
  const cursors = new Map<string, Cursor>();
  const stats = {
    tokensIssued: 0,
    requests: 0,
    failedOnPurpose: 0,
    patches: 0,
    creates: 0,
    upserts: 0,
    deletes: 0,
    undeletes: 0,
    apiUsed: 0,
    apiLimit: options.apiLimit ?? 100_000,
  };
  let failures = { count: 0, status: 503 };
  let writeFault: { fault: WriteFault; count: number } | null = null;
  let holdingReads = false;
  const held = new Set<Socket>();
  const dropHeld = () => {
    for (const socket of held) socket.destroy();
    held.clear();
  };
  let trigger: ((object: StoredObject, record: SfRecord) => SfRecord) | null = null;
  let rule: ((object: SandboxObject, next: SfRecord) => SfErrorDetail | null) | null = null;
  let base = '';

  const app = options.logger
    ? Fastify({
        loggerInstance: options.logger,
        logController: new LogController({ disableRequestLogging: true }),
        bodyLimit: 1024 * 1024,
      })
    : Fastify({ logger: false, bodyLimit: 1024 * 1024 });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
  app.addContentTypeParser(
    ['text/xml', 'application/soap+xml'],
    { parseAs: 'string' },
    (_req, body, done) => {
      done(null, String(body));
    },
  );
  app.setErrorHandler((error: { statusCode?: number; message: string }, _request, reply) => {
    const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 500;
    const errorCode = status === 400 ? 'JSON_PARSER_ERROR' : 'UNKNOWN_EXCEPTION';
    return sendErrors(reply, status, [{ errorCode, message: error.message }]);
  });
  app.setNotFoundHandler((_request, reply) => sendErrors(reply, 404, [NOT_FOUND]));

  const versionOf = (url: string) => /^\/services\/data\/v(\d+\.\d)(?:\/|$|\?)/.exec(url)?.[1];

  const binMs = (options.recycleBinDays ?? 15) * 86_400_000;
  let purgedAt = 0;
  app.addHook('onRequest', async (request, reply) => {
    stats.requests++;
    // The recycle bin keeps a record 15 days, then it is purged for good; checked at most once a second.
    if (Date.now() - purgedAt > 1000) {
      purgedAt = Date.now();
      records.purge({ before: Date.now() - binMs });
    }
    if (failures.count > 0) {
      failures.count--;
      stats.failedOnPurpose++;
      return sendErrors(reply, failures.status, [
        { errorCode: 'SERVER_UNAVAILABLE', message: 'The sandbox CRM is failing this request on purpose' },
      ]);
    }
    if (!request.url.startsWith('/services/data/v')) return;
    const version = versionOf(request.url);
    if (!version || !SANDBOX_API_VERSIONS.includes(version)) return sendErrors(reply, 404, [NOT_FOUND]);
    const [scheme, token] = (request.headers.authorization ?? '').split(' ');
    const expiresAt = token && /^(Bearer|OAuth)$/i.test(scheme ?? '') ? tokens.get(token) : undefined;
    if (!expiresAt || expiresAt < Date.now()) {
      return sendErrors(reply, 401, [
        { errorCode: 'INVALID_SESSION_ID', message: 'Session expired or invalid' },
      ]);
    }
    // API Request Limits and Allocations: past the daily limit every call is refused with 403
    // REQUEST_LIMIT_EXCEEDED (https://developer.salesforce.com/docs/atlas.en-us.salesforce_app_limits_cheatsheet.meta/salesforce_app_limits_cheatsheet/salesforce_app_limits_platform_api.htm).
    if (stats.apiUsed >= stats.apiLimit) {
      return sendErrors(reply, 403, [
        { errorCode: 'REQUEST_LIMIT_EXCEEDED', message: 'TotalRequests Limit exceeded.' },
      ]);
    }
    stats.apiUsed++;
    if (holdingReads && request.method === 'GET') {
      reply.hijack();
      held.add(request.raw.socket);
    }
  });

  // Limit Info Header: returned on each REST API answer except the versions list, which does not count
  // (https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/headers_api_usage.htm).
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/services/data/v')) {
      reply.header('sforce-limit-info', `api-usage=${stats.apiUsed}/${stats.apiLimit}`);
    }
  });

  const versions = async () =>
    SANDBOX_API_VERSIONS.map((version) => ({
      label: versionLabel(version),
      url: `/services/data/v${version}`,
      version,
    }));
  app.get('/services/data', versions);
  app.get('/services/data/', versions);

  app.post('/services/oauth2/token', async (request, reply) => {
    const form = (request.body ?? {}) as Record<string, string>;
    const basic = /^Basic (.+)$/i.exec(request.headers.authorization ?? '')?.[1];
    const [basicId, basicSecret] = basic ? Buffer.from(basic, 'base64').toString().split(':') : [];
    if (form.grant_type !== 'client_credentials') {
      return reply
        .code(400)
        .send({ error: 'unsupported_grant_type', error_description: 'grant type not supported' });
    }
    if ((form.client_id ?? basicId) !== clientId || (form.client_secret ?? basicSecret) !== clientSecret) {
      return reply
        .code(400)
        .send({ error: 'invalid_client', error_description: 'invalid client credentials' });
    }
    const orgId = salesforceId('00D', 1);
    const token = `${orgId.slice(0, 15)}!${randomBytes(32).toString('base64url')}`;
    tokens.set(token, Date.now() + ttlMs);
    stats.tokensIssued++;
    return {
      access_token: token,
      instance_url: base,
      id: `${base}/id/${orgId}/${integrationUserId}`,
      token_type: 'Bearer',
      issued_at: String(Date.now()),
      scope: 'api',
    };
  });

  const page = (locator: string, start: number) => {
    const cursor = cursors.get(locator)!;
    cursor.usedAt = Date.now();
    const end = Math.min(start + cursor.size, cursor.rows.length);
    const done = end >= cursor.rows.length;
    if (done) cursors.delete(locator);
    return {
      totalSize: cursor.rows.length,
      done,
      ...(done ? {} : { nextRecordsUrl: `/services/data/v${cursor.version}/query/${locator}-${end}` }),
      records: cursor.rows
        .slice(start, end)
        .map((r) => records.answer(cursor.version, cursor.object, r, cursor.select)),
    };
  };

  type VersionParams = { version: string };
  const version = (params: unknown) => (params as VersionParams).version.slice(1);

  // Query: https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/resources_query.htm
  const runQuery = (all: boolean) => async (request: FastifyRequest, reply: FastifyReply) => {
    const q = (request.query as Record<string, string | undefined>).q;
    if (!q)
      return sendErrors(reply, 400, [{ errorCode: 'MALFORMED_QUERY', message: 'A query (q) is required' }]);
    let compiled;
    try {
      compiled = compileSoql(q, schema);
    } catch (error) {
      if (error instanceof SoqlError) return sendErrors(reply, 400, [error.detail]);
      throw error;
    }
    const now = Date.now();
    for (const [key, c] of cursors) if (now - c.usedAt > CURSOR_IDLE_MS) cursors.delete(key);
    const matched = (all ? records.allWithDeleted(compiled.object) : records.all(compiled.object))
      .map((r) => records.view(compiled.object, r))
      .filter(compiled.matches)
      .sort(compiled.compare);
    const rows = matched.slice(
      compiled.offset,
      compiled.limit === undefined ? undefined : compiled.offset + compiled.limit,
    );
    const asked = /batchSize=(\d+)/i.exec(String(request.headers['sforce-query-options'] ?? ''))?.[1];
    // Salesforce treats the batch size as a hint between 200 and 2000.
    const size = Math.min(asked ? Math.max(200, Math.min(2000, Number(asked))) : 2000, pageSize);
    const locator = `01g${randomBytes(8).toString('hex')}`;
    cursors.set(locator, {
      version: version(request.params),
      object: compiled.object,
      select: compiled.select,
      rows,
      size,
      usedAt: now,
    });
    return page(locator, 0);
  };
  app.get('/services/data/:version/query', runQuery(false));
  // QueryAll: also the records in the recycle bin; its nextRecordsUrl is a query/ one
  // (https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/resources_queryall.htm).
  app.get('/services/data/:version/queryAll', runQuery(true));

  app.get('/services/data/:version/query/:cursor', async (request, reply) => {
    const match = /^(01g[0-9a-f]+)-(\d+)$/.exec((request.params as { cursor: string }).cursor);
    if (!match || !cursors.has(match[1]!)) {
      return sendErrors(reply, 400, [
        { errorCode: 'INVALID_QUERY_LOCATOR', message: 'invalid query locator' },
      ]);
    }
    return page(match[1]!, Number(match[2]));
  });

  // Limits: https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/resources_limits.htm
  app.get('/services/data/:version/limits', async () => ({
    DailyApiRequests: { Max: stats.apiLimit, Remaining: Math.max(0, stats.apiLimit - stats.apiUsed) },
  }));

  // Describe Global: https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/resources_describeGlobal.htm
  app.get('/services/data/:version/sobjects', async (request) => {
    const v = version(request.params);
    return {
      encoding: 'UTF-8',
      maxBatchSize: 200,
      sobjects: SANDBOX_OBJECTS.map((name) => ({
        name,
        label: name,
        keyPrefix: KEY_PREFIXES[name],
        custom: false,
        queryable: true,
        retrieveable: true,
        updateable: name !== 'Contact',
        createable: name !== 'Contact',
        deletable: name !== 'Contact',
        urls: {
          sobject: `/services/data/v${v}/sobjects/${name}`,
          describe: `/services/data/v${v}/sobjects/${name}/describe`,
          rowTemplate: `/services/data/v${v}/sobjects/${name}/{ID}`,
        },
      })),
    };
  });

  // sObject Describe: https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/resources_sobject_describe.htm
  app.get('/services/data/:version/sobjects/:type/describe', async (request, reply) => {
    const { type } = request.params as { type: string };
    if (!isSandboxObject(type)) return sendErrors(reply, 404, [NOT_FOUND]);
    const v = version(request.params);
    return {
      name: type,
      label: type,
      keyPrefix: KEY_PREFIXES[type],
      custom: false,
      queryable: true,
      updateable: type !== 'Contact',
      fields: schema.fields(type),
      recordTypeInfos: records
        .all('RecordType')
        .filter((rt) => rt.SobjectType === type)
        .map((rt) => ({
          name: rt.Name,
          developerName: rt.DeveloperName,
          recordTypeId: rt.Id,
          available: true,
          defaultRecordTypeMapping: false,
          master: false,
        })),
      urls: { describe: `/services/data/v${v}/sobjects/${type}/describe` },
    };
  });

  const find = (type: string, id: string) => {
    if (!isSandboxObject(type)) return undefined;
    return (
      records.get(type, id) ??
      (id.length === 15 ? records.all(type).find((r) => r.Id.startsWith(id)) : undefined)
    );
  };

  /** 404 for an id the org does not know; ENTITY_IS_DELETED for one in the recycle bin. */
  const missing = (reply: FastifyReply, type: string, id: string) =>
    sendErrors(reply, 404, [
      isSandboxObject(type) && records.stored(type, id) ? entityIsDeleted() : NOT_FOUND,
    ]);

  // sObject Get Deleted: https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api/resources_getdeleted.htm
  // (answer: https://developer.salesforce.com/docs/platform/api-rest/guide/dome-get-deleted.md). Results go back
  // no further than the recycle bin does, and forward no further than now. getDeleted()'s rules
  // (https://developer.salesforce.com/docs/atlas.en-us.api.meta/api/sforce_api_calls_getdeleted.htm): the start
  // must precede the end "by more than one minute", and a start before a purge of the recycle bin is refused
  // ("If the purge has been performed before your getDeleted() call is executed, an INVALID_REPLICATION_DATE error
  // is returned"); earliestDateAvailable is "the timestamp ... of the last physically deleted object". At most
  // 600,000 ids: "If more than 600,000 IDs are found, EXCEEDED_ID_LIMIT is returned. You can correct the error by
  // choosing start and end dates that are closer together."
  const deletedIdLimit = options.deletedIdLimit ?? 600_000;
  const getDeleted = async (request: FastifyRequest, reply: FastifyReply) => {
    const { type } = request.params as { type: string };
    if (!isSandboxObject(type)) return sendErrors(reply, 404, [NOT_FOUND]);
    const query = request.query as Record<string, string | undefined>;
    const dateTime = (raw: string | undefined) => {
      const at = raw ? Date.parse(raw) : Number.NaN;
      return Number.isNaN(at) ? undefined : at;
    };
    const start = dateTime(query.start);
    const end = dateTime(query.end);
    const refuse = (message: string) =>
      sendErrors(reply, 400, [{ errorCode: 'INVALID_REPLICATION_DATE', message }]);
    if (start === undefined || end === undefined || end - start <= 60_000)
      return refuse('start and end must be date-times, start more than one minute before end');
    const purged = records.lastPurgedDeletion(type);
    if (start < purged)
      return refuse(`the recycle bin was emptied: start must be after ${toSfDateTime(purged)}`);
    const latest = Math.min(end, records.now());
    const found = records.deletedBetween(type, Math.max(start, Date.now() - binMs), latest + 1);
    if (found.length > deletedIdLimit) {
      return sendErrors(reply, 400, [
        {
          errorCode: 'EXCEEDED_ID_LIMIT',
          message: `more than ${deletedIdLimit} deleted records between start and end: choose dates closer together`,
        },
      ]);
    }
    return {
      deletedRecords: found.map((d) => ({ id: d.id, deletedDate: toSfDateTime(d.deletedAt) })),
      earliestDateAvailable: toSfDateTime(Math.max(purged, Date.now() - binMs)),
      latestDateCovered: toSfDateTime(latest),
    };
  };
  app.get('/services/data/:version/sobjects/:type/deleted', getDeleted);
  app.get('/services/data/:version/sobjects/:type/deleted/', getDeleted);

  const writeContext = (request: FastifyRequest) => ({
    userId: integrationUserId,
    // Assignment rules run on insert and update unless the header says FALSE.
    autoAssign: String(request.headers['sforce-auto-assign'] ?? 'TRUE').toUpperCase() !== 'FALSE',
    // Duplicate Rule Header: https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/headers_duplicaterules.htm
    allowDuplicates: /allowSave\s*=\s*true/i.test(
      String(request.headers['sforce-duplicate-rule-header'] ?? ''),
    ),
    validate: rule ?? undefined,
  });

  /**
   * An sObject write (create, PATCH or upsert) as the next write fault says: `save` stores it (or refuses it with its
   * errors), `answer` answers a stored one.
   */
  function misbehave(
    request: FastifyRequest,
    reply: FastifyReply,
    type: StoredObject,
    save: () => PatchOutcome,
    answer: (record: SfRecord) => unknown,
  ) {
    const fault = writeFault?.fault;
    if (writeFault && --writeFault.count === 0) writeFault = null;
    if (fault === 'fail') {
      // What Salesforce answers when an error occurs on its side: nothing is saved.
      return sendErrors(reply, 500, [
        {
          errorCode: 'UNKNOWN_EXCEPTION',
          message:
            'An unexpected error occurred. Please include this ErrorId if you contact support: 42-sandbox',
        },
      ]);
    }
    if (fault === 'busy') {
      return sendErrors(reply, 403, [
        { errorCode: 'REQUEST_LIMIT_EXCEEDED', message: 'ConcurrentPerOrgLongTxn Limit exceeded.' },
      ]);
    }
    if (fault === 'hang') return hold(request, reply, fault);
    const outcome = save();
    if (!outcome.ok) return sendErrors(reply, outcome.status, outcome.errors);
    if (trigger) records.save(type, trigger(type, outcome.record));
    return fault ? hold(request, reply, fault) : answer(outcome.record);
  }

  /** A write left without an answer: the connection is dropped, or held until the fault ends. */
  function hold(request: FastifyRequest, reply: FastifyReply, fault: WriteFault) {
    reply.hijack();
    if (fault === 'apply-and-drop') request.raw.socket.destroy();
    else held.add(request.raw.socket);
  }

  // sObject Create: https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/dome_sobject_create.htm
  // (201 with {id, success, errors}).
  app.post('/services/data/:version/sobjects/:type', async (request, reply) => {
    const { type } = request.params as { type: string };
    if (!isSandboxObject(type) || type === 'Contact') return sendErrors(reply, 404, [NOT_FOUND]);
    stats.creates++;
    return misbehave(
      request,
      reply,
      type,
      () => records.create(type, request.body, writeContext(request)),
      (record) => reply.code(201).send({ id: record.Id, success: true, errors: [] }),
    );
  });

  // sObject Rows DELETE: 204, the record goes to the recycle bin
  // (https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/dome_delete_record.htm); an account
  // a live case is related to is refused with 400 DELETE_FAILED (SandboxRecords.remove).
  app.delete('/services/data/:version/sobjects/:type/:id', async (request, reply) => {
    const { type, id } = request.params as { type: string; id: string };
    if (!isSandboxObject(type)) return sendErrors(reply, 404, [NOT_FOUND]);
    stats.deletes++;
    const record = find(type, id);
    if (!record) return missing(reply, type, id);
    const outcome = records.remove(type, record.Id, integrationUserId);
    if (!outcome.ok) return sendErrors(reply, outcome.status, outcome.errors);
    return reply.code(204).send();
  });

  /** sObject Rows GET's answer: every field of the record, or those `fields` names. */
  const answerRecord = (
    request: FastifyRequest,
    reply: FastifyReply,
    type: SandboxObject,
    record: SfRecord,
  ) => {
    const asked = (request.query as Record<string, string | undefined>).fields;
    const names = asked ? asked.split(',').map((f) => f.trim()) : schema.fields(type).map((f) => f.name);
    const fields = names.map((name) => schema.field(type, name));
    const unknown = names.filter((_, i) => !fields[i]);
    if (unknown.length > 0) {
      return sendErrors(reply, 400, [
        { errorCode: 'INVALID_FIELD', message: `No such column '${unknown[0]}' on sobject of type ${type}` },
      ]);
    }
    return records.answer(
      version(request.params),
      type,
      records.view(type, record),
      fields.map((field) => ({ field: field! })),
    );
  };

  app.get('/services/data/:version/sobjects/:type/:id', async (request, reply) => {
    const { type, id } = request.params as { type: string; id: string };
    const record = find(type, id);
    if (!record || !isSandboxObject(type)) return missing(reply, type, id);
    return answerRecord(request, reply, type, record);
  });

  app.patch('/services/data/:version/sobjects/:type/:id', async (request, reply) => {
    const { type, id } = request.params as { type: string; id: string };
    const record = find(type, id);
    if (!isSandboxObject(type) || type === 'Contact') return sendErrors(reply, 404, [NOT_FOUND]);
    stats.patches++;
    if (!record) return missing(reply, type, id);
    return misbehave(
      request,
      reply,
      type,
      () => records.patch(type, record.Id, request.body, writeContext(request)),
      () => reply.code(204).send(),
    );
  });

  /**
   * sObject Rows by External ID (https://developer.salesforce.com/docs/platform/api-rest/guide/resources-sobject-upsert-get.html):
   * the records a value of an External ID field names. A field describe does not mark externalId is answered 404
   * NOT_FOUND, as the guide's "Incorrect external ID field" error response shows; a value several live records
   * hold, 300 with the list of them ("If the external ID is matched multiple times, then a 300 error is reported,
   * and the record isn't created or updated":
   * https://developer.salesforce.com/docs/platform/api-rest/guide/dome-upsert.html), as their URLs.
   */
  const byExternalId = (request: FastifyRequest, reply: FastifyReply) => {
    const params = request.params as { type: string; field: string; value: string };
    const { type } = params;
    const field = isSandboxObject(type) && type !== 'Contact' ? schema.field(type, params.field) : undefined;
    if (!field?.externalId || !isSandboxObject(type) || type === 'Contact')
      return { answered: sendErrors(reply, 404, [NOT_FOUND]) };
    const matches = records.withValue(type, field, params.value);
    if (matches.length > 1) {
      const urls = matches.map((r) => recordUrl(version(request.params), type, r.Id));
      return { answered: reply.code(300).type('application/json').send(urls) };
    }
    return { type, field, value: params.value, match: matches[0] };
  };

  app.get('/services/data/:version/sobjects/:type/:field/:value', async (request, reply) => {
    const found = byExternalId(request, reply);
    if ('answered' in found) return found.answered;
    if (!found.match) return sendErrors(reply, 404, [NOT_FOUND]);
    return answerRecord(request, reply, found.type, found.match);
  });

  // Upsert (https://developer.salesforce.com/docs/platform/api-rest/guide/dome-upsert.html): no record holds the
  // value, one is created with it (201); one does, it is updated (200 with `created: false` from API version 46.0,
  // 204 without a body before). "Do not specify Id or an external ID field in the request body or an error is
  // generated" (https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/resources_sobject_upsert_patch.htm).
  // The record it updates takes only updateable fields, as an update does (records.patch): "Update: Can be updated
  // using the API", "Create: Value for the field can be specified during create using the API"
  // (https://developer.salesforce.com/docs/platform/object-reference/guide/access-for-fields.html). Audit fields a
  // user may set on create are refused whether it creates or updates: "this only works for INSERT, not UPSERT"
  // (https://help.salesforce.com/s/articleView?id=000176484&type=1).
  app.patch('/services/data/:version/sobjects/:type/:field/:value', async (request, reply) => {
    const found = byExternalId(request, reply);
    if ('answered' in found) return found.answered;
    const { type, field, value, match } = found;
    const body = request.body;
    const named = isObject(body)
      ? Object.keys(body).filter((n) => n.toLowerCase() === 'id' || schema.field(type, n)?.externalId)
      : [];
    if (named.length > 0) {
      return sendErrors(reply, 400, [
        {
          errorCode: 'INVALID_FIELD',
          message: `An upsert by ${field.name} takes neither Id nor an External ID field in its body: ${named.join(', ')}`,
          fields: named,
        },
      ]);
    }
    const audit = isObject(body)
      ? Object.keys(body).flatMap((n) => {
          const named = schema.field(type, n);
          return named?.createable && SETTABLE_AUDIT_FIELDS.has(named.name) ? [named.name] : [];
        })
      : [];
    if (audit.length > 0) return sendErrors(reply, 400, [unableToWrite(audit)]);
    stats.upserts++;
    const answer = { success: true, errors: [] };
    const since46 = Number.parseFloat(version(request.params)) >= 46;
    return misbehave(
      request,
      reply,
      type,
      () =>
        match
          ? records.patch(type, match.Id, body, writeContext(request))
          : records.create(
              type,
              isObject(body) ? { ...body, [field.name]: value } : body,
              writeContext(request),
            ),
      (record) => {
        if (!match)
          return reply.code(201).send({ id: record.Id, ...answer, ...(since46 ? { created: true } : {}) });
        return since46
          ? reply.code(200).send({ id: record.Id, ...answer, created: false })
          : reply.code(204).send();
      },
    );
  });

  // SOAP API (partner WSDL), the one call Storico makes through it: undelete()
  // (https://developer.salesforce.com/docs/atlas.en-us.api.meta/api/sforce_api_calls_undelete.htm), answering
  // UndeleteResult[] (https://developer.salesforce.com/docs/atlas.en-us.api.meta/api/sforce_api_calls_undelete_undeleteresult.htm)
  // and faults as <soapenv:Fault> with an sf: faultcode and HTTP 500. The envelope is read with patterns, not a
  // full XML parser: only the session id, the operation and its ids matter here.
  app.post('/services/Soap/u/:version', async (request, reply) => {
    const body = typeof request.body === 'string' ? request.body : '';
    const fault = (code: string, message: string) =>
      reply
        .code(500)
        .type('text/xml; charset=utf-8')
        .send(
          soapEnvelope(
            `<soapenv:Fault><faultcode>sf:${code}</faultcode><faultstring>${code}: ${xmlText(message)}</faultstring>` +
              `<detail><sf:UnexpectedErrorFault xsi:type="sf:UnexpectedErrorFault"><sf:exceptionCode>${code}</sf:exceptionCode>` +
              `<sf:exceptionMessage>${xmlText(message)}</sf:exceptionMessage></sf:UnexpectedErrorFault></detail></soapenv:Fault>`,
          ),
        );
    const version = (request.params as VersionParams).version;
    if (!SANDBOX_API_VERSIONS.includes(version))
      return fault('UNSUPPORTED_API_VERSION', `Invalid Api version specified on URL: ${version}`);
    const session = /<(?:\w+:)?sessionId>([^<]*)<\/(?:\w+:)?sessionId>/.exec(body)?.[1];
    const expiresAt = session ? tokens.get(session) : undefined;
    if (!expiresAt || expiresAt < Date.now())
      return fault('INVALID_SESSION_ID', 'Invalid Session ID found in SessionHeader: Illegal Session');
    if (stats.apiUsed >= stats.apiLimit)
      return fault('REQUEST_LIMIT_EXCEEDED', 'TotalRequests Limit exceeded.');
    stats.apiUsed++;
    const operation = /<(?:\w+:)?Body[^>]*>\s*<(?:\w+:)?(\w+)[\s>]/.exec(body)?.[1];
    if (operation !== 'undelete')
      return fault(
        'INVALID_OPERATION',
        `The sandbox CRM does not offer the SOAP call ${operation ?? '(none)'}`,
      );
    const ids = soapElements(body, 'ids', options.strictSoapNamespaces ?? false);
    if (ids.length === 0 || ids.length > 200)
      return fault('INVALID_BATCH_SIZE', 'undelete takes between 1 and 200 ids');
    stats.undeletes++;
    const results = records.undelete(ids, integrationUserId).map((r) => {
      const errors = r.errors
        .map(
          (e) =>
            `<errors><message>${xmlText(e.message)}</message><statusCode>${e.errorCode}</statusCode></errors>`,
        )
        .join('');
      const id = r.id ? `<id>${r.id}</id>` : '<id xsi:nil="true"/>';
      return `<result>${errors}${id}<success>${r.success}</success></result>`;
    });
    return reply
      .type('text/xml; charset=utf-8')
      .send(
        soapEnvelope(
          `<undeleteResponse>${results.join('')}</undeleteResponse>`,
          `<LimitInfoHeader><limitInfo><current>${stats.apiUsed}</current><limit>${stats.apiLimit}</limit><type>API REQUESTS</type></limitInfo></LimitInfoHeader>`,
        ),
      );
  });

  let editTimer: NodeJS.Timeout | undefined;
  if (options.editsEverySeconds && options.editsEverySeconds > 0) {
    const faker = demoFaker(Date.now() % 2 ** 31);
    editTimer = setInterval(() => {
      for (let i = faker.number.int({ min: 1, max: 3 }); i > 0; i--) {
        const object = faker.datatype.boolean({ probability: 0.3 }) ? 'Account' : 'Case';
        const all = records.all(object).filter((r) => object === 'Case' || r.IsPersonAccount === true);
        if (all.length === 0) continue;
        // Users of a live CRM also delete records now and then: a person account's cases first, as Salesforce
        // refuses an account a case is related to.
        if (faker.datatype.boolean({ probability: options.deletionShare ?? 0.05 })) {
          const victim = faker.helpers.arrayElement(all);
          const userId = faker.helpers.arrayElement(records.all('User')).Id;
          if (object === 'Account') records.removeWithCases(victim.Id, userId);
          else records.remove(object, victim.Id, userId);
          app.log.debug({ object, id: victim.Id }, 'sandbox CRM deleted a record');
          continue;
        }
        const edited = records.save(
          object,
          editRecord(faker, object, faker.helpers.arrayElement(all), records.now(), records.all('User')),
        );
        app.log.debug({ object, id: edited.Id }, 'sandbox CRM edited a record');
      }
    }, options.editsEverySeconds * 1000);
  }

  await app.listen({ port: options.port ?? 8090, host: options.host ?? '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : (options.port ?? 8090);
  base = `http://${options.host ?? '127.0.0.1'}:${port}`;

  return {
    url: base,
    port,
    records,
    integrationUserId,
    stats,
    failNextRequests(count, status = 503) {
      failures = { count, status };
    },
    faultWrites(fault, count) {
      writeFault = fault ? { fault, count: count ?? Infinity } : null;
      if (!fault) dropHeld();
    },
    holdReads(on) {
      holdingReads = on;
      if (!on) dropHeld();
    },
    expireTokens() {
      for (const token of tokens.keys()) tokens.set(token, 0);
    },
    rotateClientSecret(secret) {
      clientSecret = secret;
    },
    setApiUsage(used, limit) {
      stats.apiUsed = used;
      if (limit !== undefined) stats.apiLimit = limit;
    },
    onWrite(fn) {
      trigger = fn;
    },
    merge(object, survivorId, loserId) {
      const outcome = records.merge(object, survivorId, loserId, integrationUserId);
      if (!outcome.ok) throw new Error(`merge: ${outcome.errors[0]?.message ?? 'refused'}`);
    },
    purge(ids) {
      return records.purge(ids ? { ids } : {});
    },
    validationRule(fn) {
      rule = fn;
    },
    async close() {
      clearInterval(editTimer);
      dropHeld();
      await app.close();
    },
  };
}
