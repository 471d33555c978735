import { expect } from 'vitest';
import { errorBodySchema } from '../../../contract/envelope';
import { timeStepAt, totpCodeAt, TOTP_PERIOD_S } from '../../../server/identity/totp';
import type { CrmObject, CrmRecord } from '../../../server/crm/crm-connector';
import type {
  SalesforceConnector,
  SalesforceConnectorOptions,
} from '../../../server/crm/salesforce/salesforce-connector';
import { sandboxConnector } from '../../support/sandbox-connector';
import { toSfDateTime } from '../../../server/crm/salesforce-dates';
import { startSandboxCrm, type SandboxCrm, type SandboxCrmOptions } from '../../../sandbox-crm/sandbox-crm';
import { runSync } from '../../../server/sync/crm-sync';
import { productRole } from '../../../contract/roles';
import { bearer, nextCode, signIn, testIp, createUserWithSecret, type TestUser } from '../../support/auth';
import { createTestApp, type TestApp } from '../../support/test-app';
import type { TestDbKind } from '../../support/test-database';

export type Kind = 'account' | 'case';
export const OBJECT: Record<Kind, CrmObject> = { account: 'Account', case: 'Case' };
export const BASE: Record<Kind, string> = {
  account: '/api/v3/restore-account-request',
  case: '/api/v3/restore-case-request',
};
const REVISIONS = { account: 'revision_accounts', case: 'revision_cases' } as const;
const KEY = { account: 'account_id', case: 'case_id' } as const;

/** What a fixture may change: the app's environment (RESTORE_OUTCOME_WAIT_S ...), the connector's options. */
export type FixtureOptions = {
  env?: Record<string, string>;
  connector?: Partial<SalesforceConnectorOptions>;
};

export type SignedIn = { user: TestUser; token: string };

/**
 * The app on a fresh database, restoring to a sandbox CRM over HTTP through the Salesforce connector, with every
 * sandbox record synced once. Case field Brand__c is read-only in this CRM (field-level security).
 */
export class RestoreFixture {
  private nextRecord: Record<Kind, number> = { account: 0, case: 0 };
  /** The contacts freshCaseOfAContact and freshContactWithoutCases gave. */
  private readonly usedContacts = new Set<string>();

  private constructor(
    readonly t: TestApp,
    readonly sandbox: SandboxCrm,
    readonly crm: SalesforceConnector,
  ) {}

  static async start(
    kind: TestDbKind,
    options: SandboxCrmOptions = {},
    fixture: FixtureOptions = {},
  ): Promise<RestoreFixture> {
    const sandbox = await startSandboxCrm({
      port: 0,
      counts: { users: 3, accounts: 40, cases: 60 },
      readOnlyFields: { Case: ['Brand__c'] },
      ...options,
    });
    const crm = sandboxConnector(sandbox, fixture.connector);
    const t = await createTestApp(kind, { deps: { crm }, env: fixture.env });
    await runSync(t.database.db, crm);
    return new RestoreFixture(t, sandbox, crm);
  }

  async close(): Promise<void> {
    await this.t.close();
    await this.sandbox.close();
  }

  /** A record no other test has used yet. */
  freshRecord(kind: Kind): CrmRecord {
    // Storico keeps person accounts only: the org's business accounts are never its records.
    const records = this.sandbox.records
      .all(OBJECT[kind])
      .filter((r) => kind === 'case' || r.IsPersonAccount === true);
    const record = records[this.nextRecord[kind]++];
    if (!record) throw new Error(`the sandbox has no unused ${kind} left`);
    return record;
  }

  /** A case no other test used, whose contact (a person account) no other test used either. */
  freshCaseOfAContact(): { kase: CrmRecord; contact: CrmRecord } {
    for (;;) {
      const kase = this.freshRecord('case');
      const contact = this.sandbox.records.get('Account', String(kase.AccountId));
      if (!contact || contact.IsPersonAccount !== true || this.usedContacts.has(contact.Id)) continue;
      this.usedContacts.add(contact.Id);
      return { kase, contact };
    }
  }

  /** A person account with no case, no other test used. */
  freshContactWithoutCases(): CrmRecord {
    for (;;) {
      const contact = this.freshRecord('account');
      if (this.usedContacts.has(contact.Id) || this.sandbox.records.casesOf(contact).length > 0) continue;
      this.usedContacts.add(contact.Id);
      return contact;
    }
  }

  /** Someone edits the record in the CRM (no write checks, as a CRM user with every right). */
  editInCrm(kind: Kind, id: string, fields: Record<string, unknown>): CrmRecord {
    const stamp = toSfDateTime(this.sandbox.records.now());
    const current = this.sandbox.records.get(OBJECT[kind], id)!;
    return this.sandbox.records.save(OBJECT[kind], {
      ...current,
      ...fields,
      LastModifiedDate: stamp,
      SystemModstamp: stamp,
    });
  }

  /**
   * A CRM user deletes the record: a contact after its cases, as Salesforce refuses to delete an account a case is
   * related to. Answers the record as the recycle bin holds it.
   */
  deleteInCrm(kind: Kind, id: string): CrmRecord {
    const userId = this.sandbox.integrationUserId;
    const outcome =
      kind === 'account'
        ? this.sandbox.records.removeWithCases(id, userId)
        : this.sandbox.records.remove('Case', id, userId);
    if (!outcome.ok) throw new Error(`could not delete ${id}: ${outcome.errors[0]?.message ?? ''}`);
    return outcome.record;
  }

  sync() {
    return runSync(this.t.database.db, this.crm);
  }

  /** The record as the CRM answers it now, in snapshot form (read through the connector over HTTP). */
  inCrm(kind: Kind, id: string): Promise<CrmRecord> {
    return this.crm.readRecord(OBJECT[kind], id);
  }

  /**
   * A record with two revisions: the synced one (the restore target) and, after `edits` in the CRM and a sync,
   * the latest. Answers the record id and the target revision.
   */
  async editedRecord(kind: Kind, edits: Record<string, unknown>) {
    const record = this.freshRecord(kind);
    const [target] = await this.revisions(kind, record.Id);
    this.editInCrm(kind, record.Id, edits);
    await this.sync();
    const [latest] = await this.revisions(kind, record.Id);
    expect(latest!.id).not.toBe(target!.id);
    return { recordId: record.Id, target: target!, latest: latest! };
  }

  /** The record's revisions, newest first. */
  async revisions(kind: Kind, recordId: string) {
    const rows = await this.t.database.db
      .selectFrom(REVISIONS[kind])
      .select(['id', 'source', 'json', 'saved_at'])
      .where(KEY[kind], '=', recordId)
      .orderBy('saved_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    return rows.map((r) => ({ id: r.id, source: r.source, json: r.json as CrmRecord }));
  }

  /** A new reviewer: a USER_{PRODUCT} signed in. */
  reviewer(): Promise<SignedIn> {
    return this.user(productRole(this.t.config.productCode));
  }

  async user(role: string): Promise<SignedIn> {
    const user = await createUserWithSecret(this.t, role);
    return { user, token: await signIn(this.t, user) };
  }

  /** The user's next unused one-time code, spent from the helper's point of view. */
  code(user: TestUser): string {
    const { code, step } = nextCode(this.t, user);
    user.lastStep = step;
    return code;
  }

  /** A well-formed code the server will not accept now. */
  wrongCode(user: TestUser): string {
    const current = timeStepAt(this.t.now());
    const valid = new Set(
      [-1, 0, 1].map((d) => totpCodeAt(user.secret, new Date((current + d) * TOTP_PERIOD_S * 1000))),
    );
    for (let n = 0; ; n++) {
      const candidate = String(n).padStart(6, '0');
      if (!valid.has(candidate)) return candidate;
    }
  }

  request(who: SignedIn, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
    return this.t.app.inject({
      method,
      url,
      headers: bearer(who.token),
      remoteAddress: testIp(),
      ...(payload ? { payload } : {}),
    });
  }

  /** POST a restore request of `revisionIds`; `type` 1 reports, 2 forces. */
  create(
    kind: Kind,
    who: SignedIn,
    revisionIds: number[],
    options: { type?: 1 | 2; code?: string; body?: Record<string, unknown> } = {},
  ) {
    const type = options.type ?? 1;
    return this.request(who, 'POST', `${BASE[kind]}/?code=${options.code ?? this.code(who.user)}`, {
      dateFrom: '2024-01-01',
      dateTo: '2026-12-31',
      restoreTypeId: type,
      userCreatorId: who.user.id,
      userReviewerId: type === 2 ? who.user.id : 0,
      salesforceUserId: null,
      revisionIdList: revisionIds,
      ...options.body,
    });
  }

  review(
    kind: Kind,
    who: SignedIn,
    id: number,
    approved: boolean,
    options: { code?: string; reviewerId?: number } = {},
  ) {
    const reviewerId = options.reviewerId ?? who.user.id;
    const code = options.code ?? this.code(who.user);
    // The body repeats the review, as the client sends it (docs/product.md#restore-and-review-payloads).
    return this.request(
      who,
      'POST',
      `${BASE[kind]}/${id}/review/${reviewerId}?approved=${approved}&code=${code}`,
      { userReviewerId: reviewerId, restoreRequestsIdList: [id], approved },
    );
  }

  /** A report created and checked: the new request's id. */
  async reported(kind: Kind, who: SignedIn, revisionId: number): Promise<number> {
    const res = await this.create(kind, who, [revisionId]);
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { data: { query: Array<{ id: number }> } }).data.query[0]!.id;
  }

  async auditActions(target: string): Promise<string[]> {
    const rows = await this.t.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('target', '=', target)
      .orderBy('id')
      .execute();
    return rows.map((r) => r.action);
  }

  /** The details of the audit entry `action` about `target`. */
  async auditDetails(target: string, action: string): Promise<Record<string, unknown>> {
    const row = await this.t.database.db
      .selectFrom('audit_log')
      .select('details')
      .where('target', '=', target)
      .where('action', '=', action)
      .executeTakeFirstOrThrow();
    return row.details as Record<string, unknown>;
  }

  async requestRow(kind: Kind, id: number) {
    const table = kind === 'account' ? 'restore_account_requests' : 'restore_case_requests';
    return this.t.database.db.selectFrom(table).selectAll().where('id', '=', id).executeTakeFirst();
  }
}

/** The error message of an answer. */
export const messageOf = (res: { json(): unknown }): string => errorBodySchema.parse(res.json()).message;
export const codeOf = (res: { json(): unknown }) => errorBodySchema.parse(res.json()).error?.code;
