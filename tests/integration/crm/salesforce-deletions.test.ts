import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CrmError, type CrmRecord } from '../../../server/crm/crm-connector';
import type { SalesforceConnector } from '../../../server/crm/salesforce/salesforce-connector';
import { parseSfDateTime, toSfDateTime } from '../../../server/crm/salesforce-dates';
import { startSandboxCrm, type SandboxCrm } from '../../../sandbox-crm/sandbox-crm';
import { salesforceId } from '../../../sandbox-crm/salesforce-id';
import { sandboxConnector } from '../../support/sandbox-connector';

/** The connector's deletion calls, over HTTP against the sandbox CRM. */
describe('Salesforce connector: deleted records', () => {
  let sandbox: SandboxCrm;
  let crm: SalesforceConnector;
  const persons = () => sandbox.records.all('Account').filter((a) => a.IsPersonAccount === true);

  beforeAll(async () => {
    sandbox = await startSandboxCrm({
      port: 0,
      counts: { users: 3, accounts: 20, cases: 30 },
      strictSoapNamespaces: true,
    });
    crm = sandboxConnector(sandbox, { retry: { maxRetries: 1, minTimeoutMs: 5, factor: 2 } });
  });
  afterAll(() => sandbox.close());

  it('lists deletions since a time with their last snapshot, IsDeleted and MasterRecordId', async () => {
    const since = new Date(Date.now() - 1000);
    const [deleted, survivor, loser] = persons().slice(0, 3);
    sandbox.records.removeWithCases(deleted!.Id, sandbox.integrationUserId);
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
    for (const a of [back!, purged!]) sandbox.records.removeWithCases(a.Id, sandbox.integrationUserId);
    await crm.undeleteRecord('Account', back!.Id);
    expect((await crm.readRecord('Account', back!.Id)).Id).toBe(back!.Id);

    sandbox.purge([purged!.Id]);
    expect(await crm.recordState('Account', purged!.Id)).toBe('purged');
    const error = await crm.undeleteRecord('Account', purged!.Id).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CrmError);
    expect((error as CrmError).errorCode).toBe('UNDELETE_FAILED');
  });

  it('names the lookups of a write that point at a record in the recycle bin, a merged-away one too', async () => {
    const [deleted, live, survivor, loser] = persons().slice(10, 14) as CrmRecord[];
    sandbox.records.removeWithCases(deleted!.Id, sandbox.integrationUserId);
    sandbox.merge('Account', survivor!.Id, loser!.Id);
    const owner = sandbox.records.all('User')[0]!.Id;
    expect(
      await crm.deletedLookups('Case', {
        AccountId: deleted!.Id,
        ContactId: deleted!.PersonContactId,
        OwnerId: owner,
        Subject: deleted!.Id,
      }),
    ).toEqual([
      { field: 'AccountId', id: deleted!.Id },
      { field: 'ContactId', id: deleted!.PersonContactId },
    ]);
    expect(
      await crm.deletedLookups('Case', { AccountId: loser!.Id, ContactId: live!.PersonContactId }),
    ).toEqual([{ field: 'AccountId', id: loser!.Id }]);
    expect(await crm.deletedLookups('Case', { AccountId: live!.Id, ContactId: null })).toEqual([]);
  });

  it('a SOAP fault says its code as REST does; the daily limit refused on an undelete is noted', async () => {
    const account = persons()[7]!;
    sandbox.records.removeWithCases(account.Id, sandbox.integrationUserId);
    const limited = sandboxConnector(sandbox, { retry: { maxRetries: 0, minTimeoutMs: 5, factor: 2 } });
    await limited.checkLimits();
    const { apiUsed } = sandbox.stats;
    sandbox.stats.apiUsed = sandbox.stats.apiLimit;
    try {
      const error = await limited.undeleteRecord('Account', account.Id).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(CrmError);
      expect((error as CrmError).errorCode).toBe('REQUEST_LIMIT_EXCEEDED');
      expect(await limited.limitExceeded()).toBe(true);
    } finally {
      sandbox.stats.apiUsed = apiUsed;
    }
    await crm.undeleteRecord('Account', account.Id);
    expect(await crm.recordState('Account', account.Id)).toBe('live');
  });

  it('after a purge of the recycle bin, lists what the bin still holds and says so; the ids it has are live or binned', async () => {
    const since = new Date(Date.now() - 1000);
    const [kept, purged] = persons().slice(8, 10);
    for (const a of [kept!, purged!]) sandbox.records.removeWithCases(a.Id, sandbox.integrationUserId);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sandbox.purge([purged!.Id])).toEqual([purged!.Id]);

    const answer = await crm.deletedSince('Account', since);
    expect(answer.purgedLog).toBe(true);
    const byId = new Map(answer.deleted.map((d) => [d.id, d]));
    expect(byId.has(purged!.Id)).toBe(false);
    expect(byId.get(kept!.Id)?.snapshot).toMatchObject({ IsDeleted: true, LastName: kept!.LastName });
    expect(byId.get(kept!.Id)!.deletedAt.getTime()).toBeGreaterThanOrEqual(since.getTime());

    const ids = await crm.recordIds('Account');
    expect(ids.has(kept!.Id)).toBe(true);
    expect(ids.has(purged!.Id)).toBe(false);
    expect(ids.has(persons()[0]!.Id)).toBe(true);
    expect([...ids].every((id) => sandbox.records.stored('Account', id)?.IsPersonAccount === true)).toBe(
      true,
    );

    // Asked by Id, out of the scope too; more ids than one query names.
    const business = sandbox.records.all('Account').find((a) => a.IsPersonAccount === false)!;
    const unknown = Array.from({ length: 250 }, (_, i) => salesforceId('001', 900_000 + i));
    const asked = [
      ...unknown.slice(0, 150),
      kept!.Id,
      purged!.Id,
      persons()[0]!.Id,
      business.Id,
      ...unknown.slice(150),
    ];
    expect(await crm.existingIds('Account', asked)).toEqual(
      new Set([kept!.Id, persons()[0]!.Id, business.Id]),
    );
    expect(await crm.existingIds('Account', [])).toEqual(new Set());
  });

  it('from a last run older than the 15 days Get Deleted covers, lists the recycle bin and says the log was short', async () => {
    const since = new Date(Date.now() - 20 * 86_400_000);
    const binned = persons()[11]!;
    sandbox.records.removeWithCases(binned.Id, sandbox.integrationUserId);
    const answer = await crm.deletedSince('Account', since);
    expect(answer.purgedLog).toBe(true);
    expect(answer.deleted.map((d) => d.id)).toContain(binned.Id);
  });

  it('lists a span holding more ids than one call may list in shorter spans, one after another', async () => {
    // Get Deleted refuses more than its limit with EXCEEDED_ID_LIMIT (600,000 in Salesforce; 3 here).
    const small = await startSandboxCrm({
      port: 0,
      counts: { users: 3, accounts: 20, cases: 5 },
      deletedIdLimit: 3,
    });
    try {
      const connector = sandboxConnector(small);
      const gone = small.records
        .all('Account')
        .filter((a) => a.IsPersonAccount === true)
        .slice(0, 5);
      // Deleted one a day over the last five days.
      gone.forEach((a, day) => {
        const deleted = small.records.removeWithCases(a.Id, small.integrationUserId);
        if (!deleted.ok) throw new Error(`could not delete ${a.Id}`);
        small.records.save('Account', {
          ...deleted.record,
          SystemModstamp: toSfDateTime(Date.now() - (day + 1) * 86_400_000),
        });
      });
      const answer = await connector.deletedSince('Account', null);
      expect(answer.purgedLog).toBe(false);
      expect(new Set(answer.deleted.map((d) => d.id))).toEqual(new Set(gone.map((a) => a.Id)));
      expect(answer.latestDateCovered.getTime()).toBeGreaterThan(Date.now() - 60_000);

      // Four deletions in the same minute cannot be split: the refusal stands.
      const sameMinute = small.records
        .all('Account')
        .filter((a) => a.IsPersonAccount === true)
        .slice(0, 4);
      let stamped = 0;
      for (const a of sameMinute) {
        const deleted = small.records.removeWithCases(a.Id, small.integrationUserId);
        if (deleted.ok) stamped = Math.max(stamped, parseSfDateTime(deleted.record.SystemModstamp) ?? 0);
      }
      // The sandbox's clock runs a few ms ahead while it stamps many changes at once; Get Deleted stops at "now".
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, stamped - Date.now()) + 20));
      const refused = await connector
        .deletedSince('Account', new Date(Date.now() - 3 * 60_000))
        .catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(CrmError);
      expect((refused as CrmError).errorCode).toBe('EXCEEDED_ID_LIMIT');
    } finally {
      await small.close();
    }
  });

  it('creates a case without assignment rules, answering its new Id', async () => {
    const template = sandbox.records.all('Case').find((c) => String(c.OwnerId).startsWith('005'))!;
    const id = await crm.createRecord(
      'Case',
      {
        Subject: 'Creato dal connettore',
        Status: 'New',
        OwnerId: template.OwnerId,
        CaseNumber: 'ignored: read-only',
      },
      template.Id,
    );
    const created = await crm.readRecord('Case', id);
    expect(created).toMatchObject({ Id: id, Subject: 'Creato dal connettore', OwnerId: template.OwnerId });
    expect(created.CaseNumber).not.toBe(template.CaseNumber);
  });

  it('finds a person account a create made by the values it sent, addresses and dates included', async () => {
    const source = await crm.readRecord('Account', persons()[10]!.Id);
    const since = new Date(Date.now() - 60_000);
    const id = await crm.createRecord('Account', source, source.Id);
    // Another account of the same owner created since, with one value of its own, is not it.
    await crm.createRecord('Account', { ...source, Phone: '+39 02 0000001' }, source.Id);
    expect(await crm.findCreated('Account', source, since, source.Id)).toBe(id);
    expect(
      await crm.findCreated('Account', { ...source, PersonEmail: 'altro@example.test' }, since, source.Id),
    ).toBeNull();
    expect(await crm.findCreated('Account', source, new Date(Date.now() + 120_000), source.Id)).toBeNull();
  });

  it('finds the record a create made by its values in the recycle bin too, a live one before a deleted one', async () => {
    const source = await crm.readRecord('Account', persons()[11]!.Id);
    const since = new Date(Date.now() - 60_000);
    const first = await crm.createRecord('Account', source, source.Id);
    sandbox.records.remove('Account', first, sandbox.integrationUserId);
    expect(await crm.findCreated('Account', source, since, source.Id)).toBe(first);
    const second = await crm.createRecord('Account', source, source.Id);
    expect(await crm.findCreated('Account', source, since, source.Id)).toBe(second);
  });
});

describe('Salesforce connector: deletions in an org whose cases have no MasterRecordId', () => {
  let sandbox: SandboxCrm;

  beforeAll(async () => {
    sandbox = await startSandboxCrm({
      port: 0,
      counts: { users: 2, accounts: 5, cases: 8 },
      hiddenFields: { Case: ['MasterRecordId'] },
    });
  });
  afterAll(() => sandbox.close());

  it('lists deleted cases without asking for the field', async () => {
    const crm = sandboxConnector(sandbox);
    const victim = sandbox.records.all('Case')[0]!;
    sandbox.records.remove('Case', victim.Id, sandbox.integrationUserId);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const answer = await crm.deletedSince('Case', new Date(Date.now() - 1000));
    expect(answer.deleted.map((d) => d.id)).toEqual([victim.Id]);
    expect(answer.deleted[0]!.snapshot).toMatchObject({
      Id: victim.Id,
      IsDeleted: true,
      MasterRecordId: null,
    });
  });
});
