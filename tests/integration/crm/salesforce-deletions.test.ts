import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CrmError } from '../../../server/crm/crm-connector';
import { SalesforceConnector } from '../../../server/crm/salesforce-connector';
import { startSandboxCrm, type SandboxCrm } from '../../../server/crm/sandbox/sandbox-crm';

/** The connector's deletion calls, over HTTP against the sandbox CRM. */
describe('Salesforce connector: deleted records', () => {
  let sandbox: SandboxCrm;
  let crm: SalesforceConnector;
  const persons = () => sandbox.records.all('Account').filter((a) => a.IsPersonAccount === true);

  beforeAll(async () => {
    sandbox = await startSandboxCrm({ port: 0, counts: { users: 3, accounts: 20, cases: 30 } });
    crm = new SalesforceConnector({
      loginUrl: sandbox.url,
      clientId: 'sandbox',
      clientSecret: 'sandbox',
      retry: { maxRetries: 1, minTimeoutMs: 5, factor: 2 },
    });
  });
  afterAll(() => sandbox.close());

  it('lists deletions since a time with their last snapshot, IsDeleted and MasterRecordId', async () => {
    const since = new Date(Date.now() - 1000);
    const [deleted, survivor, loser] = persons().slice(0, 3);
    sandbox.records.remove('Account', deleted!.Id, sandbox.integrationUserId);
    sandbox.merge('Account', survivor!.Id, loser!.Id);
    // The sandbox's clock runs a few ms ahead while it stamps many changes at once; Get Deleted stops at "now".
    await new Promise((resolve) => setTimeout(resolve, 50));
    const answer = await crm.deletedSince('Account', since);
    const byId = new Map(answer.deleted.map((d) => [d.id, d]));
    expect(byId.get(deleted!.Id)?.snapshot).toMatchObject({
      Id: deleted!.Id,
      IsDeleted: true,
      MasterRecordId: null,
      LastName: deleted!.LastName,
    });
    expect(byId.get(loser!.Id)?.snapshot).toMatchObject({ IsDeleted: true, MasterRecordId: survivor!.Id });
    expect(byId.get(deleted!.Id)!.deletedAt.getTime()).toBeGreaterThanOrEqual(since.getTime());
    expect(answer.latestDateCovered.getTime()).toBeGreaterThanOrEqual(
      byId.get(loser!.Id)!.deletedAt.getTime(),
    );
    expect(await crm.recordState('Account', deleted!.Id)).toBe('deleted');
    expect(await crm.recordState('Account', survivor!.Id)).toBe('live');
  });

  it('undeletes by SOAP; a purged record refuses with UNDELETE_FAILED and reads as purged', async () => {
    const [back, purged] = persons().slice(5, 7);
    for (const a of [back!, purged!]) sandbox.records.remove('Account', a.Id, sandbox.integrationUserId);
    await crm.undeleteRecord('Account', back!.Id);
    expect((await crm.readRecord('Account', back!.Id)).Id).toBe(back!.Id);

    sandbox.purge([purged!.Id]);
    expect(await crm.recordState('Account', purged!.Id)).toBe('purged');
    const error = await crm.undeleteRecord('Account', purged!.Id).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CrmError);
    expect((error as CrmError).errorCode).toBe('UNDELETE_FAILED');
  });

  it('creates a case without assignment rules, answering its new Id', async () => {
    const template = sandbox.records.all('Case').find((c) => String(c.OwnerId).startsWith('005'))!;
    const id = await crm.createRecord('Case', {
      Subject: 'Creato dal connettore',
      Status: 'New',
      OwnerId: template.OwnerId,
      CaseNumber: 'ignored: read-only',
    });
    const created = await crm.readRecord('Case', id);
    expect(created).toMatchObject({ Id: id, Subject: 'Creato dal connettore', OwnerId: template.OwnerId });
    expect(created.CaseNumber).not.toBe(template.CaseNumber);
  });
});
