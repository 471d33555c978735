import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CrmRecord } from '../../../server/crm/crm-connector';
import { BUSINESS_RECORD_TYPE_ID, PERSON_RECORD_TYPE_ID } from '../../../sandbox-crm/demo/demo-data';
import { readWatermark } from '../../../server/sync/sync-state.repository';
import { importSnapshots } from '../../../server/sync/snapshot-import';
import { RestoreFixture } from '../restores/restore-fixture';
import { testDbKinds } from '../../support/test-database';

/**
 * History imported after the sync's watermarks passed what the CRM did to its records: without a full check the
 * imported contacts would stand as live for ever.
 */
describe.each(testDbKinds())('the sync after an import on %s', (dbKind) => {
  let f: RestoreFixture;

  beforeAll(async () => {
    f = await RestoreFixture.start(dbKind);
  });
  afterAll(() => f.close());

  const context = () => ({ userId: f.sandbox.integrationUserId, autoAssign: false, allowDuplicates: false });

  /** A contact created in the CRM now, which Storico has not synced yet. */
  function newContact(lastName: string): CrmRecord {
    const outcome = f.sandbox.records.create(
      'Account',
      { RecordTypeId: PERSON_RECORD_TYPE_ID, FirstName: 'Import', LastName: lastName },
      context(),
    );
    if (!outcome.ok) throw new Error(`could not create ${lastName}`);
    return outcome.record;
  }

  async function importLines(records: CrmRecord[]) {
    const dir = mkdtempSync(path.join(tmpdir(), 'storico-recheck-'));
    const file = path.join(dir, 'history.ndjson');
    writeFileSync(file, records.map((record) => JSON.stringify({ type: 'Account', record })).join('\n'));
    const { database } = f.t;
    return importSnapshots(database.db, file, { pool: database.pool });
  }

  it('stores as deleted or converted the imported contacts the CRM purged or made business accounts before', async () => {
    // Both happen between two syncs, to contacts Storico never read: the sync's watermarks pass them.
    const purged = newContact('Purged');
    f.sandbox.records.remove('Account', purged.Id, f.sandbox.integrationUserId);
    expect(f.sandbox.purge([purged.Id])).toEqual([purged.Id]);
    const converted = newContact('Converted');
    const patched = f.sandbox.records.patch(
      'Account',
      converted.Id,
      { RecordTypeId: BUSINESS_RECORD_TYPE_ID },
      context(),
    );
    if (!patched.ok) throw new Error('could not convert');
    // A contact Storico knows, still a live contact in the CRM: an older snapshot of it comes with the history.
    const live = f.freshRecord('account');
    const [synced] = await f.revisions('account', live.Id);
    await f.sync();
    expect(await f.revisions('account', purged.Id)).toEqual([]);
    expect(await f.revisions('account', converted.Id)).toEqual([]);

    const older = {
      ...synced!.json,
      Phone: '+39 02 1010101',
      SystemModstamp: '2024-01-05T09:00:00.000+0000',
    };
    const report = await importLines([purged, converted, older as CrmRecord]);
    expect(report).toMatchObject({ stored: 3, errors: [] });
    // Imported as they were: live contacts.
    expect((await f.revisions('account', purged.Id)).map((r) => r.source)).toEqual(['import']);
    const asked = await readWatermark(f.t.database.db, 'Import:recheck');
    expect(asked).not.toBeNull();

    await f.sync();
    const [deletion] = await f.revisions('account', purged.Id);
    expect(deletion).toMatchObject({ source: 'delete', json: { Id: purged.Id, IsDeleted: true } });
    const [conversion] = await f.revisions('account', converted.Id);
    expect(conversion).toMatchObject({
      source: 'convert',
      json: { Id: converted.Id, RecordTypeId: BUSINESS_RECORD_TYPE_ID },
    });
    // The contact the CRM still has stays live, its synced revision the newest.
    expect((await f.revisions('account', live.Id))[0]!.id).toBe(synced!.id);
    for (const object of ['Account', 'Case'])
      expect(await readWatermark(f.t.database.db, `${object}:rechecked`)).toEqual(asked);

    // Checked once: the next run stores nothing more.
    const counts = await Promise.all([purged, converted].map((r) => f.revisions('account', r.Id)));
    await f.sync();
    expect(await Promise.all([purged, converted].map((r) => f.revisions('account', r.Id)))).toEqual(counts);
  });

  it('asks for no check when an import stored nothing new', async () => {
    const before = await readWatermark(f.t.database.db, 'Import:recheck');
    const record = f.freshRecord('account');
    const [synced] = await f.revisions('account', record.Id);
    const report = await importLines([synced!.json]);
    expect(report).toMatchObject({ stored: 0, unchanged: 1 });
    expect(await readWatermark(f.t.database.db, 'Import:recheck')).toEqual(before);
  });
});
