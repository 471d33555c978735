import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SalesforceConnector } from '../../../server/crm/salesforce/salesforce-connector';
import { BUSINESS_RECORD_TYPE_ID, PERSON_RECORD_TYPE_ID } from '../../../sandbox-crm/demo/demo-data';
import { startSandboxCrm, type SandboxCrm } from '../../../sandbox-crm/sandbox-crm';
import { sandboxConnector } from '../../support/sandbox-connector';

/** A contact (person account) made a business account and back, in the sandbox CRM and through the connector. */
describe('Salesforce connector: contacts made business accounts', () => {
  let sandbox: SandboxCrm;
  let crm: SalesforceConnector;
  const persons = () => sandbox.records.all('Account').filter((a) => a.IsPersonAccount === true);
  const asCrmUser = () => ({ userId: sandbox.integrationUserId, autoAssign: false, allowDuplicates: false });
  /** The accounts these tests made business accounts: they keep their contact, the org's own ones have none. */
  const converted = new Set<string>();
  const changeType = (id: string, RecordTypeId: string) => {
    if (RecordTypeId === BUSINESS_RECORD_TYPE_ID) converted.add(id);
    return sandbox.records.patch('Account', id, { RecordTypeId }, asCrmUser());
  };
  const businessAccount = () =>
    sandbox.records.all('Account').find((a) => a.IsPersonAccount === false && !converted.has(a.Id))!;

  beforeAll(async () => {
    sandbox = await startSandboxCrm({ port: 0, counts: { users: 3, accounts: 20, cases: 30 } });
    crm = sandboxConnector(sandbox);
  });
  afterAll(() => sandbox.close());

  it('a business record type makes a person account a business account named as its contact', async () => {
    const person = persons()[0]!;
    const contactId = String(person.PersonContactId);
    const since = new Date(Date.now() - 1000);
    expect(changeType(person.Id, BUSINESS_RECORD_TYPE_ID).ok).toBe(true);

    const [read] = await crm.readRecords('Account', [person.Id]);
    expect(read).toMatchObject({
      Id: person.Id,
      Name: `${String(person.FirstName)} ${String(person.LastName)}`,
      FirstName: null,
      LastName: null,
      PersonEmail: null,
    });
    expect(await crm.personContactId(person.Id)).toBeNull();
    // Its contact stays in the org, as the business account's contact.
    expect(sandbox.records.get('Contact', contactId)).toMatchObject({
      AccountId: person.Id,
      IsPersonAccount: false,
    });
    // The changes of person accounts no longer find it; the business accounts changed since do.
    const changed = [];
    for await (const page of crm.changedSince('Account', since))
      changed.push(...page.records.map((r) => r.Id));
    expect(changed).not.toContain(person.Id);
    const business = [];
    for await (const page of crm.businessAccountsChangedSince(since)) business.push(...page.ids);
    expect(business).toContain(person.Id);
  });

  it('a person record type makes it a contact again, with its name, e-mail and contact', async () => {
    const person = persons()[1]!;
    changeType(person.Id, BUSINESS_RECORD_TYPE_ID);
    expect(changeType(person.Id, PERSON_RECORD_TYPE_ID).ok).toBe(true);
    const [read] = await crm.readRecords('Account', [person.Id]);
    expect(read).toMatchObject({
      FirstName: person.FirstName,
      LastName: person.LastName,
      PersonEmail: person.PersonEmail,
    });
    expect(await crm.personContactId(person.Id)).toBe(person.PersonContactId);
  });

  it("tells a business account from a contact's state, live or in the recycle bin, and nothing once purged", async () => {
    const [person, made] = persons().slice(2, 4);
    changeType(made!.Id, BUSINESS_RECORD_TYPE_ID);
    expect(await crm.recordState('Account', person!.Id)).toBe('live');
    expect(await crm.recordState('Account', made!.Id)).toBe('business');
    expect(await crm.recordState('Account', businessAccount().Id)).toBe('business');
    for (const id of [person!.Id, made!.Id]) sandbox.records.removeWithCases(id, sandbox.integrationUserId);
    expect(await crm.recordState('Account', person!.Id)).toBe('deleted');
    expect(await crm.recordState('Account', made!.Id)).toBe('business');
    sandbox.purge([made!.Id]);
    expect(await crm.recordState('Account', made!.Id)).toBe('purged');
  });

  it('lists a contact made a business account and then deleted apart, with what the recycle bin keeps', async () => {
    const since = new Date(Date.now() - 1000);
    const [person, made] = persons().slice(4, 6);
    changeType(made!.Id, BUSINESS_RECORD_TYPE_ID);
    for (const id of [person!.Id, made!.Id])
      expect(sandbox.records.removeWithCases(id, sandbox.integrationUserId).ok).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const answer = await crm.deletedSince('Account', since);
    expect(answer.deleted.map((d) => d.id)).toContain(person!.Id);
    expect(answer.deleted.map((d) => d.id)).not.toContain(made!.Id);
    expect(answer.business.map((d) => d.id)).not.toContain(person!.Id);
    expect(answer.business.find((d) => d.id === made!.Id)?.snapshot).toMatchObject({
      Id: made!.Id,
      Name: `${String(made!.FirstName)} ${String(made!.LastName)}`,
      PersonEmail: null,
      IsDeleted: true,
      MasterRecordId: null,
    });
  });

  it('refuses to make a business account without a contact a person account', () => {
    const business = businessAccount();
    const outcome = changeType(business.Id, PERSON_RECORD_TYPE_ID);
    expect(outcome).toMatchObject({ ok: false, status: 400 });
    expect(!outcome.ok && outcome.errors[0]!.errorCode).toBe('FIELD_INTEGRITY_EXCEPTION');
    expect(sandbox.records.get('Account', business.Id)!.IsPersonAccount).toBe(false);
  });

  it('reads records by Id in and out of the person account scope, leaving out unknown ones', async () => {
    const business = businessAccount();
    const person = persons()[2]!;
    const read = await crm.readRecords('Account', [business.Id, person.Id, '001000000000000AAA']);
    expect(read.map((r) => r.Id).sort()).toEqual([business.Id, person.Id].sort());
  });
});
