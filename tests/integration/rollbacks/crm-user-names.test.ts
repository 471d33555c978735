import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crmUserNames } from '../../../server/store/crm-user-names';
import type { DatabaseHandle } from '../../../server/db/database';
import { startSandboxCrm, type SandboxCrm } from '../../../sandbox-crm/sandbox-crm';
import { sandboxConnector } from '../../support/sandbox-connector';
import { createTestDatabase, testDbKinds } from '../../support/test-database';

describe.each(testDbKinds())('names of CRM users while the CRM does not answer, on %s', (kind) => {
  let database: DatabaseHandle;
  // A CRM that takes every connection and never answers.
  const silent = createServer(() => undefined);
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    silent.closeAllConnections();
    await new Promise((resolve) => silent.close(resolve));
    await database.close();
  });

  it('answers within about a second: the name kept, however old, and none for a user never named', async () => {
    const { port } = silent.address() as AddressInfo;
    const crm = sandboxConnector(`http://127.0.0.1:${port}`, { readTimeoutMs: 5_000 });
    await database.db
      .insertInto('crm_user_names')
      .values({ id: '005000000000001AAA', name: 'Nome Vecchio', read_at: new Date('2020-01-01T00:00:00Z') })
      .execute();
    const started = Date.now();
    const names = await crmUserNames({ db: database.db, crm, now: () => new Date() }, [
      '005000000000001AAA',
      '005000000000002AAA',
    ]);
    expect(Date.now() - started).toBeLessThan(2_500);
    expect([...names]).toEqual([['005000000000001AAA', 'Nome Vecchio']]);
  });
});

describe.each(testDbKinds())('names of CRM users while API usage is at the cap, on %s', (kind) => {
  let database: DatabaseHandle;
  let sandbox: SandboxCrm;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    sandbox = await startSandboxCrm({ port: 0, counts: { users: 3, accounts: 2, cases: 1 } });
  });
  afterAll(async () => {
    await sandbox.close();
    await database.close();
  });

  it('asks the CRM nothing at the cap, the names kept answering; below it the User object is asked', async () => {
    const crm = sandboxConnector(sandbox);
    const [kept, never] = sandbox.records.all('User').map((u) => u.Id);
    await database.db
      .insertInto('crm_user_names')
      .values({ id: kept!, name: 'Nome Vecchio', read_at: new Date('2020-01-01T00:00:00Z') })
      .execute();
    const deps = { db: database.db, crm, now: () => new Date(), maxApiUsage: 0.5 };
    sandbox.setApiUsage(900, 1000);
    await crm.checkLimits();
    const requests = sandbox.stats.requests;
    for (let interval = 0; interval < 3; interval++)
      expect([...(await crmUserNames(deps, [kept!, never!]))]).toEqual([[kept!, 'Nome Vecchio']]);
    expect(sandbox.stats.requests).toBe(requests);

    sandbox.setApiUsage(100, 1000);
    await crm.checkLimits();
    const names = await crmUserNames(deps, [kept!, never!]);
    expect(names.get(never!)).toEqual(expect.any(String));
    expect(sandbox.stats.requests).toBeGreaterThan(requests + 1);
  });
});
