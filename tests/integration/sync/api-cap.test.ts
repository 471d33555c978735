import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, USER_RANA } from '../../../contract/roles';
import { ErrorCode } from '../../../contract/error-codes';
import { AuditService } from '../../../server/audit-log/audit.service';
import { previewRollback } from '../../../server/rollbacks/rollback-preview';
import { startSyncLoop } from '../../../server/sync/sync-loop';
import { sandboxConnector } from '../../support/sandbox-connector';
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

  it('answers a rollback preview 503 CRM_LIMIT rather than describe the org at the cap, when it has not yet', async () => {
    // A connector that has not described the org yet, as after a start while usage is at the cap.
    const fresh = sandboxConnector(f.sandbox);
    f.sandbox.setApiUsage(900, 1000);
    await fresh.checkLimits();
    const reads = f.sandbox.stats.reads;
    const deps = {
      db: f.t.database.db,
      crm: fresh,
      audit: new AuditService(f.t.database.db),
      now: () => new Date(),
    };
    const scope = {
      sfUserID: f.sandbox.records.all('User')[1]!.Id,
      object: 'Account' as const,
      from: '2024-01-01',
      to: '2024-01-31',
    };
    const caller = { userId: 1, actor: null, ip: '127.0.0.1', jti: 'test' };
    await expect(previewRollback(deps, scope, caller)).rejects.toMatchObject({
      statusCode: 503,
      code: ErrorCode.CRM_LIMIT,
    });
    expect(f.sandbox.stats.reads - reads).toBe(0);

    // Below the cap the preview describes the org and answers.
    f.sandbox.setApiUsage(100, 1000);
    await fresh.checkLimits();
    await expect(previewRollback(deps, scope, caller)).resolves.toMatchObject({
      records: expect.any(Number),
    });
    expect(f.sandbox.stats.reads - reads).toBeGreaterThan(0);
  });
});
