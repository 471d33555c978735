import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readinessSchema } from '../../../contract/health';
import { CrmError } from '../../../server/crm/crm-connector';
import { runSync } from '../../../server/sync/crm-sync';
import { startSyncLoop } from '../../../server/sync/sync-loop';
import { ReadinessState } from '../../../server/http/readiness';
import { USER_RANA } from '../../../contract/roles';
import { RestoreFixture, messageOf } from '../restores/restore-fixture';
import { testDbKinds } from '../../support/test-database';
import { errorBodySchema } from '../../../contract/envelope';

/**
 * Storico against a sandbox org that behaves like a real one: Industry hidden from the integration user
 * (field-level security), an active case assignment rule, a duplicate rule, queue owners, business accounts and
 * a daily API limit. Everything goes over HTTP through the real connector.
 */

const OPERATOR_TOKEN = 'operator-token-of-this-test';
describe.each(testDbKinds())('Storico against a real-like org on %s', (kind) => {
  let f: RestoreFixture;
  beforeAll(async () => {
    f = await RestoreFixture.start(
      kind,
      { hiddenFields: { Account: ['Industry'] }, apiLimit: 100_000 },
      { env: { METRICS_TOKEN: OPERATOR_TOKEN } },
    );
    f.t.readiness.watchCrm(f.crm, 0.8);
  });
  afterAll(() => f.close());

  /** What /readyz would say after a sync loop's first run. */
  const firstLoopRun = async () => {
    const readiness = new ReadinessState();
    readiness.databaseReady();
    const loop = startSyncLoop({
      db: f.t.database.db,
      dbKind: f.t.database.kind,
      connector: f.crm,
      intervalSeconds: 0,
      readiness,
      maxApiUsage: 0.8,
    });
    await loop.firstRun;
    await loop.stop();
    return readiness;
  };

  // What the org hides and its API usage are an operator's to read (METRICS_TOKEN).
  const readyz = async () =>
    readinessSchema.parse(
      (
        await f.t.app.inject({ url: '/readyz', headers: { authorization: `Bearer ${OPERATOR_TOKEN}` } })
      ).json(),
    );

  it('a field hidden by field-level security leaves the sync complete and is named in /readyz', async () => {
    const persons = f.sandbox.records.all('Account').filter((a) => a.IsPersonAccount === true);
    const stored = await f.t.database.db.selectFrom('sf_accounts').select('id').execute();
    expect(stored.map((r) => r.id).sort()).toEqual(persons.map((a) => a.Id).sort());
    expect(f.sandbox.records.all('Account').length).toBeGreaterThan(persons.length);
    const [revision] = await f.revisions('account', persons[0]!.Id);
    expect(revision!.json).not.toHaveProperty('Industry');
    expect(revision!.json).toMatchObject({
      OwnerName: expect.any(String),
      RecordTypeId: expect.stringMatching(/^012/),
      LastModifiedById: expect.stringMatching(/^005/),
    });
    const body = await readyz();
    expect(body.missingFields).toEqual({ Account: ['Industry'] });
    // Account and Case have no base64 field: nothing readable is left out.
    expect(body.binaryFields).toEqual({});
    expect(body.apiUsage).toMatchObject({ used: expect.any(Number), limit: 100_000, max: 0.8 });
    expect(body.apiUsage!.used).toBeGreaterThan(0);
  });

  it('keeps ContactName from Contact.Name and ContactId on cases, OwnerName of a queue', async () => {
    const c = f.sandbox.records.all('Case').find((x) => String(x.OwnerId).startsWith('00G'));
    const any = c ?? f.sandbox.records.all('Case')[0]!;
    const [revision] = await f.revisions('case', any.Id);
    const account = f.sandbox.records.get('Account', String(any.AccountId))!;
    expect(revision!.json).toMatchObject({
      ContactId: account.PersonContactId,
      ContactName: `${String(account.FirstName)} ${String(account.LastName)}`,
      LastModifiedById: expect.stringMatching(/^005/),
    });
    // A case waiting in a queue: its owner's name is the queue's.
    expect(c).toBeDefined();
    expect(revision!.json.CaseOwnerName__c).toBe('Coda Assistenza Clienti');
  });

  it('a change of street and province makes a revision marked on the address, and a restore puts both back', async () => {
    const { recordId, target, latest } = await f.editedRecord('account', {
      BillingStreet: 'Via dei Mille 40',
      BillingState: 'ZZ',
    });
    const rana = await f.user(USER_RANA);
    const diff = await f.request(
      rana,
      'GET',
      `/api/v3/revision-account/differences?firstRevisionAccountID=${target.id}&secondRevisionAccountID=${latest.id}`,
    );
    expect(diff.statusCode, diff.body).toBe(200);
    expect(
      (diff.json() as { data: { query: { jsonDiffProperties: string } } }).data.query.jsonDiffProperties,
    ).toContain('BillingAddress');
    const res = await f.create('account', rana, [target.id], { type: 2 });
    expect(res.statusCode, res.body).toBe(201);
    const inCrm = f.sandbox.records.get('Account', recordId)!;
    const wanted = target.json.BillingAddress as Record<string, unknown>;
    expect([inCrm.BillingStreet, inCrm.BillingState]).toEqual([wanted.street, wanted.state]);
    expect((await f.inCrm('account', recordId)).BillingAddress).toEqual(wanted);
  });

  it('a case restore never hands the case to the queue of the assignment rule', async () => {
    const { recordId, target } = await f.editedRecord('case', { Subject: 'Changed in the CRM' });
    const ownerBefore = f.sandbox.records.get('Case', recordId)!.OwnerId;
    const res = await f.create('case', await f.user(USER_RANA), [target.id], { type: 2 });
    expect(res.statusCode, res.body).toBe(201);
    const after = f.sandbox.records.get('Case', recordId)!;
    expect(after.Subject).toBe(target.json.Subject);
    expect(after.OwnerId).toBe(ownerBefore);
    expect(after.LastModifiedById).toBe(f.sandbox.integrationUserId);
  });

  it('a case restore puts back an owner the chosen revision had, and keeps AccountId and ContactId together', async () => {
    const other = f.sandbox.records
      .all('Account')
      .find((a) => a.IsPersonAccount === true && a.Id !== undefined && a.OwnerId !== undefined)!;
    const fresh = f.freshRecord('case');
    const otherUser = f.sandbox.records.all('User').find((u) => u.Id !== fresh.OwnerId)!;
    const [target] = await f.revisions('case', fresh.Id);
    f.editInCrm('case', fresh.Id, {
      OwnerId: otherUser.Id,
      AccountId: other.Id,
      ContactId: other.PersonContactId,
    });
    await f.sync();
    const res = await f.create('case', await f.user(USER_RANA), [target!.id], { type: 2 });
    expect(res.statusCode, res.body).toBe(201);
    const after = f.sandbox.records.get('Case', fresh.Id)!;
    expect(after.OwnerId).toBe(target!.json.OwnerId);
    expect(after.AccountId).toBe(target!.json.AccountId);
    expect(after.ContactId).toBe(
      f.sandbox.records.get('Account', String(target!.json.AccountId))!.PersonContactId,
    );
  });

  it('stops querying at SF_API_MAX_USAGE, checks the limits once per run, and resumes when usage drops', async () => {
    f.sandbox.setApiUsage(85_000);
    await f.crm.checkLimits();
    let before = f.sandbox.stats.requests;
    const paused = await runSync(f.t.database.db, f.crm, { maxApiUsage: 0.8 });
    expect(paused.paused).toBe(true);
    // Only GET /limits: no describe, no query.
    expect(f.sandbox.stats.requests - before).toBe(1);
    expect((await readyz()).apiUsage).toMatchObject({ used: 85_002, limit: 100_000 });

    const readiness = await firstLoopRun();
    expect(readiness.snapshot()).toMatchObject({ ready: false, checks: { sync: 'limited' } });

    f.sandbox.setApiUsage(10_000);
    before = f.sandbox.stats.requests;
    const resumed = await runSync(f.t.database.db, f.crm, { maxApiUsage: 0.8 });
    expect(resumed.paused).toBeUndefined();
    expect(resumed.objects.Case).toBeDefined();
    expect(f.sandbox.stats.requests - before).toBeGreaterThan(3);
  });

  it('403 REQUEST_LIMIT_EXCEEDED ends a run at once; restores answer 503 CRM_LIMIT with Retry-After', async () => {
    const { target } = await f.editedRecord('account', { Phone: '+39 333 000 0001' });
    f.sandbox.setApiUsage(100_000);
    const before = f.sandbox.stats.requests;
    const error = await runSync(f.t.database.db, f.crm).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CrmError);
    expect((error as CrmError).errorCode).toBe('REQUEST_LIMIT_EXCEEDED');
    expect(f.sandbox.stats.requests - before).toBe(1);

    const readiness = await firstLoopRun();
    expect(readiness.snapshot()).toMatchObject({
      checks: { sync: 'limited' },
      progress: expect.stringContaining('REQUEST_LIMIT_EXCEEDED'),
    });

    const rana = await f.user(USER_RANA);
    const res = await f.create('account', rana, [target.id], { type: 2 });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('900');
    expect(errorBodySchema.parse(res.json()).error.code).toBe('CRM_LIMIT');
    expect(messageOf(res)).toContain('limit');
  });
});
