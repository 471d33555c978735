import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { envelopeOf } from '../../../contract/envelope';
import { accountRestoreRequestSchema } from '../../../contract/restores';
import { USER_RANA } from '../../../contract/roles';
import { testDbKinds } from '../../support/test-database';
import { RestoreFixture } from './restore-fixture';

const accountRequests = envelopeOf(z.array(accountRestoreRequestSchema));

describe.each(testDbKinds())('a record purged but still listed by queryAll on %s', (dbKind) => {
  let f: RestoreFixture;

  beforeAll(async () => {
    // Salesforce may list a hard-deleted record for a while after its purge (Help article 000386040).
    f = await RestoreFixture.start(dbKind, {
      counts: { users: 2, accounts: 12, cases: 4 },
      purgedListedMs: 60_000,
    });
  });
  afterAll(() => f.close());

  it('is re-created by a forced restore when undelete says it is not in the recycle bin', async () => {
    const { recordId, target } = await f.editedRecord('account', { Phone: '+39 02 8080801' });
    f.deleteInCrm('account', recordId);
    await f.sync();
    expect(f.sandbox.purge([recordId])).toEqual([recordId]);
    expect(await f.crm.recordState('Account', recordId)).toBe('deleted');
    const undeletes = f.sandbox.stats.undeletes;
    const creates = f.sandbox.stats.creates;

    const res = await f.create('account', await f.user(USER_RANA), [target.id], { type: 2 });
    expect(res.statusCode, res.body).toBe(201);
    const [request] = accountRequests.parse(res.json()).data.query;
    expect(request).toMatchObject({ outcome: 'recreated', status: { status: 'APPROVED' } });
    expect(f.sandbox.stats.undeletes).toBe(undeletes + 1);
    expect(f.sandbox.stats.creates).toBe(creates + 1);
    const recreated = await f.inCrm('account', request!.newRecordId!);
    expect(recreated.Phone).toBe(target.json.Phone);
  });
});
