import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_FOUR_EYES_COOLDOWN_DAYS, MAX_FOUR_EYES_COOLDOWN_DAYS } from '../../contract/four-eyes';
import type { SalesforceCredentials } from './crm-credentials';
import { DEFAULT_HEAP_GROWTH_PERCENT } from './heap-growth';

const emptyAsUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const optionalString = z.preprocess(emptyAsUndefined, z.string().optional());
const optionalUrl = z.preprocess(emptyAsUndefined, z.url().optional());
const flag = z.preprocess(
  emptyAsUndefined,
  z
    .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'])
    .transform((v) => ['1', 'true', 'yes', 'on'].includes(v))
    .optional(),
);
const port = (fallback: number) =>
  z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(65535).default(fallback));

const envSchema = z.object({
  PORT: port(8080),
  HOST: z.preprocess(emptyAsUndefined, z.string().default('0.0.0.0')),
  DATABASE_URL: optionalUrl,
  DATA_DIR: z.preprocess(emptyAsUndefined, z.string().default('./data')),
  JWT_SECRET: z.preprocess(emptyAsUndefined, z.string().min(32, 'must be at least 32 characters').optional()),
  SECRETS_KEY: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hex characters (32 bytes)')
      .optional(),
  ),
  PRODUCT_CODE: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^[A-Z0-9]+$/, 'must be upper-case letters and digits')
      .default('STORICO'),
  ),
  SF_LOGIN_URL: optionalUrl,
  SF_CLIENT_ID: optionalString,
  SF_CLIENT_SECRET: optionalString,
  SF_USERNAME: optionalString,
  SF_PRIVATE_KEY_FILE: optionalString,
  SF_JWT_AUDIENCE: z.preprocess(emptyAsUndefined, z.url().default('https://login.salesforce.com')),
  SYNC_INTERVAL_S: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).default(300)),
  INSTANCE_ID: z.preprocess(emptyAsUndefined, z.string().max(100).optional()),
  SF_API_MAX_USAGE: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().gt(0, 'must be a fraction above 0').max(1, 'must be a fraction up to 1').default(0.8),
  ),
  SF_QUERY_BATCH_SIZE: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(200, 'must be 200 to 2000').max(2000, 'must be 200 to 2000').optional(),
  ),
  SF_READ_TIMEOUT_S: z.preprocess(emptyAsUndefined, z.coerce.number().gt(0, 'must be above 0').default(5)),
  SF_WRITE_TIMEOUT_S: z.preprocess(emptyAsUndefined, z.coerce.number().gt(0, 'must be above 0').default(10)),
  // A custom field's API name, with its namespace prefix if any (Custom Field Names: letters, digits and single
  // underscores, starting with a letter, ending in __c); it goes into SOQL and URLs as it is.
  SF_RECREATE_KEY_FIELD: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(
        /^(?:[A-Za-z](?:[A-Za-z0-9]|_(?!_))*__)?[A-Za-z](?:[A-Za-z0-9]|_(?!_))*__c$/,
        'must be the API name of a custom field, e.g. Storico_Original_Id__c',
      )
      .optional(),
  ),
  RESTORE_OUTCOME_WAIT_S: z.preprocess(emptyAsUndefined, z.coerce.number().min(0).default(600)),
  FOUR_EYES_COOLDOWN_DAYS: z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number()
      .int('must be a whole number of days')
      .min(0, `must be 0 to ${MAX_FOUR_EYES_COOLDOWN_DAYS}`)
      .max(MAX_FOUR_EYES_COOLDOWN_DAYS, `must be 0 to ${MAX_FOUR_EYES_COOLDOWN_DAYS}`)
      .default(DEFAULT_FOUR_EYES_COOLDOWN_DAYS),
  ),
  ROLLBACK_BATCH_SIZE: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(1000).default(50)),
  ROLLBACK_PAUSE_MS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).default(500)),
  ROLLBACK_IDLE_S: z.preprocess(emptyAsUndefined, z.coerce.number().gt(0, 'must be above 0').default(5)),
  SMTP_URL: optionalUrl,
  SMTP_FROM: z.preprocess(emptyAsUndefined, z.string().default('Storico <no-reply@storico.local>')),
  PUBLIC_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
  SANDBOX_CRM_PORT: port(8090),
  SANDBOX_CRM_EDITS_S: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).default(0)),
  SANDBOX_CRM_RECYCLE_BIN_DAYS: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().gt(0, 'must be above 0').default(15),
  ),
  SANDBOX_CRM_BURST: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^[^:\s]+:\d+$/, 'AGENT_USERNAME:COUNT, e.g. mario.rossi:80')
      .optional(),
  ),
  WATCH_MIN_RECORDS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).default(50)),
  WATCH_SHARE: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().gt(0, 'must be a fraction above 0').max(1, 'must be a fraction up to 1').default(0.05),
  ),
  WATCH_SHARE_MIN: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).default(10)),
  WATCH_WINDOW_MIN: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(1440).default(60)),
  DEMO: flag,
  ADMIN_USERNAME: z.preprocess(emptyAsUndefined, z.string().min(1).max(300).default('admin')),
  ADMIN_PASSWORD: optionalString,
  ADMIN_TOTP_SECRET: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^[A-Z2-7]+=*$/, 'must be base32 (A-Z, 2-7)')
      .optional(),
  ),
  TRUST_PROXY: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^(true|false|\d+|[\d.:a-fA-F/, ]+)$/, 'true, false, a hop count or a list of proxy addresses')
      .default('false'),
  ),
  API_MAX_IN_FLIGHT: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).default(64)),
  HEAP_GROWTH_PERCENT: z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number()
      .int('must be a whole number')
      .min(0, 'must be 0 to 400')
      .max(400, 'must be 0 to 400')
      .default(DEFAULT_HEAP_GROWTH_PERCENT),
  ),
  RETENTION_MONTHS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).optional()),
  API_DOCS: flag,
  METRICS_TOKEN: z.preprocess(
    emptyAsUndefined,
    z.string().min(16, 'must be at least 16 characters').optional(),
  ),
  LOG_LEVEL: z.preprocess(
    emptyAsUndefined,
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
});

export type Env = z.infer<typeof envSchema>;

/**
 * An alert is raised when, within `windowMinutes`, one agent changed or deleted more than `minRecords` records of
 * one object, or at least `shareMin` and more than `share` of the records they changed in the 30 days before.
 */
export type WatchThresholds = { minRecords: number; share: number; shareMin: number; windowMinutes: number };

/** `AGENT_USERNAME:COUNT` (SANDBOX_CRM_BURST and the sandbox CLI's `--burst`); undefined for anything else. */
export function parseBurstSpec(value: string | undefined): { username: string; count: number } | undefined {
  const match = value ? /^([^:\s]+):(\d+)$/.exec(value.trim()) : null;
  return match ? { username: match[1]!, count: Number(match[2]) } : undefined;
}

export type Config = {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  jwtSecret: string;
  secretsKey: Buffer;
  productCode: string;
  demo: boolean;
  crm: SalesforceCredentials;
  sandboxCrm:
    | {
        port: number;
        editsEverySeconds: number;
        recycleBinDays: number;
        burst: { username: string; count: number } | undefined;
      }
    | undefined;
  /** Mass-change watch thresholds (server/watch/). */
  watch: WatchThresholds;
  syncIntervalSeconds: number;
  /** Names this instance in /readyz's last sync; host:pid by default. */
  instanceId: string | undefined;
  /** The fraction of the org's daily API requests at which the sync stops making query calls. */
  sfApiMaxUsage: number;
  /** Records a sync page asks the CRM for (`Sforce-Query-Options: batchSize`); a page is stored in one transaction. */
  sfQueryBatchSize: number;
  /** How long a CRM read (its retries included) and a CRM write may go unanswered. */
  crmTimeouts: { readMs: number; writeMs: number };
  /**
   * The org's Text External ID field on Account and Case that a re-created record holds its purged predecessor's
   * Id in, so that a re-create is an upsert by that key: repeated, it updates the record it made.
   */
  sfRecreateKeyField: string | undefined;
  /**
   * How long after a restore write went unanswered a read that does not show it may conclude it was not applied:
   * until then the CRM may still be processing it.
   */
  restoreOutcomeWaitMs: number;
  /**
   * How long after giving a user their access (creating them, an enrolment link, a password) a reviewer may not
   * approve that user's requests, and a forced restore of theirs raises an alert; 0 turns both off.
   */
  fourEyesCooldownDays: number;
  /** Approved rollbacks are applied this many records at a time, with this pause between batches. */
  rollback: { batchSize: number; pauseMs: number; idleMs: number };
  smtp: { url: string; from: string } | undefined;
  publicUrl: string;
  secureTransport: boolean;
  bootstrapAdmin: { username: string; password: string | undefined; totpSecret: string | undefined };
  logLevel: Env['LOG_LEVEL'];
  /** API requests worked on at once; more are refused with 429 (0 = no cap). */
  apiMaxInFlight: number;
  /** How far the JavaScript heap grows past its live size before a full collection (heap-growth.ts; 0 = V8's). */
  heapGrowthPercent: number;
  /** Revisions older than this many months are pruned (retention.ts); none = every revision is kept. */
  retentionMonths: number | undefined;
  /** The bearer token a Prometheus scraper sends to GET /metrics; no token, no /metrics. */
  metricsToken: string | undefined;
  /** Whether /api/docs (Swagger UI) and /api/docs/json (the OpenAPI document) are served, to anyone. */
  apiDocs: boolean;
  /** Which proxies' X-Forwarded-For to believe: client addresses feed rate limits and the audit log. */
  trustProxy: boolean | number | string;
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

type GeneratedSecrets = { jwtSecret: string; secretsKey: string };

/** In demo mode missing secrets are generated once and kept in DATA_DIR, so restarts keep sessions and TOTP secrets readable. */
function demoSecrets(dataDir: string): GeneratedSecrets {
  const file = path.join(dataDir, 'demo-secrets.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as GeneratedSecrets;
  const secrets = {
    jwtSecret: randomBytes(48).toString('base64url'),
    secretsKey: randomBytes(32).toString('hex'),
  };
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, JSON.stringify(secrets), { mode: 0o600 });
  return secrets;
}

function parseTrustProxy(value: string): boolean | number | string {
  if (value === 'true') return true;
  if (value === 'false') return false;
  return /^\d+$/.test(value) ? Number(value) : value;
}

/**
 * `SF_QUERY_BATCH_SIZE` when unset: the embedded database is one session, and a page of 2,000 would hold every
 * search for its whole transaction.
 */
export const defaultQueryBatchSize = (database: 'pglite' | 'postgres') =>
  database === 'pglite' ? 200 : 2000;

/**
 * DATA_DIR, resolved, when the database is the embedded one (no DATABASE_URL); undefined otherwise or when the
 * environment is invalid (loadConfig says why). For a tool that must look at the data dir before loadConfig, which
 * in demo mode writes the generated secrets there.
 */
export function embeddedDataDir(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const parsed = envSchema.safeParse(env);
  return parsed.success && !parsed.data.DATABASE_URL ? path.resolve(parsed.data.DATA_DIR) : undefined;
}

/**
 * The CRM sign-in: the client credentials flow (SF_CLIENT_SECRET) or the JWT bearer flow (SF_USERNAME and
 * SF_PRIVATE_KEY_FILE, no secret), never both; SF_LOGIN_URL and SF_CLIENT_ID for either. The private key is read here,
 * so that a file that cannot be read stops the start.
 */
function crmCredentials(e: Env, problems: string[]): SalesforceCredentials | undefined {
  const jwt = Boolean(e.SF_USERNAME ?? e.SF_PRIVATE_KEY_FILE);
  if (jwt && e.SF_CLIENT_SECRET) {
    problems.push(
      'SF_CLIENT_SECRET and SF_USERNAME/SF_PRIVATE_KEY_FILE: choose one sign-in, the client credentials flow ' +
        '(SF_CLIENT_SECRET) or the JWT bearer flow (SF_USERNAME and SF_PRIVATE_KEY_FILE)',
    );
    return undefined;
  }
  if (!jwt) {
    if (e.SF_LOGIN_URL && e.SF_CLIENT_ID && e.SF_CLIENT_SECRET)
      return { loginUrl: e.SF_LOGIN_URL, clientId: e.SF_CLIENT_ID, clientSecret: e.SF_CLIENT_SECRET };
    problems.push(
      'SF_LOGIN_URL, SF_CLIENT_ID and SF_CLIENT_SECRET: set all three (or SF_USERNAME and SF_PRIVATE_KEY_FILE ' +
        'instead of the secret), or none for the sandbox CRM',
    );
    return undefined;
  }
  if (!(e.SF_LOGIN_URL && e.SF_CLIENT_ID && e.SF_USERNAME && e.SF_PRIVATE_KEY_FILE)) {
    problems.push(
      'SF_LOGIN_URL, SF_CLIENT_ID, SF_USERNAME and SF_PRIVATE_KEY_FILE: the JWT bearer flow needs all four',
    );
    return undefined;
  }
  let privateKey: string;
  try {
    privateKey = readFileSync(path.resolve(e.SF_PRIVATE_KEY_FILE), 'utf8');
  } catch (error) {
    problems.push(
      `SF_PRIVATE_KEY_FILE: ${e.SF_PRIVATE_KEY_FILE} cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`,
    );
    return undefined;
  }
  return {
    loginUrl: e.SF_LOGIN_URL,
    clientId: e.SF_CLIENT_ID,
    username: e.SF_USERNAME,
    privateKey,
    audience: e.SF_JWT_AUDIENCE,
  };
}

/** The one reader of process.env: parses it and fails with every problem listed. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.') || '(env)'}: ${i.message}`));
  }
  const e = parsed.data;
  const problems: string[] = [];
  const anyCrm = Boolean(e.SF_LOGIN_URL ?? e.SF_CLIENT_ID ?? e.SF_CLIENT_SECRET ?? e.SF_USERNAME);
  const demo = e.DEMO ?? !anyCrm;
  if (!demo) {
    if (!e.JWT_SECRET) problems.push('JWT_SECRET: required outside demo mode (at least 32 characters)');
    if (!e.SECRETS_KEY) problems.push('SECRETS_KEY: required outside demo mode (64 hex characters)');
  }
  const crm = anyCrm ? crmCredentials(e, problems) : undefined;
  if (!demo && !anyCrm) problems.push('SF_LOGIN_URL: required outside demo mode (the CRM to sync from)');
  if (problems.length > 0) throw new ConfigError(problems);

  const dataDir = path.resolve(e.DATA_DIR);
  const generated = demo && (!e.JWT_SECRET || !e.SECRETS_KEY) ? demoSecrets(dataDir) : undefined;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  const useSandbox = !anyCrm;
  const sandboxUrl = `http://127.0.0.1:${e.SANDBOX_CRM_PORT}`;

  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir,
    jwtSecret: e.JWT_SECRET ?? generated!.jwtSecret,
    secretsKey: Buffer.from(e.SECRETS_KEY ?? generated!.secretsKey, 'hex'),
    productCode: e.PRODUCT_CODE,
    demo,
    crm: useSandbox ? { loginUrl: sandboxUrl, clientId: 'sandbox', clientSecret: 'sandbox' } : crm!,
    sandboxCrm: useSandbox
      ? {
          port: e.SANDBOX_CRM_PORT,
          editsEverySeconds: e.SANDBOX_CRM_EDITS_S,
          recycleBinDays: e.SANDBOX_CRM_RECYCLE_BIN_DAYS,
          burst: parseBurstSpec(e.SANDBOX_CRM_BURST),
        }
      : undefined,
    watch: {
      minRecords: e.WATCH_MIN_RECORDS,
      share: e.WATCH_SHARE,
      shareMin: e.WATCH_SHARE_MIN,
      windowMinutes: e.WATCH_WINDOW_MIN,
    },
    syncIntervalSeconds: e.SYNC_INTERVAL_S,
    instanceId: e.INSTANCE_ID,
    sfApiMaxUsage: e.SF_API_MAX_USAGE,
    sfQueryBatchSize: e.SF_QUERY_BATCH_SIZE ?? defaultQueryBatchSize(e.DATABASE_URL ? 'postgres' : 'pglite'),
    crmTimeouts: { readMs: e.SF_READ_TIMEOUT_S * 1000, writeMs: e.SF_WRITE_TIMEOUT_S * 1000 },
    sfRecreateKeyField: e.SF_RECREATE_KEY_FIELD,
    restoreOutcomeWaitMs: e.RESTORE_OUTCOME_WAIT_S * 1000,
    fourEyesCooldownDays: e.FOUR_EYES_COOLDOWN_DAYS,
    rollback: {
      batchSize: e.ROLLBACK_BATCH_SIZE,
      pauseMs: e.ROLLBACK_PAUSE_MS,
      idleMs: e.ROLLBACK_IDLE_S * 1000,
    },
    smtp: e.SMTP_URL ? { url: e.SMTP_URL, from: e.SMTP_FROM } : undefined,
    publicUrl,
    secureTransport: publicUrl.startsWith('https://'),
    bootstrapAdmin: {
      username: e.ADMIN_USERNAME,
      password: e.ADMIN_PASSWORD,
      totpSecret: e.ADMIN_TOTP_SECRET,
    },
    logLevel: e.LOG_LEVEL,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    metricsToken: e.METRICS_TOKEN,
    apiDocs: e.API_DOCS ?? false,
    retentionMonths: e.RETENTION_MONTHS,
    apiMaxInFlight: e.API_MAX_IN_FLIGHT,
    heapGrowthPercent: e.HEAP_GROWTH_PERCENT,
  };
}
