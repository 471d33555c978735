import { randomBytes } from 'node:crypto';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyReply } from 'fastify';
import type { CrmErrorDetail, CrmRecord } from '../crm-connector';
import { SALESFORCE_API_VERSION, SOBJECT_FIELDS, type SObjectName } from '../crm-fields';
import { demoFaker, editRecord, generateDemoData, type DemoCounts, type DemoData } from './demo-data';
import { salesforceId } from './salesforce-id';
import { SandboxRecords, type SandboxRecordsOptions } from './sandbox-records';
import { compileSoql, SoqlError } from './soql';

export type SandboxState = { users: CrmRecord[]; accounts: CrmRecord[]; cases: CrmRecord[] };

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
  logger?: FastifyBaseLogger;
};

export type SandboxCrm = {
  url: string;
  port: number;
  records: SandboxRecords;
  /** Test hook: the next `count` requests, whatever they are, fail with `status`. */
  failNextRequests(count: number, status?: number): void;
  /** Test hook: every token issued so far stops working, as when a session expires. */
  expireTokens(): void;
  /**
   * Test hook: after every accepted PATCH the record is changed again by `trigger` (as a Salesforce trigger or
   * workflow rule would); null removes it.
   */
  onWrite(trigger: ((object: SObjectName, record: CrmRecord) => CrmRecord) | null): void;
  /** `patches`: sobject PATCH requests that reached the sandbox's records, accepted or refused. */
  readonly stats: { tokensIssued: number; requests: number; failedOnPurpose: number; patches: number };
  close(): Promise<void>;
};

const DATA = `/services/data/v${SALESFORCE_API_VERSION}`;
const NOT_FOUND: CrmErrorDetail = {
  errorCode: 'NOT_FOUND',
  message: 'The requested resource does not exist',
};
const CURSOR_IDLE_MS = 15 * 60_000;

/** The latest version of every record of the demo history: what a CRM holds. */
export const currentState = (data: DemoData): SandboxState => ({
  users: data.users,
  accounts: data.accounts.map((h) => h.at(-1)!),
  cases: data.cases.map((h) => h.at(-1)!),
});

const isSObject = (name: string): name is SObjectName => name in SOBJECT_FIELDS;

const sendErrors = (reply: FastifyReply, status: number, errors: CrmErrorDetail[]) =>
  reply.code(status).type('application/json').send(errors);

function project(object: SObjectName, record: CrmRecord, fields: string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {
    attributes: { type: object, url: `${DATA}/sobjects/${object}/${record.Id}` },
  };
  for (const f of fields) out[f] = record[f] ?? null;
  return out;
}

/**
 * A small CRM speaking the Salesforce REST subset Storico uses (API v62.0): client-credentials token,
 * SOQL query with nextRecordsUrl paging, sobject GET and PATCH, with Salesforce's error bodies.
 */
export async function startSandboxCrm(options: SandboxCrmOptions = {}): Promise<SandboxCrm> {
  const state =
    options.state ?? currentState(generateDemoData({ seed: options.seed, counts: options.counts }));
  const records = new SandboxRecords(state, options);
  const clientId = options.clientId ?? 'sandbox';
  const clientSecret = options.clientSecret ?? 'sandbox';
  const pageSize = options.pageSize ?? 2000;
  const ttlMs = (options.tokenTtlSeconds ?? 7200) * 1000;
  const tokens = new Map<string, number>();
  type Cursor = { object: SObjectName; fields: string[]; rows: CrmRecord[]; size: number; usedAt: number };
  const cursors = new Map<string, Cursor>();
  const stats = { tokensIssued: 0, requests: 0, failedOnPurpose: 0, patches: 0 };
  let failures = { count: 0, status: 503 };
  let trigger: ((object: SObjectName, record: CrmRecord) => CrmRecord) | null = null;
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
  app.setErrorHandler((error: { statusCode?: number; message: string }, _request, reply) => {
    const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 500;
    const errorCode = status === 400 ? 'JSON_PARSER_ERROR' : 'UNKNOWN_EXCEPTION';
    return sendErrors(reply, status, [{ errorCode, message: error.message }]);
  });
  app.setNotFoundHandler((_request, reply) => sendErrors(reply, 404, [NOT_FOUND]));

  app.addHook('onRequest', async (request, reply) => {
    stats.requests++;
    if (failures.count > 0) {
      failures.count--;
      stats.failedOnPurpose++;
      return sendErrors(reply, failures.status, [
        { errorCode: 'SERVER_UNAVAILABLE', message: 'The sandbox CRM is failing this request on purpose' },
      ]);
    }
    if (!request.url.startsWith('/services/data/')) return;
    const [scheme, token] = (request.headers.authorization ?? '').split(' ');
    const expiresAt = token && /^(Bearer|OAuth)$/i.test(scheme ?? '') ? tokens.get(token) : undefined;
    if (!expiresAt || expiresAt < Date.now()) {
      return sendErrors(reply, 401, [
        { errorCode: 'INVALID_SESSION_ID', message: 'Session expired or invalid' },
      ]);
    }
  });

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
      id: `${base}/id/${orgId}/${salesforceId('005', 1)}`,
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
      ...(done ? {} : { nextRecordsUrl: `${DATA}/query/${locator}-${end}` }),
      records: cursor.rows.slice(start, end).map((r) => project(cursor.object, r, cursor.fields)),
    };
  };

  app.get(`${DATA}/query`, async (request, reply) => {
    const q = (request.query as Record<string, string | undefined>).q;
    if (!q)
      return sendErrors(reply, 400, [{ errorCode: 'MALFORMED_QUERY', message: 'A query (q) is required' }]);
    let compiled;
    try {
      compiled = compileSoql(q);
    } catch (error) {
      if (error instanceof SoqlError) return sendErrors(reply, 400, [error.detail]);
      throw error;
    }
    const now = Date.now();
    for (const [key, c] of cursors) if (now - c.usedAt > CURSOR_IDLE_MS) cursors.delete(key);
    const matched = records.all(compiled.object).filter(compiled.matches).sort(compiled.compare);
    const rows = matched.slice(
      compiled.offset,
      compiled.limit === undefined ? undefined : compiled.offset + compiled.limit,
    );
    const asked = /batchSize=(\d+)/i.exec(String(request.headers['sforce-query-options'] ?? ''))?.[1];
    // Salesforce treats the batch size as a hint between 200 and 2000.
    const size = Math.min(asked ? Math.max(200, Math.min(2000, Number(asked))) : 2000, pageSize);
    const locator = `01g${randomBytes(8).toString('hex')}`;
    cursors.set(locator, { object: compiled.object, fields: compiled.fields, rows, size, usedAt: now });
    return page(locator, 0);
  });

  app.get(`${DATA}/query/:cursor`, async (request, reply) => {
    const match = /^(01g[0-9a-f]+)-(\d+)$/.exec((request.params as { cursor: string }).cursor);
    if (!match || !cursors.has(match[1]!)) {
      return sendErrors(reply, 400, [
        { errorCode: 'INVALID_QUERY_LOCATOR', message: 'invalid query locator' },
      ]);
    }
    return page(match[1]!, Number(match[2]));
  });

  const find = (type: string, id: string) => {
    if (!isSObject(type)) return undefined;
    return (
      records.get(type, id) ??
      (id.length === 15 ? records.all(type).find((r) => r.Id.startsWith(id)) : undefined)
    );
  };

  app.get(`${DATA}/sobjects/:type/:id`, async (request, reply) => {
    const { type, id } = request.params as { type: string; id: string };
    const record = find(type, id);
    if (!record || !isSObject(type)) return sendErrors(reply, 404, [NOT_FOUND]);
    const asked = (request.query as Record<string, string | undefined>).fields;
    const fields = asked ? asked.split(',').map((f) => f.trim()) : Object.keys(SOBJECT_FIELDS[type]);
    const unknown = fields.filter((f) => !SOBJECT_FIELDS[type][f]);
    if (unknown.length > 0) {
      return sendErrors(reply, 400, [
        { errorCode: 'INVALID_FIELD', message: `No such column '${unknown[0]}' on sobject of type ${type}` },
      ]);
    }
    return project(type, record, fields);
  });

  app.patch(`${DATA}/sobjects/:type/:id`, async (request, reply) => {
    const { type, id } = request.params as { type: string; id: string };
    const record = find(type, id);
    if (!record || !isSObject(type)) return sendErrors(reply, 404, [NOT_FOUND]);
    stats.patches++;
    const outcome = records.patch(type, record.Id, request.body);
    if (!outcome.ok) return sendErrors(reply, outcome.status, outcome.errors);
    if (trigger) records.save(type, trigger(type, outcome.record));
    return reply.code(204).send();
  });

  let editTimer: NodeJS.Timeout | undefined;
  if (options.editsEverySeconds && options.editsEverySeconds > 0) {
    const faker = demoFaker(Date.now() % 2 ** 31);
    editTimer = setInterval(() => {
      for (let i = faker.number.int({ min: 1, max: 3 }); i > 0; i--) {
        const object = faker.datatype.boolean({ probability: 0.3 }) ? 'Account' : 'Case';
        const all = records.all(object);
        if (all.length === 0) continue;
        const edited = records.save(
          object,
          editRecord(faker, object, faker.helpers.arrayElement(all), records.now()),
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
    stats,
    failNextRequests(count, status = 503) {
      failures = { count, status };
    },
    expireTokens() {
      for (const token of tokens.keys()) tokens.set(token, 0);
    },
    onWrite(fn) {
      trigger = fn;
    },
    async close() {
      clearInterval(editTimer);
      await app.close();
    },
  };
}
