import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crmUserNames } from '../../../server/store/crm-user-names';
import type { DatabaseHandle } from '../../../server/db/database';
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
