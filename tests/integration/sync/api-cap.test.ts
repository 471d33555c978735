import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, USER_RANA } from '../../../contract/roles';
import { startSyncLoop } from '../../../server/sync/sync-loop';
import { testDbKinds } from '../../support/test-database';
import { BASE, RestoreFixture } from '../restores/restore-fixture';

/** The sync loop's interval here; three of them pass at the cap. */
const INTERVAL_S = 1;

/**
 * While the org's API usage is at SF_API_MAX_USAGE (0.8 by default), Storico reads nothing of the org: the sync
 * loop only asks for the limits once a run, and the screens that name CRM users (alerts, restore lists, audit log,
 * a case's e-mails and comments) answer from what is stored.
 */
describe.each(testDbKinds())('at the API usage cap, on %s', (kind) => {
  let f: RestoreFixture;
  beforeAll(async () => {
    f = await RestoreFixture.start(kind, { counts: { users: 3, accounts: 10, cases: 15 } });
  });
  afterAll(() => f.close());

  it('makes no read of any kind over three sync intervals, then syncs again once usage dropped', async () => {
    const [admin, rana, reviewer] = [await f.user(ADMIN), await f.user(USER_RANA), await f.reviewer()];
    const caseId = f.sandbox.records.all('Case')[0]!.Id;
    f.sandbox.setApiUsage(900, 1000);
    await f.crm.checkLimits();
    const reads = f.sandbox.stats.reads;
    const loop = startSyncLoop({
      db: f.t.database.db,
      dbKind: f.t.database.kind,
      connector: f.crm,
      intervalSeconds: INTERVAL_S,
    });
    try {
      await loop.firstRun;
      const screens = [
        [admin, '/api/v3/alert/?status=open'],
        [admin, '/api/v3/audit/?page=0&size=10'],
        [reviewer, `${BASE.case}/?status=PENDING&page=0&size=10`],
        [rana, `/api/v3/revision-case/${caseId}/related`],
      ] as const;
      for (let interval = 0; interval < 3; interval++) {
        for (const [who, url] of screens) {
          const res = await f.request(who, 'GET', url);
          expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
        }
        await new Promise((resolve) => setTimeout(resolve, INTERVAL_S * 1000));
      }
      expect(f.sandbox.stats.reads - reads).toBe(0);

      // Usage dropped: the next run asks the limits, finds it below the cap, and reads the org again.
      f.sandbox.setApiUsage(100, 1000);
      await expect
        .poll(() => f.sandbox.stats.reads - reads, { timeout: 10_000, interval: 200 })
        .toBeGreaterThan(0);
    } finally {
      await loop.stop();
    }
  });
});
