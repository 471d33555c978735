import { buildSandboxApp } from './app';
import { generateDemoData, type DemoData } from './demo/demo-data';
import { startLiveEdits } from './demo/live-edits';
import {
  createOrg,
  dropHeld,
  type SandboxCrmOptions,
  type SandboxOrg,
  type SandboxState,
  type SandboxStats,
  type ValidationRule,
  type WriteFault,
  type WriteTrigger,
} from './org';
import type { StoredObject } from './records/record-types';
import type { SandboxRecords } from './records/sandbox-records';

export type { SandboxCrmOptions, SandboxState, WriteFault } from './org';

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
  onWrite(trigger: WriteTrigger | null): void;
  /** Test hook: `loserId` merged into `survivorId` by a CRM user (SOAP merge()). */
  merge(object: StoredObject, survivorId: string, loserId: string): void;
  /** Test hook: empties the recycle bin (of `ids` only, when given), as its 15 days running out would. */
  purge(ids?: readonly string[]): string[];
  /** Test hook: a validation rule every save must pass (null removes it). */
  validationRule(rule: ValidationRule | null): void;
  readonly stats: SandboxStats;
  close(): Promise<void>;
};

/** The latest version of every record of the demo history: what a CRM holds. */
export const currentState = (data: DemoData): SandboxState => ({
  users: data.users,
  accounts: [...data.accounts.map((h) => h.at(-1)!), ...data.businessAccounts],
  cases: data.cases.map((h) => h.at(-1)!),
  queues: data.queues,
  recordTypes: data.recordTypes,
  emails: data.emails.map((h) => h.at(-1)!),
  comments: data.comments.map((h) => h.at(-1)!),
});

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
  const org = createOrg(options, state);
  const app = buildSandboxApp(org);
  const editTimer =
    options.editsEverySeconds && options.editsEverySeconds > 0
      ? startLiveEdits(org.records, options.editsEverySeconds, options.deletionShare ?? 0.05, app.log)
      : undefined;

  const host = options.host ?? '127.0.0.1';
  await app.listen({ port: options.port ?? 8090, host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : (options.port ?? 8090);
  org.url = `http://${host}:${port}`;

  return testHooks(org, port, async () => {
    clearInterval(editTimer);
    dropHeld(org);
    await app.close();
  });
}

/** The running org's handle: its address and records, and what tests may ask of it. */
function testHooks(org: SandboxOrg, port: number, close: () => Promise<void>): SandboxCrm {
  const { records, stats, integrationUserId } = org;
  return {
    url: org.url,
    port,
    records,
    integrationUserId,
    stats,
    failNextRequests(count, status = 503) {
      org.failures = { count, status };
    },
    faultWrites(fault, count) {
      org.writeFault = fault ? { fault, count: count ?? Infinity } : null;
      if (!fault) dropHeld(org);
    },
    holdReads(on) {
      org.holdingReads = on;
      if (!on) dropHeld(org);
    },
    expireTokens() {
      for (const token of org.tokens.keys()) org.tokens.set(token, 0);
    },
    rotateClientSecret(secret) {
      org.clientSecret = secret;
    },
    setApiUsage(used, limit) {
      stats.apiUsed = used;
      if (limit !== undefined) stats.apiLimit = limit;
    },
    onWrite(fn) {
      org.trigger = fn;
    },
    merge(object, survivorId, loserId) {
      const outcome = records.merge(object, survivorId, loserId, integrationUserId);
      if (!outcome.ok) throw new Error(`merge: ${outcome.errors[0]?.message ?? 'refused'}`);
    },
    purge(ids) {
      return records.purge(ids ? { ids } : {});
    },
    validationRule(fn) {
      org.rule = fn;
    },
    close,
  };
}
