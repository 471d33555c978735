import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN, USER_RANA, productRole } from '../../../contract/roles';
import { AuditService } from '../../../server/audit-log/audit.service';
import type { WatchThresholds } from '../../../server/config/config';
import type { Db } from '../../../server/db/database';
import { mailerFromConfig } from '../../../server/mail/mailer';
import type { RevisionSource } from '../../../server/store/revision-store';
import { runMassChangeWatch, type WatchDeps } from '../../../server/watch/mass-change-watch';
import { createUserWithSecret } from '../../support/auth';
import { addAgent } from '../../support/revision-fixtures';
import { decodeQuotedPrintable, startSmtpReceiver } from '../../support/smtp-receiver';
import { createTestApp, testConfig, type TestApp } from '../../support/test-app';
import { testDbKinds } from '../../support/test-database';
import { DAY, MINUTE, storeChanges } from './watch-fixture';

const defaults: WatchThresholds = { minRecords: 50, share: 0.05, shareMin: 10, windowMinutes: 60 };

describe.each(testDbKinds())('mass-change watch on %s', (kind) => {
  let t: TestApp;
  let db: Db;
  let serial = 0;
  let agent: string;
  const watch = (thresholds: Partial<WatchThresholds> = {}, extra: Partial<WatchDeps> = {}) =>
    runMassChangeWatch({
      db,
      thresholds: { ...defaults, ...thresholds },
      audit: new AuditService(db),
      productCode: t.config.productCode,
      mailer: null,
      publicUrl: 'http://storico.test',
      ...extra,
    });
  const alertsOf = (sfUser: string) =>
    db.selectFrom('alerts').selectAll().where('sf_user_id', '=', sfUser).orderBy('id').execute();
  /** A moment `minutesAgo` before now: the sync stores changes made up to 24 hours earlier. */
  const ago = (ms: number) => new Date(Date.now() - ms);
  /** The agent's records `prefix-0` .. as an import had them ten days ago: the agent's usual work, not counted. */
  const importedTenDaysAgo = (prefix: string, count: number) =>
    storeChanges(db, { agent, prefix, count, start: ago(10 * DAY), stepMs: MINUTE, source: 'import' });

  beforeAll(async () => {
    t = await createTestApp(kind);
    db = t.database.db;
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    agent = `005W${++serial}`;
    await addAgent(db, {
      id: agent,
      username: `agente${serial}`,
      firstName: 'Luca',
      lastName: `Bianchi${serial}`,
    });
  });

  it('raises no alert for 50 records within the hour and one for 51 (more than WATCH_MIN_RECORDS)', async () => {
    // share 1: the share rule cannot fire, so only the absolute rule is at work.
    await storeChanges(db, {
      agent,
      prefix: `a${serial}`,
      count: 50,
      start: ago(3 * 60 * MINUTE),
      stepMs: MINUTE,
    });
    await watch({ share: 1 });
    expect(await alertsOf(agent)).toEqual([]);

    await storeChanges(db, {
      agent,
      prefix: `a${serial}`,
      count: 1,
      from: 50,
      start: ago(3 * 60 * MINUTE - 59 * MINUTE),
      stepMs: MINUTE,
    });
    const report = await watch({ share: 1 });
    const alerts = await alertsOf(agent);
    expect(alerts).toHaveLength(1);
    expect(report.raised).toEqual([alerts[0]!.id]);
    expect(alerts[0]).toMatchObject({ object: 'Account', changed: 51, deleted: 0, acknowledged_at: null });
    // Each record's first revision: nothing was changed from an earlier version.
    expect(alerts[0]!.top_fields).toEqual([]);
  });

  it('counts records, not revisions: 51 changes of 50 records stay below', async () => {
    await storeChanges(db, {
      agent,
      prefix: `b${serial}`,
      count: 50,
      start: ago(5 * 60 * MINUTE),
      stepMs: MINUTE,
    });
    await storeChanges(db, {
      agent,
      prefix: `b${serial}`,
      count: 1,
      start: ago(5 * 60 * MINUTE - 55 * MINUTE),
      stepMs: MINUTE,
      fields: () => ({ Fax: '1' }),
    });
    await watch({ share: 1 });
    expect(await alertsOf(agent)).toEqual([]);
  });

  it("applies the share rule: more than 5% of the 30 days' records, at least 10", async () => {
    // 400 records changed by the agent ten days ago (an imported history: the agent's usual work, not counted itself).
    await importedTenDaysAgo(`c${serial}`, 400);
    expect(await alertsOf(agent)).toEqual([]);
    // 20 of them again within the hour: 5% of 400 is 20, not more.
    await storeChanges(db, {
      agent,
      prefix: `c${serial}`,
      count: 20,
      start: ago(8 * 60 * MINUTE),
      stepMs: 2 * MINUTE,
      fields: () => ({ Fax: 'x' }),
    });
    await watch();
    expect(await alertsOf(agent)).toEqual([]);
    // A 21st within the same hour.
    await storeChanges(db, {
      agent,
      prefix: `c${serial}`,
      count: 1,
      from: 20,
      start: ago(8 * 60 * MINUTE - 45 * MINUTE),
      stepMs: MINUTE,
      fields: () => ({ Fax: 'x' }),
    });
    await watch();
    const alerts = await alertsOf(agent);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.changed).toBe(21);
    expect(alerts[0]!.top_fields[0]).toEqual({ field: 'Fax', count: 21 });
  });

  it('needs at least WATCH_SHARE_MIN records for the share rule', async () => {
    await storeChanges(db, {
      agent,
      prefix: `d${serial}`,
      count: 9,
      start: ago(4 * 60 * MINUTE),
      stepMs: MINUTE,
    });
    await watch();
    expect(await alertsOf(agent)).toEqual([]);
    await storeChanges(db, {
      agent,
      prefix: `d${serial}`,
      count: 1,
      from: 9,
      start: ago(4 * 60 * MINUTE - 10 * MINUTE),
      stepMs: MINUTE,
    });
    await watch();
    expect(await alertsOf(agent)).toHaveLength(1);
  });

  it('makes one alert of overlapping windows and extends it while the burst goes on', async () => {
    const start = ago(10 * 60 * MINUTE);
    // One record a minute for two hours: every hour-long window holds 60 records.
    await storeChanges(db, { agent, prefix: `e${serial}`, count: 120, start, stepMs: MINUTE });
    await watch({ share: 1 });
    let alerts = await alertsOf(agent);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.window_start.toISOString()).toBe(start.toISOString());
    expect(alerts[0]!.changed).toBe(120);
    const firstEnd = alerts[0]!.window_end.getTime();

    // The next sync brings the next hour of the same burst.
    await storeChanges(db, {
      agent,
      prefix: `e${serial}`,
      count: 60,
      from: 120,
      start: new Date(start.getTime() + 120 * MINUTE),
      stepMs: MINUTE,
    });
    const report = await watch({ share: 1 });
    alerts = await alertsOf(agent);
    expect(alerts).toHaveLength(1);
    expect(report.extended).toEqual([alerts[0]!.id]);
    expect(alerts[0]!.changed).toBe(180);
    expect(alerts[0]!.window_end.getTime()).toBeGreaterThan(firstEnd);

    // Running again over the same revisions changes nothing.
    expect(await watch({ share: 1 })).toEqual({ raised: [], extended: [] });
  });

  it('raises a second alert for a later, separate burst and for what follows an acknowledged one', async () => {
    const start = ago(20 * 60 * MINUTE);
    await storeChanges(db, { agent, prefix: `f${serial}`, count: 60, start, stepMs: 30_000 });
    await storeChanges(db, {
      agent,
      prefix: `f${serial}`,
      count: 60,
      from: 60,
      start: new Date(start.getTime() + 3 * 60 * MINUTE),
      stepMs: 30_000,
    });
    await watch({ share: 1 });
    const alerts = await alertsOf(agent);
    expect(alerts).toHaveLength(2);
    const user = await createUserWithSecret(t, ADMIN);
    await db
      .updateTable('alerts')
      .set({ acknowledged_by: user.id, acknowledged_at: new Date() })
      .where('id', '=', alerts[1]!.id)
      .execute();
    // The second burst goes on after it was acknowledged.
    await storeChanges(db, {
      agent,
      prefix: `f${serial}`,
      count: 60,
      from: 120,
      start: new Date(start.getTime() + 3 * 60 * MINUTE + 30 * MINUTE),
      stepMs: 30_000,
    });
    await watch({ share: 1 });
    const after = await alertsOf(agent);
    expect(after).toHaveLength(3);
    expect(after[2]!.window_start.getTime()).toBeGreaterThan(after[1]!.window_end.getTime());
    expect(after[2]!.acknowledged_at).toBeNull();
  });

  it('counts deletions apart and per object', async () => {
    await storeChanges(db, {
      agent,
      prefix: `g${serial}`,
      count: 30,
      start: ago(6 * 60 * MINUTE),
      stepMs: MINUTE,
      object: 'Case',
    });
    // The deletion capture stores a deleted record's last state with source 'delete'.
    await storeChanges(db, {
      agent,
      prefix: `g${serial}`,
      count: 25,
      from: 30,
      start: ago(6 * 60 * MINUTE - 30 * MINUTE),
      stepMs: 30_000,
      object: 'Case',
      source: 'delete' as RevisionSource,
      fields: () => ({ IsDeleted: true }),
    });
    await watch({ share: 1 });
    const alerts = await alertsOf(agent);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({ object: 'Case', changed: 30, deleted: 25 });
  });

  it('raises nothing for changes made over a day before the sync stored them, nor for imports', async () => {
    await storeChanges(db, { agent, prefix: `h${serial}`, count: 100, start: ago(2 * DAY), stepMs: 10_000 });
    await storeChanges(db, {
      agent,
      prefix: `i${serial}`,
      count: 100,
      start: ago(2 * 60 * MINUTE),
      stepMs: 10_000,
      source: 'import',
    });
    await watch({ share: 1 });
    expect(await alertsOf(agent)).toEqual([]);
  });

  describe('notice', () => {
    let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
    beforeEach(async () => {
      smtp = await startSmtpReceiver();
    });
    afterEach(() => smtp.close());

    it('writes alert.raised to the audit log and e-mails reviewers, not USER_RANA', async () => {
      const admin = await createUserWithSecret(t, ADMIN);
      const staff = await createUserWithSecret(t, productRole(t.config.productCode));
      const rana = await createUserWithSecret(t, USER_RANA);
      const mailer = mailerFromConfig(testConfig({ SMTP_URL: smtp.url }))!;
      // The records as an import had them ten days ago: the burst then changes their phone.
      await importedTenDaysAgo(`j${serial}`, 60);
      await storeChanges(db, {
        agent,
        prefix: `j${serial}`,
        count: 60,
        start: ago(3 * 60 * MINUTE),
        stepMs: 30_000,
      });
      const report = await watch({ share: 1 }, { mailer });
      mailer.close();
      expect(report.raised).toHaveLength(1);
      const audit = await db
        .selectFrom('audit_log')
        .selectAll()
        .where('target', '=', `alert:${report.raised[0]}`)
        .execute();
      expect(audit.map((a) => a.action)).toEqual(['alert.raised']);
      const to = smtp.messages.flatMap((m) => m.to);
      expect(to).toContain(admin.email);
      expect(to).toContain(staff.email);
      expect(to).not.toContain(rana.email);
      const body = decodeQuotedPrintable(smtp.messages[0]!.raw);
      expect(body).toContain(`Luca Bianchi${serial}`);
      // The fields by the names the app gives them, never the CRM's.
      expect(body).toMatch(/spesso: Telefono \(60\)\./);
      // Times as the app shows them, in Rome.
      expect(body).toMatch(/tra il \d{2}\/\d{2}\/\d{4} \d{2}:\d{2} e il \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}\./);
      expect(body).not.toMatch(/\bPhone \(/);
      expect(body).toContain('http://storico.test/avvisi');
    });
  });
});
