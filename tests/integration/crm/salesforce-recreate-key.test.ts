import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CrmDuplicateKey, CrmOutcomeUnknown, type CrmRecord } from '../../../server/crm/crm-connector';
import type { SalesforceConnector } from '../../../server/crm/salesforce/salesforce-connector';
import { startSandboxCrm, type SandboxCrm } from '../../../sandbox-crm/sandbox-crm';
import { salesforceId } from '../../../sandbox-crm/salesforce-id';
import { sandboxConnector } from '../../support/sandbox-connector';

const KEY = 'Storico_Original_Id__c';

/** The connector's re-create by the org's key field (SF_RECREATE_KEY_FIELD), over HTTP against the sandbox CRM. */
describe('Salesforce connector: re-creating a purged record by its re-create key', () => {
  let sandbox: SandboxCrm;
  let crm: SalesforceConnector;
  let purged = 0;
  /** The Id of a case the CRM no longer has, as a purged one's. */
  const formerId = () => salesforceId('500', 80_000_000 + ++purged);
  const holding = (value: string) => sandbox.records.allWithDeleted('Case').filter((c) => c[KEY] === value);
  const someCase = () => sandbox.records.all('Case').find((c) => String(c.OwnerId).startsWith('005'))!;

  beforeAll(async () => {
    sandbox = await startSandboxCrm({
      port: 0,
      counts: { users: 3, accounts: 10, cases: 20 },
      externalIdField: KEY,
    });
    crm = sandboxConnector(sandbox, { recreateKeyField: KEY, writeTimeoutMs: 1_000 });
  });
  afterAll(() => sandbox.close());

  it('creates the record holding the old Id, and a second create updates that record whatever was changed on it', async () => {
    const template = await crm.readRecord('Case', someCase().Id);
    const old = formerId();
    const { creates, upserts } = sandbox.stats;
    const id = await crm.createRecord('Case', { ...template, Subject: 'Ricreato' }, old);
    expect(holding(old).map((c) => c.Id)).toEqual([id]);
    expect(sandbox.records.get('Case', id)).toMatchObject({ Subject: 'Ricreato', OwnerId: template.OwnerId });

    sandbox.records.save('Case', { ...sandbox.records.get('Case', id)!, Subject: 'Cambiato da qualcuno' });
    expect(await crm.createRecord('Case', { ...template, Subject: 'Ricreato' }, old)).toBe(id);
    expect(holding(old)).toHaveLength(1);
    expect(sandbox.records.get('Case', id)?.Subject).toBe('Ricreato');
    expect(sandbox.stats).toMatchObject({ creates, upserts: upserts + 2 });
  });

  it('sends the create again after its answer was lost, and updates the record the first one made', async () => {
    const template = await crm.readRecord('Case', someCase().Id);
    const old = formerId();
    sandbox.faultWrites('apply-and-drop', 1);
    try {
      await expect(crm.createRecord('Case', template, old)).rejects.toBeInstanceOf(CrmOutcomeUnknown);
    } finally {
      sandbox.faultWrites(null);
    }
    const [made] = holding(old);
    expect(await crm.createRecord('Case', template, old)).toBe(made!.Id);
    expect(holding(old)).toHaveLength(1);
  });

  it('refuses with CrmDuplicateKey, naming them, when several records hold the key; nothing is written', async () => {
    const old = formerId();
    const [a, b] = sandbox.records.all('Case').slice(0, 2);
    for (const c of [a!, b!]) sandbox.records.save('Case', { ...c, [KEY]: old } as CrmRecord);
    const error = await crm.createRecord('Case', { Subject: 'Quale?' }, old).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CrmDuplicateKey);
    expect((error as CrmDuplicateKey).recordIds.sort()).toEqual([a!.Id, b!.Id].sort());
    expect((error as CrmDuplicateKey).errorCode).toBe('MULTIPLE_CHOICES');
    expect((error as Error).message).toContain(
      `Salesforce said MULTIPLE_CHOICES: 2 Case records hold ${KEY} ${old}`,
    );
    expect(holding(old).map((c) => c.Subject)).not.toContain('Quale?');
    await expect(crm.findCreated('Case', {}, new Date(), old)).rejects.toBeInstanceOf(CrmDuplicateKey);
  });

  it('finds the record a create made by its key, changed since or in the recycle bin; by its values without a key', async () => {
    const template = await crm.readRecord('Case', someCase().Id);
    const since = new Date(Date.now() - 60_000);
    const old = formerId();
    const id = await crm.createRecord('Case', template, old);
    sandbox.records.save('Case', { ...sandbox.records.get('Case', id)!, Priority: 'Low', Subject: 'Altro' });
    expect(await crm.findCreated('Case', template, since, old)).toBe(id);
    sandbox.records.remove('Case', id, sandbox.integrationUserId);
    expect(await crm.findCreated('Case', template, since, old)).toBe(id);
    // A live record holding the key is the one, whatever the recycle bin holds.
    const again = await crm.createRecord('Case', template, old);
    expect(again).not.toBe(id);
    expect(await crm.findCreated('Case', template, since, old)).toBe(again);

    // Created before the org had the key: no record holds it, the values still find it.
    const plain = sandboxConnector(sandbox);
    const unkeyed = formerId();
    const made = await plain.createRecord('Case', { ...template, Subject: 'Senza chiave' }, unkeyed);
    expect(holding(unkeyed)).toHaveLength(0);
    expect(await crm.findCreated('Case', { ...template, Subject: 'Senza chiave' }, since, unkeyed)).toBe(
      made,
    );
    expect(
      await crm.findCreated('Case', { ...template, Subject: 'Mai creato' }, since, formerId()),
    ).toBeNull();
  });
});

describe('Salesforce connector: a re-create key the org cannot go by', () => {
  let sandbox: SandboxCrm;

  beforeAll(async () => {
    sandbox = await startSandboxCrm({
      port: 0,
      counts: { users: 2, accounts: 6, cases: 10 },
      externalIdField: KEY,
      hiddenFields: { Account: [KEY] },
    });
  });
  afterAll(() => sandbox.close());

  it('creates plainly, warning once per object, when the field is hidden, missing or no External ID', async () => {
    const account = sandbox.records.all('Account').find((a) => a.IsPersonAccount === true)!;
    for (const [i, field] of [KEY, 'Agent__c', 'Absent__c'].entries()) {
      const warnings: Array<{ details: object; message: string }> = [];
      const crm = sandboxConnector(sandbox, {
        recreateKeyField: field,
        logger: { warn: (details, message) => warnings.push({ details, message }) },
      });
      const { creates, upserts } = sandbox.stats;
      const fromAccount = await crm.readRecord('Account', account.Id);
      await crm.createRecord('Account', fromAccount, salesforceId('001', 81_000_000 + i));
      const oldCase = salesforceId('500', 81_000_000 + i);
      const caseId = await crm.createRecord('Case', { Subject: 'Semplice', Status: 'New' }, oldCase);
      await crm.refreshSchema();
      // Hidden from Account only, the key still serves cases.
      const keyed = field === KEY;
      expect(sandbox.stats).toMatchObject({
        creates: creates + (keyed ? 1 : 2),
        upserts: upserts + (keyed ? 1 : 0),
      });
      expect(sandbox.records.get('Case', caseId)?.[KEY] ?? null).toBe(keyed ? oldCase : null);
      const told = warnings.filter((w) => w.message.startsWith('The re-create key field'));
      expect(told.map((w) => w.details)).toEqual(
        keyed
          ? [{ object: 'Account', field }]
          : [
              { object: 'Account', field },
              { object: 'Case', field },
            ],
      );
    }
  });
});

/**
 * An org whose integration user may set audit fields on create: CreatedDate and the like are createable, never
 * updateable, and an upsert takes them on neither path (the sandbox's audit fields).
 */
describe('Salesforce connector: re-creating by the key where a create may set audit fields', () => {
  let sandbox: SandboxCrm;
  let crm: SalesforceConnector;
  let purged = 0;
  const formerId = () => salesforceId('500', 81_000_000 + ++purged);

  beforeAll(async () => {
    sandbox = await startSandboxCrm({
      port: 0,
      counts: { users: 3, accounts: 6, cases: 10 },
      externalIdField: KEY,
      auditFieldsOnCreate: true,
    });
    crm = sandboxConnector(sandbox, { recreateKeyField: KEY, writeTimeoutMs: 1_000 });
  });
  afterAll(() => sandbox.close());

  it('sends an upsert only the fields both of its paths take: it creates, and it updates a record holding the key', async () => {
    const [source, holder] = sandbox.records.all('Case');
    const template = await crm.readRecord('Case', source!.Id);
    expect(await crm.writableFields('Case')).not.toContain('CreatedDate');

    const old = formerId();
    const id = await crm.createRecord('Case', { ...template, Subject: 'Ricreato' }, old);
    expect(sandbox.records.get('Case', id)).toMatchObject({ [KEY]: old, Subject: 'Ricreato' });

    // A record already holds the key (an earlier create whose answer was lost): the upsert updates it (200).
    const held = formerId();
    sandbox.records.save('Case', { ...holder!, [KEY]: held } as CrmRecord);
    const upserts = sandbox.stats.upserts;
    expect(await crm.createRecord('Case', { ...template, Subject: 'Aggiornato' }, held)).toBe(holder!.Id);
    expect(sandbox.records.get('Case', holder!.Id)?.Subject).toBe('Aggiornato');
    expect(sandbox.stats.upserts - upserts).toBe(1);
  });

  it('still sends the audit fields on a plain create, which takes them', async () => {
    const template = await crm.readRecord('Case', sandbox.records.all('Case')[2]!.Id);
    const id = await sandboxConnector(sandbox).createRecord('Case', template, formerId());
    expect(sandbox.records.get('Case', id)).toMatchObject({
      CreatedDate: template.CreatedDate,
      LastModifiedDate: template.LastModifiedDate,
    });
  });
});
