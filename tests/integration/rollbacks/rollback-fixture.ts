import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { ADMIN, USER_RANA, productRole } from '../../../contract/roles';
import type { RollbackDetail, RollbackPreview, RollbackRequest } from '../../../contract/rollbacks';
import { AuditService } from '../../../server/audit-log/audit.service';
import type { CrmConnector, CrmRecord } from '../../../server/crm/crm-connector';
import { runSandboxBurst } from '../../../server/crm/sandbox-burst';
import { toSfDateTime } from '../../../server/crm/salesforce-dates';
import { RollbackRunner } from '../../../server/rollbacks/rollback-runner';
import { runMassChangeWatch, type WatchDeps } from '../../../server/watch/mass-change-watch';
import type { TestDbKind } from '../../support/test-database';
import { RestoreFixture, type SignedIn } from '../restores/restore-fixture';

export const BASE = '/api/v3/rollback-request';

/** What every save stamps, whatever it changes. */
export const STAMPS = new Set(['LastModifiedById', 'LastModifiedDate', 'SystemModstamp']);
const TIME_STAMPS = new Set(['LastModifiedDate', 'SystemModstamp', 'LastModifiedById']);

type Body<T> = { data: { query: T } };

/** The restore fixture with a sandbox big enough for mass changes, and the rollback API as helpers. */
export class RollbackFixture {
  private constructor(readonly f: RestoreFixture) {}

  static async start(kind: TestDbKind, accounts: number, cases = 10): Promise<RollbackFixture> {
    return new RollbackFixture(await RestoreFixture.start(kind, { counts: { users: 16, accounts, cases } }));
  }

  close() {
    return this.f.close();
  }

  get db() {
    return this.f.t.database.db;
  }

  get sandbox() {
    return this.f.sandbox;
  }

  /** The runner of the server's worker, on `crm` (the fixture's by default) and the given clock. */
  runner(
    options: { crm?: CrmConnector; batchSize?: number; now?: () => Date; maxApiUsage?: number } = {},
  ): RollbackRunner {
    return new RollbackRunner({
      db: this.db,
      crm: options.crm ?? this.f.crm,
      audit: new AuditService(this.db),
      now: options.now ?? (() => new Date()),
      batchSize: options.batchSize ?? 50,
      outcomeWaitMs: 60_000,
      maxApiUsage: options.maxApiUsage,
    });
  }

  /** The sandbox's n-th CRM user other than the integration user Storico writes as. */
  agent(n: number): CrmRecord {
    const agents = this.sandbox.records.all('User').filter((u) => u.Id !== this.sandbox.integrationUserId);
    return agents[n]!;
  }

  /**
   * `count` contacts edited at once by the agent, synced: answers the ids and each record as it was before, and
   * the window of the alert the watch (with `watch`'s deps, on the fixture's CRM) raised for it.
   */
  async burst(agent: CrmRecord, count: number, watch: Partial<WatchDeps> = {}) {
    const before = new Map(
      this.sandbox.records.all('Account').map((r) => [r.Id, structuredClone(r)] as const),
    );
    const { edited } = runSandboxBurst(this.sandbox.records, {
      username: String(agent.Username),
      count,
    });
    await this.f.sync();
    await this.f.sync();
    await runMassChangeWatch({
      db: this.db,
      thresholds: { minRecords: 5, share: 1, shareMin: 1, windowMinutes: 60 },
      audit: new AuditService(this.db),
      productCode: this.f.t.config.productCode,
      mailer: null,
      publicUrl: 'http://storico.test',
      crm: this.f.crm,
      ...watch,
    });
    const alert = await this.db
      .selectFrom('alerts')
      .selectAll()
      .where('sf_user_id', '=', agent.Id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    // The sandbox's burst changes some field of every record it edits; this proves it for each test.
    const changed = edited.filter((id) => {
      const now = this.sandbox.records.get('Account', id)!;
      const then = before.get(id)!;
      return Object.keys(now).some(
        (f) => !TIME_STAMPS.has(f) && JSON.stringify(now[f]) !== JSON.stringify(then[f]),
      );
    });
    return {
      edited: changed,
      before: new Map(edited.map((id) => [id, before.get(id)!])),
      alert,
      window: { from: alert.window_start.toISOString(), to: alert.window_end.toISOString() },
    };
  }

  /** Someone other than the agent edits the contact in the CRM. */
  editByOther(id: string, by: CrmRecord, fields: Record<string, unknown>) {
    const stamp = toSfDateTime(this.sandbox.records.now());
    const current = this.sandbox.records.get('Account', id)!;
    this.sandbox.records.save('Account', {
      ...current,
      ...fields,
      LastModifiedById: by.Id,
      LastModifiedDate: stamp,
      SystemModstamp: stamp,
    });
  }

  preview(who: SignedIn, body: object) {
    return this.f.request(who, 'POST', `${BASE}/preview`, body);
  }

  async previewed(who: SignedIn, body: object): Promise<RollbackPreview> {
    const res = await this.preview(who, body);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as Body<RollbackPreview>).data.query;
  }

  create(who: SignedIn, body: object, code?: string) {
    return this.f.request(who, 'POST', `${BASE}/?code=${code ?? this.f.code(who.user)}`, body);
  }

  async created(who: SignedIn, body: object): Promise<RollbackRequest> {
    const res = await this.create(who, body);
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as Body<RollbackRequest>).data.query;
  }

  review(who: SignedIn, id: number, approved: boolean, code?: string) {
    return this.f.request(
      who,
      'POST',
      `${BASE}/${id}/review/${who.user.id}?approved=${approved}&code=${code ?? this.f.code(who.user)}`,
    );
  }

  async approved(who: SignedIn, id: number): Promise<RollbackRequest> {
    const res = await this.review(who, id, true);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as Body<RollbackRequest>).data.query;
  }

  async detail(who: SignedIn, id: number, query = ''): Promise<RollbackDetail> {
    const res = await this.f.request(who, 'GET', `${BASE}/${id}${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as Body<RollbackDetail>).data.query;
  }

  async auditActions(id: number): Promise<string[]> {
    return this.f.auditActions(`rollback-request:${id}`);
  }
}

/** A connector that tells every write it sends, and may fail after sending one (a process killed then). */
export function watchedCrm(
  crm: CrmConnector,
  options: { killAfterWrite?: number } = {},
): { crm: CrmConnector; writes: Array<{ id: string; fields: string[] }> } {
  const writes: Array<{ id: string; fields: string[] }> = [];
  const updateRecord: CrmConnector['updateRecord'] = async (object, id, fields) => {
    await crm.updateRecord(object, id, fields);
    writes.push({ id, fields: Object.keys(fields) });
    if (writes.length === options.killAfterWrite) throw new Error('the process was killed');
  };
  const watched = new Proxy(crm, {
    get(target, property) {
      if (property === 'updateRecord') return updateRecord;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  return { crm: watched, writes };
}

export type RollbackApi = { x: RollbackFixture; rana: SignedIn; admin: SignedIn; staff: SignedIn };

/**
 * A rollback fixture over `accounts` accounts for the describe block that calls this, and before each test a
 * USER_RANA, an ADMIN and a reviewer of the product's role of its own: a code works once per user. `ready` gets
 * them before each test runs.
 */
export function rollbackApi(kind: TestDbKind, accounts: number, ready: (api: RollbackApi) => void) {
  let x: RollbackFixture;
  beforeAll(async () => {
    x = await RollbackFixture.start(kind, accounts);
  }, 120_000);
  afterAll(() => x.close());
  beforeEach(async () => {
    const rana = await x.f.user(USER_RANA);
    const admin = await x.f.user(ADMIN);
    const staff = await x.f.user(productRole(x.f.t.config.productCode));
    ready({ x, rana, admin, staff });
  });
}
