import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CrmError } from '../../../server/crm/crm-connector';
import { startSandboxCrm, type SandboxCrm } from '../../../sandbox-crm/sandbox-crm';
import type { DatabaseHandle } from '../../../server/db/database';
import { ReadinessState } from '../../../server/http/readiness';
import { describeProgress, runSync } from '../../../server/sync/crm-sync';
import { withSyncLock } from '../../../server/sync/sync-lock';
import { startSyncLoop } from '../../../server/sync/sync-loop';
import { createTestDatabase, testDbKinds } from '../../support/test-database';
import { sandboxConnector } from '../../support/sandbox-connector';
import { storedState } from './sync-fixture';

const counts = { users: 4, accounts: 30, cases: 50 };

describe.each(testDbKinds())('CRM sync on %s', (kind) => {
  let sandbox: SandboxCrm;
  let database: DatabaseHandle;

  beforeAll(async () => {
    sandbox = await startSandboxCrm({ port: 0, counts, pageSize: 8 });
  });
  afterAll(() => sandbox.close());
  beforeEach(async () => {
    database = await createTestDatabase(kind);
  });
  afterEach(() => database.close());

  it('stores agents, and every Account and Case as a revision with its search row', async () => {
    const progress: string[] = [];
    // The cases' e-mails and comments are synced after the cases, every one of them the first time.
    const related = {
      emails: sandbox.records.all('EmailMessage').length,
      comments: sandbox.records.all('CaseComment').length,
    };
    expect(related.emails + related.comments).toBeGreaterThan(0);
    const report = await runSync(database.db, sandboxConnector(sandbox), {
      onProgress: (p) => progress.push(describeProgress(p)),
    });
    expect(report).toEqual({
      agents: 4,
      objects: { Account: { read: 30, stored: 30, pages: 4 }, Case: { read: 50, stored: 50, pages: 7 } },
      related: {
        EmailMessage: {
          read: related.emails,
          stored: related.emails,
          pages: Math.ceil(related.emails / 8),
          deleted: 0,
        },
        CaseComment: {
          read: related.comments,
          stored: related.comments,
          pages: Math.ceil(related.comments / 8),
          deleted: 0,
        },
      },
    });
    expect(progress).toContain('Account 8/30');
    expect(progress.at(-1)).toBe('Case 50/50');
    expect(await storedState(database.db)).toMatchObject({
      agents: 4,
      accounts: 30,
      cases: 50,
      accountRevisions: 30,
      caseRevisions: 50,
    });

    const someCase = sandbox.records.all('Case')[7]!;
    const row = await database.db
      .selectFrom('sf_cases')
      .selectAll()
      .where('id', '=', someCase.Id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      owner_id: someCase.OwnerId,
      account_id: someCase.AccountId,
      case_number: someCase.CaseNumber,
      reason: someCase.Reason,
      // What search shows: the product feedback description, else the description.
      description: someCase.Product_Description__c || someCase.Description,
    });
    const revision = await database.db
      .selectFrom('revision_cases')
      .selectAll()
      .where('id', '=', row.latest_revision_id!)
      .executeTakeFirstOrThrow();
    expect(revision).toMatchObject({ case_id: someCase.Id, source: 'sync' });
    expect(revision.saved_at).toEqual(new Date(Date.parse(String(someCase.SystemModstamp))));
    expect(revision.json).not.toHaveProperty('attributes');
    const agent = await database.db
      .selectFrom('sf_users')
      .selectAll()
      .where('id', '=', someCase.OwnerId as string)
      .executeTakeFirstOrThrow();
    expect(agent.username).toContain('@storico-demo.it');
  });

  it('stores nothing more when run again, and only what changed in the CRM after that', async () => {
    const crm = sandboxConnector(sandbox);
    await runSync(database.db, crm);
    const once = await storedState(database.db);
    const again = await runSync(database.db, crm);
    expect(again.objects.Account!.stored + again.objects.Case!.stored).toBe(0);
    expect(await storedState(database.db)).toEqual(once);

    const account = sandbox.records.all('Account')[4]!;
    await crm.updateRecord('Account', account.Id, { Phone: '+39 347 000 1111' });
    const third = await runSync(database.db, crm);
    expect(third.objects.Account).toMatchObject({ stored: 1 });
    expect(third.objects.Account!.read).toBeLessThan(30);
    const row = await database.db
      .selectFrom('sf_accounts')
      .selectAll()
      .where('id', '=', account.Id)
      .executeTakeFirstOrThrow();
    expect(row.phone).toBe('+39 347 000 1111');
  });

  it('loses and duplicates nothing when a run is aborted after its first page and run again', async () => {
    const clean = await createTestDatabase(kind);
    await runSync(clean.db, sandboxConnector(sandbox));
    const expected = await storedState(clean.db);
    await clean.close();

    const controller = new AbortController();
    const aborted = runSync(database.db, sandboxConnector(sandbox), {
      signal: controller.signal,
      onProgress: (p) => {
        if (p.step === 'Account' && p.done > 0) controller.abort();
      },
    });
    await expect(aborted).rejects.toThrow();
    const partial = await storedState(database.db);
    expect(partial.accountRevisions).toBe(8);
    expect(partial.caseRevisions).toBe(0);

    await runSync(database.db, sandboxConnector(sandbox));
    expect(await storedState(database.db)).toEqual(expected);
  });

  it('loses and duplicates nothing when the CRM fails in the middle of a run', async () => {
    const clean = await createTestDatabase(kind);
    await runSync(clean.db, sandboxConnector(sandbox));
    const expected = await storedState(clean.db);
    await clean.close();

    const failing = runSync(database.db, sandboxConnector(sandbox), {
      onProgress: (p) => {
        if (p.step === 'Case' && p.done === 16) sandbox.failNextRequests(1000);
      },
    });
    await expect(failing).rejects.toThrow(CrmError);
    sandbox.failNextRequests(0);
    const partial = await storedState(database.db);
    expect(partial.caseRevisions).toBe(16);
    const state = await database.db
      .selectFrom('sync_state')
      .selectAll()
      .where('object', '=', 'Case')
      .executeTakeFirstOrThrow();
    expect(state.last_error).toContain('SERVER_UNAVAILABLE');

    await runSync(database.db, sandboxConnector(sandbox));
    expect(await storedState(database.db)).toEqual(expected);
  });

  it('reports progress on /readyz until the first sync is done', async () => {
    const readiness = new ReadinessState();
    readiness.databaseReady();
    const seen: string[] = [];
    const original = readiness.syncStatus.bind(readiness);
    readiness.syncStatus = (status, progress) => {
      seen.push(`${status}${progress ? ` ${progress}` : ''}`);
      original(status, progress);
    };
    const loop = startSyncLoop({
      db: database.db,
      dbKind: database.kind,
      connector: sandboxConnector(sandbox),
      intervalSeconds: 0,
      readiness,
    });
    await loop.firstRun;
    await loop.stop();
    expect(seen).toContain('running Account 16/30');
    expect(seen.at(-1)).toBe('ok');
    expect(readiness.snapshot()).toEqual({
      ready: true,
      checks: { database: 'ok', sync: 'ok' },
      lastSync: { instance: expect.any(String), startedAt: expect.any(String) },
    });
  });

  it.runIf(kind === 'postgres')('lets one instance sync at a time on PostgreSQL', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const first = withSyncLock(database.db, 'postgres', () => held.then(() => 'first'));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await withSyncLock(database.db, 'postgres', async () => 'second')).toEqual({ ran: false });
    release();
    expect(await first).toEqual({ ran: true, result: 'first' });
    expect(await withSyncLock(database.db, 'postgres', async () => 'third')).toEqual({
      ran: true,
      result: 'third',
    });
  });
});
