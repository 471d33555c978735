import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crmFieldsSchema } from '../../../contract/crm-fields';
import { envelopeOf } from '../../../contract/envelope';
import { parseDiffProperties, differencesSchema } from '../../../contract/revisions';
import { USER_RANA } from '../../../contract/roles';
import { startSandboxCrm, type SandboxCrm } from '../../../sandbox-crm/sandbox-crm';
import { generatedFields } from '../../../sandbox-crm/sandbox-schema';
import type { CrmRecord } from '../../../server/crm/crm-connector';
import { snapshotFields } from '../../../server/crm/crm-fields';
import { MAX_ENCODED_SOQL } from '../../../server/crm/salesforce/planned-query';
import { sandboxConnector } from '../../support/sandbox-connector';
import { testDbKinds } from '../../support/test-database';
import { RestoreFixture } from '../restores/restore-fixture';

const fieldList = envelopeOf(crmFieldsSchema);
const differences = envelopeOf(differencesSchema);

describe.each(testDbKinds())('every field of a contact and a case on %s', (kind) => {
  let f: RestoreFixture;

  beforeAll(async () => {
    f = await RestoreFixture.start(kind);
  });
  afterAll(() => f.close());

  const diffOf = async (who: Awaited<ReturnType<RestoreFixture['user']>>, a: number, b: number) => {
    const res = await f.request(
      who,
      'GET',
      `/api/v3/revision-account/differences?firstRevisionAccountID=${a}&secondRevisionAccountID=${b}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    return parseDiffProperties(differences.parse(res.json()).data.query.jsonDiffProperties);
  };

  it('keeps custom fields outside the screens, labels them from describe, and restores them but never a formula', async () => {
    const rana = await f.user(USER_RANA);
    const fields = await f.request(rana, 'GET', '/api/v3/revision-account/fields');
    expect(fields.statusCode, fields.body).toBe(200);
    const listed = fieldList.parse(fields.json()).data.query.fields;
    expect(listed.find((x) => x.name === 'Loyalty_Tier__c')).toEqual({
      name: 'Loyalty_Tier__c',
      label: 'Livello fedeltà',
      type: 'picklist',
      calculated: false,
      writable: true,
    });
    expect(listed.find((x) => x.name === 'Loyalty_Score__c')).toMatchObject({
      calculated: true,
      writable: false,
    });
    // Catalogued fields, compound components and what is no content of the record are not listed here.
    const names = listed.map((x) => x.name);
    for (const absent of ['Phone', 'BillingCity', 'IsDeleted', ...snapshotFields('Account')])
      expect(names).not.toContain(absent);

    const { recordId, target } = await f.editedRecord('account', {
      Loyalty_Tier__c: 'Platino',
      Lifetime_Spend__c: 12_345.5,
    });
    const [latest] = await f.revisions('account', recordId);
    expect(latest!.json.Loyalty_Tier__c).toBe('Platino');
    // The formula, computed by the CRM, was captured as the user saw it.
    expect(latest!.json.Loyalty_Score__c).toBe(100 + 123);
    expect(await diffOf(rana, target.id, latest!.id)).toEqual(
      expect.arrayContaining(['Loyalty_Tier__c', 'Lifetime_Spend__c', 'Loyalty_Score__c']),
    );

    const patches = f.sandbox.stats.patches;
    const res = await f.create('account', rana, [target.id], {
      type: 2,
      body: { userReviewerId: rana.user.id },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(f.sandbox.stats.patches).toBe(patches + 1);
    const inCrm = f.sandbox.records.get('Account', recordId)!;
    expect(inCrm.Loyalty_Tier__c).toBe(target.json.Loyalty_Tier__c);
    expect(inCrm.Lifetime_Spend__c).toBe(target.json.Lifetime_Spend__c);
    const [restored] = await f.revisions('account', recordId);
    expect(restored!.json.Loyalty_Score__c).toBe(target.json.Loyalty_Score__c);
  });

  it('a field added to the org appears from the next sync on, without being reported as changed', async () => {
    const rana = await f.user(USER_RANA);
    f.sandbox.records.schema.addField('Account', 'Preferred_Store__c', 'string', 'Punto vendita preferito');
    const { recordId, target } = await f.editedRecord('account', {
      Preferred_Store__c: 'Milano Centrale',
      Phone: '+39 333 000 1122',
    });
    const [latest] = await f.revisions('account', recordId);
    expect(target.json).not.toHaveProperty('Preferred_Store__c');
    expect(latest!.json.Preferred_Store__c).toBe('Milano Centrale');
    const changed = await diffOf(rana, target.id, latest!.id);
    expect(changed).toContain('Phone');
    expect(changed).not.toContain('Preferred_Store__c');
    expect(changed).not.toContain('SystemModstamp');
    const fields = fieldList.parse((await f.request(rana, 'GET', '/api/v3/revision-account/fields')).json());
    expect(fields.data.query.fields.map((x) => x.name)).toContain('Preferred_Store__c');
  });
});

describe('an org with hundreds of fields and long text areas', () => {
  let wide: SandboxCrm;
  let long: SandboxCrm;
  const counts = { users: 3, accounts: 450, cases: 20 };

  beforeAll(async () => {
    [wide, long] = await Promise.all([
      startSandboxCrm({ port: 0, counts, generatedFields: 700 }),
      startSandboxCrm({ port: 0, counts, generatedFields: 30 }),
    ]);
  });
  afterAll(() => Promise.all([wide.close(), long.close()]));

  const read = async (sandbox: SandboxCrm) => {
    const crm = sandboxConnector(sandbox, { batchSize: 2000 });
    const records: CrmRecord[] = [];
    const sizes: number[] = [];
    for await (const page of crm.changedSince('Account', null)) {
      records.push(...page.records);
      sizes.push(page.records.length);
    }
    const persons = sandbox.records.all('Account').filter((r) => r.IsPersonAccount === true);
    expect(records.map((r) => r.Id).sort()).toEqual(persons.map((r) => r.Id).sort());
    return { crm, records, sizes, persons };
  };

  it('reads every field with several queries per page when one query would be too long for its URL', async () => {
    const { crm, records, persons } = await read(wide);
    const extra = generatedFields(700).map((x) => x.name);
    for (const name of [extra[0]!, extra[699]!, 'Loyalty_Tier__c', 'PersonEmail'])
      expect(records[0]).toHaveProperty(name);
    // Every query the connector sent fitted in Salesforce's URI limit (the sandbox answers 414 beyond it).
    expect(wide.stats.longestQueryUrl).toBeLessThanOrEqual(MAX_ENCODED_SOQL + 200);
    const one = persons[5]!;
    wide.records.save('Account', { ...one, Extra_700__c: 'ultimo campo' } as CrmRecord);
    expect((await crm.readRecord('Account', one.Id)).Extra_700__c).toBe('ultimo campo');
  });

  it('takes pages of 200 when two or more long text areas are selected, though 2,000 were asked', async () => {
    const { sizes } = await read(long);
    expect(Math.max(...sizes)).toBe(200);
    expect(sizes.length).toBeGreaterThanOrEqual(3);
  });
});
