import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CrmRecord } from '../../../server/crm/crm-connector';
import type { DatabaseHandle } from '../../../server/db/database';
import { storeIfChanged, storeSnapshots, SnapshotError } from '../../../server/store/revision-store';
import { changedFields } from '../../../server/store/snapshot-fields';
import { createTestDatabase, testDbKinds } from '../../support/test-database';

const OWNER = '0055g000000D0S0AAK';
let n = 0;
const accountId = () => `0015g00000${String(++n).padStart(5, '0')}AAA`;
const stamp = (day: number) => `2025-03-${String(day).padStart(2, '0')}T10:00:00.000+0000`;
const account = (Id: string, day: number, fields: Record<string, unknown> = {}): CrmRecord => ({
  Id,
  OwnerId: OWNER,
  Name: 'Anna Rossi',
  PersonEmail: 'anna.rossi@libero.it',
  Phone: '+39 347 111 2222',
  CreatedDate: stamp(1),
  LastModifiedDate: stamp(day),
  SystemModstamp: stamp(day),
  ...fields,
});

describe.each(testDbKinds())('revision store on %s', (kind) => {
  let database: DatabaseHandle;
  const revisions = (id: string) =>
    database.db
      .selectFrom('revision_accounts')
      .select(['id', 'saved_at', 'source', 'json'])
      .where('account_id', '=', id)
      .orderBy('saved_at')
      .execute();
  const searchRow = (id: string) =>
    database.db.selectFrom('sf_accounts').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(() => database.close());

  it('does not count an address stored with three keys as changed when it comes back with ten', async () => {
    const id = accountId();
    const old = { city: 'Roma', postalCode: '00185', country: 'Italia' };
    const ten = {
      ...old,
      street: null,
      state: null,
      stateCode: null,
      countryCode: null,
      latitude: null,
      longitude: null,
      geocodeAccuracy: null,
    };
    await storeSnapshots(database.db, 'Account', [account(id, 2, { BillingAddress: old })], 'import');
    const again = await storeIfChanged(
      database.db,
      'Account',
      account(id, 5, { BillingAddress: ten }),
      'sync',
    );
    expect(again.stored).toBe(false);
    expect(changedFields('account', { BillingAddress: old }, { BillingAddress: ten })).toEqual([]);
    const moved = await storeIfChanged(
      database.db,
      'Account',
      account(id, 6, { BillingAddress: { ...ten, street: 'Via Tiburtina 9', state: 'RM' } }),
      'sync',
    );
    expect(moved.stored).toBe(true);
    const stored = await revisions(id);
    expect(Object.keys(stored.at(-1)!.json as object)).toContain('BillingAddress');
    expect(Object.keys((stored.at(-1)!.json as { BillingAddress: object }).BillingAddress)).toHaveLength(10);
    expect(
      changedFields(
        'account',
        { BillingAddress: old },
        { BillingAddress: { ...old, street: 'Via Tiburtina 9' } },
      ),
    ).toEqual(['BillingAddress']);
  });

  it('stores a snapshot once, dated by its SystemModstamp, and finds it equal the second time', async () => {
    const id = accountId();
    const first = await storeIfChanged(database.db, 'Account', account(id, 2), 'sync');
    expect(first).toMatchObject({ recordId: id, stored: true, savedAt: new Date(Date.parse(stamp(2))) });
    const again = await storeIfChanged(database.db, 'Account', account(id, 2), 'import');
    expect(again).toEqual({ ...first, stored: false });
    const rows = await revisions(id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ source: 'sync', json: account(id, 2) });
  });

  it('stores a changed snapshot, but not one that differs only in its save stamps', async () => {
    const id = accountId();
    await storeIfChanged(database.db, 'Account', account(id, 2), 'sync');
    expect((await storeIfChanged(database.db, 'Account', account(id, 5), 'sync')).stored).toBe(false);
    const changed = await storeIfChanged(
      database.db,
      'Account',
      account(id, 6, { Phone: '+39 333 999 8888' }),
      'restore:42',
    );
    expect(changed.stored).toBe(true);
    expect((await revisions(id)).map((r) => r.source)).toEqual(['sync', 'restore:42']);
    expect(await searchRow(id)).toMatchObject({
      owner_id: OWNER,
      name: 'Anna Rossi',
      email: 'anna.rossi@libero.it',
      phone: '+39 333 999 8888',
      latest_revision_id: changed.revisionId,
      created_date: new Date(Date.parse(stamp(1))),
    });
  });

  it('keeps the search row on the newest revision when an older one arrives later', async () => {
    const id = accountId();
    const newest = await storeIfChanged(database.db, 'Account', account(id, 20, { Phone: 'new' }), 'sync');
    const older = await storeIfChanged(database.db, 'Account', account(id, 10, { Phone: 'old' }), 'import');
    expect(older.stored).toBe(true);
    expect(await searchRow(id)).toMatchObject({ phone: 'new', latest_revision_id: newest.revisionId });
  });

  it('compares each snapshot of a batch with the one just before it in time', async () => {
    const id = accountId();
    const results = await storeSnapshots(
      database.db,
      'Account',
      [
        account(id, 9, { Phone: 'b' }),
        account(id, 3, { Phone: 'a' }),
        account(id, 4, { Phone: 'a' }),
        account(id, 12, { Phone: 'a' }),
        account(id, 9, { Phone: 'b' }),
      ],
      'import',
    );
    expect(results.map((r) => r.stored)).toEqual([true, true, false, true, false]);
    expect(results[2]!.revisionId).toBe(results[1]!.revisionId);
    expect(results[4]!.revisionId).toBe(results[0]!.revisionId);
    expect((await revisions(id)).map((r) => (r.json as CrmRecord).Phone)).toEqual(['a', 'b', 'a']);
    expect((await searchRow(id)).latest_revision_id).toBe(results[3]!.revisionId);
  });

  it('stores cases with their contact, owner, number and reason for search', async () => {
    const contact = accountId();
    const caseId = '5005g000005D5DUAA0';
    const stored = await storeIfChanged(
      database.db,
      'Case',
      {
        Id: caseId,
        OwnerId: '0055g000000ZZZZAAA',
        AccountId: contact,
        CaseNumber: '00012345',
        Reason: 'Feedback on Product',
        Description: 'Pasta spezzata',
        CreatedDate: stamp(1),
        SystemModstamp: stamp(2),
      },
      'sync',
    );
    const row = await database.db
      .selectFrom('sf_cases')
      .selectAll()
      .where('id', '=', caseId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      owner_id: '0055g000000ZZZZAAA',
      account_id: contact,
      case_number: '00012345',
      reason: 'Feedback on Product',
      description: 'Pasta spezzata',
      latest_revision_id: stored.revisionId,
    });
    const owner = await database.db
      .selectFrom('sf_users')
      .selectAll()
      .where('id', '=', '0055g000000ZZZZAAA')
      .executeTakeFirst();
    expect(owner).toMatchObject({ active: false });
  });

  it('refuses a snapshot it cannot date, storing nothing of the batch', async () => {
    const id = accountId();
    await expect(
      storeSnapshots(
        database.db,
        'Account',
        [account(id, 2), { ...account(id, 3), SystemModstamp: 'yesterday' }],
        'sync',
      ),
    ).rejects.toThrow(SnapshotError);
    expect(await revisions(id)).toHaveLength(0);
  });
});
