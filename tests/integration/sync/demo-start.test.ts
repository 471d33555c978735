import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../server/db/database';
import { startDemoOnce } from '../../support/demo-start';
import { testConfig } from '../../support/test-app';
import { createTestDatabase, testDbKinds } from '../../support/test-database';
import { storedState } from './sync-fixture';

const demoCounts = { users: 3, accounts: 12, cases: 20 };

describe.each(testDbKinds())('demo start on %s', (kind) => {
  let database: DatabaseHandle;
  const config = testConfig({ SYNC_INTERVAL_S: '0' });

  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(() => database.close());

  async function start() {
    const crm = await startDemoOnce(config, database, demoCounts);
    expect(crm.sandbox).toBeDefined();
    return crm;
  }

  it('imports the demo history once, then syncs the sandbox CRM; a restart adds nothing', async () => {
    const first = await start();
    expect(existsSync(path.join(config.dataDir, 'demo-history.ndjson'))).toBe(true);
    const afterFirst = await storedState(database.db);
    expect(afterFirst).toMatchObject({ agents: 3, accounts: 12, cases: 20 });
    const sources = await database.db.selectFrom('revision_cases').select('source').distinct().execute();
    // The demo org's users deleted a few records lately: the first sync stores them as deletions.
    expect(sources.map((s) => s.source).sort()).toEqual(['delete', 'import', 'sync']);
    const merged = await database.db
      .selectFrom('revision_accounts')
      .select('json')
      .where('source', '=', 'delete')
      .execute();
    expect(
      merged.filter((r) => typeof (r.json as { MasterRecordId?: unknown }).MasterRecordId === 'string'),
    ).toHaveLength(1);
    // And one contact was made a business account: known from the history, stored as converted.
    const converted = await database.db
      .selectFrom('sf_accounts')
      .select('id')
      .where('converted_at', 'is not', null)
      .execute();
    expect(converted).toHaveLength(1);
    await expect(first.connector.listAgents()).rejects.toThrow(/could not be reached/);

    await start();
    expect(await storedState(database.db)).toEqual(afterFirst);
  });
});
