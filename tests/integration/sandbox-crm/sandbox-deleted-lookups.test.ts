import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CrmRecord } from '../../../server/crm/crm-connector';
import { startSandboxCrm, type SandboxCrm } from '../../../sandbox-crm/sandbox-crm';
import { sandboxAccessToken } from '../../support/sandbox-connector';

const DATA = '/services/data/v62.0';
const KEY = 'Storico_Original_Id__c';
const ENTITY_IS_DELETED = [{ errorCode: 'ENTITY_IS_DELETED', message: 'entity is deleted', fields: [] }];

/**
 * A write (create, update, upsert) that sets a lookup to a record in the recycle bin is refused with 400
 * ENTITY_IS_DELETED, as Salesforce answers it; one naming a record it never had (or purged) keeps
 * INVALID_CROSS_REFERENCE_KEY.
 */
describe('sandbox CRM: a lookup to a record in the recycle bin over HTTP', () => {
  let sandbox: SandboxCrm;
  let auth: { authorization: string };
  const call = (method: string, url: string, body?: unknown) =>
    fetch(`${sandbox.url}${DATA}${url}`, {
      method,
      headers: { ...auth, 'content-type': 'application/json', 'sforce-auto-assign': 'FALSE' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  let used = 0;
  /** A person account not used by another test, with its cases. */
  const freshContact = () => {
    const accounts = sandbox.records.all('Account').filter((a) => a.IsPersonAccount === true);
    const account = accounts[used++]!;
    return { account, cases: sandbox.records.casesOf(account) };
  };
  /** A person account in the recycle bin (its cases deleted first, as Salesforce requires). */
  const deletedContact = () => {
    const { account } = freshContact();
    expect(sandbox.records.removeWithCases(account.Id, sandbox.integrationUserId).ok).toBe(true);
    return account;
  };
  /** A live case of another contact, and a copy of it as it is now. */
  const liveCase = (): CrmRecord => {
    let found: CrmRecord | undefined;
    while (!found) found = freshContact().cases[0];
    return structuredClone(found);
  };

  beforeAll(async () => {
    sandbox = await startSandboxCrm({
      port: 0,
      counts: { users: 3, accounts: 30, cases: 60 },
      externalIdField: KEY,
    });
    auth = { authorization: `Bearer ${await sandboxAccessToken(sandbox)}` };
  });
  afterAll(() => sandbox.close());

  it('refuses an update pointing a case at a contact in the recycle bin, by AccountId or ContactId, changing nothing', async () => {
    const gone = deletedContact();
    const kase = liveCase();
    for (const body of [
      { AccountId: gone.Id, ContactId: gone.PersonContactId },
      { AccountId: gone.Id },
      { ContactId: gone.PersonContactId },
    ]) {
      const res = await call('PATCH', `/sobjects/Case/${kase.Id}`, { Subject: 'Spostato', ...body });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual(ENTITY_IS_DELETED);
    }
    expect(sandbox.records.get('Case', kase.Id)).toEqual(kase);
  });

  it('refuses a create and an upsert (insert or update) with such a lookup, creating nothing', async () => {
    const gone = deletedContact();
    const body = { Subject: 'Nuovo', Status: 'New', Origin: 'Web', AccountId: gone.Id };
    const cases = sandbox.records.allWithDeleted('Case').length;

    const created = await call('POST', '/sobjects/Case', body);
    expect(created.status).toBe(400);
    expect(await created.json()).toEqual(ENTITY_IS_DELETED);

    const inserted = await call('PATCH', `/sobjects/Case/${KEY}/500PURGED000000001`, body);
    expect(inserted.status).toBe(400);
    expect(await inserted.json()).toEqual(ENTITY_IS_DELETED);
    expect(sandbox.records.allWithDeleted('Case')).toHaveLength(cases);

    const kase = liveCase();
    sandbox.records.save('Case', { ...kase, [KEY]: '500PURGED000000002' });
    const before = structuredClone(sandbox.records.get('Case', kase.Id)!);
    const updated = await call('PATCH', `/sobjects/Case/${KEY}/500PURGED000000002`, {
      ContactId: gone.PersonContactId,
    });
    expect(updated.status).toBe(400);
    expect(await updated.json()).toEqual(ENTITY_IS_DELETED);
    expect(sandbox.records.get('Case', kase.Id)).toEqual(before);
  });

  it('refuses a lookup to the loser of a merge, which the merge put in the recycle bin', async () => {
    const survivor = freshContact().account;
    const loser = freshContact().account;
    sandbox.merge('Account', survivor.Id, loser.Id);
    const kase = liveCase();
    const res = await call('PATCH', `/sobjects/Case/${kase.Id}`, {
      AccountId: loser.Id,
      ContactId: loser.PersonContactId,
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual(ENTITY_IS_DELETED);
    // The survivor takes the case.
    const moved = await call('PATCH', `/sobjects/Case/${kase.Id}`, {
      AccountId: survivor.Id,
      ContactId: survivor.PersonContactId,
    });
    expect(moved.status).toBe(204);
  });

  it('keeps INVALID_CROSS_REFERENCE_KEY for a record purged from the recycle bin', async () => {
    const gone = deletedContact();
    expect(sandbox.purge([gone.Id])).toEqual([gone.Id]);
    const kase = liveCase();
    const res = await call('PATCH', `/sobjects/Case/${kase.Id}`, { AccountId: gone.Id });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual([
      {
        errorCode: 'INVALID_CROSS_REFERENCE_KEY',
        message: 'invalid cross reference id',
        fields: ['AccountId'],
      },
    ]);
  });

  it('answers queryAll on Contact with IsDeleted: a person contact is in the recycle bin with its account', async () => {
    const gone = deletedContact();
    const live = freshContact().account;
    const q = `SELECT Id, IsDeleted FROM Contact WHERE IsDeleted = true AND Id IN ('${String(gone.PersonContactId)}', '${String(live.PersonContactId)}')`;
    const res = await call('GET', `/queryAll?q=${encodeURIComponent(q)}`);
    expect(res.status, await res.clone().text()).toBe(200);
    const { records } = (await res.json()) as { records: CrmRecord[] };
    expect(records).toEqual([expect.objectContaining({ Id: gone.PersonContactId, IsDeleted: true })]);
  });
});
