import type { Socket } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import type { DemoCounts } from './demo/demo-data';
import type { SandboxData, SandboxRecordsOptions, StoredObject } from './records/record-types';
import { SandboxRecords } from './records/sandbox-records';
import type { SandboxObject } from './sandbox-schema';
import { salesforceId } from './salesforce-id';
import type { SfErrorDetail, SfRecord } from './salesforce-wire';

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
  /**
   * The public key (PEM) of the certificate the connected app holds for the JWT bearer flow: an assertion it
   * verifies gives a token. Without it the flow is refused, as by an app without a certificate.
   */
  jwtPublicKey?: string;
  /** The username of the integration user the JWT bearer flow signs in as (default `integrazione@storico-demo.it`). */
  jwtUsername?: string;
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

/** `patches`: sobject PATCH requests that reached the sandbox's records, accepted or refused. */
export type SandboxStats = {
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
  /**
   * REST reads of the org's data or schema: query, queryAll and their next pages, sObject rows, describe, getDeleted
   * and getUpdated (every GET under /services/data/vXX.X/ but the limits and the versions lists).
   */
  reads: number;
  /** The longest query URL asked (path and query string, in bytes). */
  longestQueryUrl: number;
};

export type WriteTrigger = (object: StoredObject, record: SfRecord) => SfRecord;
export type ValidationRule = (object: SandboxObject, next: SfRecord) => SfErrorDetail | null;

/**
 * The running org as every resource sees it: its records, its connected app and sessions, the API usage it counts,
 * and the misbehaviour tests asked of it.
 */
export type SandboxOrg = {
  readonly options: SandboxCrmOptions;
  readonly records: SandboxRecords;
  /** The user every token runs as: what LastModifiedById shows after a write through the API. */
  readonly integrationUserId: string;
  readonly clientId: string;
  clientSecret: string;
  /** Access token -> when it expires (ms). */
  readonly tokens: Map<string, number>;
  readonly stats: SandboxStats;
  /** How long a deleted record stays in the recycle bin (ms). */
  readonly recycleBinMs: number;
  /** The org's own URL (instance_url), known once it listens. */
  url: string;
  failures: { count: number; status: number };
  writeFault: { fault: WriteFault; count: number } | null;
  holdingReads: boolean;
  /** Connections taken and never answered (held reads, hung writes). */
  readonly held: Set<Socket>;
  trigger: WriteTrigger | null;
  rule: ValidationRule | null;
};

export function createOrg(options: SandboxCrmOptions, state: SandboxState): SandboxOrg {
  return {
    options,
    records: new SandboxRecords(state, options),
    integrationUserId: salesforceId('005', 1),
    clientId: options.clientId ?? 'sandbox',
    clientSecret: options.clientSecret ?? 'sandbox',
    tokens: new Map(),
    stats: {
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
      reads: 0,
      longestQueryUrl: 0,
    },
    recycleBinMs: (options.recycleBinDays ?? 15) * 86_400_000,
    url: '',
    failures: { count: 0, status: 503 },
    writeFault: null,
    holdingReads: false,
    held: new Set(),
    trigger: null,
    rule: null,
  };
}

/** Drops every connection held without an answer. */
export function dropHeld(org: SandboxOrg): void {
  for (const socket of org.held) socket.destroy();
  org.held.clear();
}

/** Whether a session id (access token) is one the org issued and still honours. */
export function sessionValid(org: SandboxOrg, token: string | undefined): boolean {
  const expiresAt = token ? org.tokens.get(token) : undefined;
  return expiresAt !== undefined && expiresAt >= Date.now();
}
