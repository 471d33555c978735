import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { generateDemoData, HISTORY_END } from '../../../sandbox-crm/demo/demo-data';
import type { DatabaseHandle } from '../../../server/db/database';
import { startDemoOnce } from '../../support/demo-start';
import { testConfig } from '../../support/test-app';
import { createTestDatabase, testDbKinds } from '../../support/test-database';

const demoCounts = { users: 3, accounts: 80, cases: 10 };

describe.each(testDbKinds())('the demo sandbox and the mass-change watch on %s', (kind) => {
  let database: DatabaseHandle;
  beforeEach(async () => {
    database = await createTestDatabase(kind);
  });
  afterEach(() => database.close());

  /** A demo start: the history import, the first sync and the watch after it. */
  const start = (env: Record<string, string>) =>
    startDemoOnce(testConfig({ SYNC_INTERVAL_S: '0', ...env }), database, demoCounts);
  const alerts = () => database.db.selectFrom('alerts').selectAll().execute();

  it('raises nothing for the demo history and the first sync of an old org', async () => {
    await start({});
    expect(await database.db.selectFrom('revision_accounts').select('id').execute()).not.toHaveLength(0);
    expect(await alerts()).toEqual([]);
  });

  it('SANDBOX_CRM_BURST has one agent edit many contacts at start; the sync after it raises one alert', async () => {
    const agent = generateDemoData({ counts: demoCounts }).users[0]!;
    const username = String(agent.Username).split('@')[0]!;
    const crm = await start({ SANDBOX_CRM_BURST: `${username}:55` });
    // The contacts the agent changed since the history, as the CRM has them.
    const records = crm.sandbox!.records;
    const stamp = (r: Record<string, unknown>) => Date.parse(String(r.SystemModstamp));
    const changed = records
      .all('Account')
      .filter((a) => a.LastModifiedById === agent.Id && stamp(a) > HISTORY_END);
    // The life events come before the burst; the last of them makes a contact a business account.
    const [converted] = records
      .all('Account')
      .filter((a) => a.IsPersonAccount === false && stamp(a) > HISTORY_END);
    const burst = changed.filter((a) => stamp(a) > stamp(converted!));
    expect(burst).toHaveLength(55);
    // The survivor of the demo's merge at start was stamped by the merge, as its owner, but none of its fields
    // changed: a sync stores no new version of it, unless the burst edited it after (about three times in four).
    const survivorId = records.allWithDeleted('Account').find((a) => a.MasterRecordId)?.MasterRecordId;
    expect(survivorId).toBeDefined();
    const edited = changed
      .filter((a) => a.Id !== survivorId || burst.includes(a))
      .map((a) => a.Id)
      .sort();
    const stored = await database.db
      .selectFrom('revision_accounts')
      .select('account_id')
      .distinct()
      .where('source', '=', 'sync')
      .where(sql<string>`json->>'LastModifiedById'`, '=', agent.Id)
      .where('saved_at', '>', new Date(HISTORY_END))
      .orderBy('account_id')
      .execute();
    expect(stored.map((r) => r.account_id)).toEqual(edited);
    const raised = await alerts();
    expect(raised).toHaveLength(1);
    // The agent's own contacts the demo's life events deleted at start (as their owner) count in the same window.
    const deleted = records
      .allWithDeleted('Account')
      .filter((a) => a.IsDeleted === true && a.LastModifiedById === agent.Id).length;
    expect(raised[0]).toMatchObject({
      sf_user_id: agent.Id,
      object: 'Account',
      changed: edited.length,
      deleted,
    });
    expect(raised[0]!.top_fields.length).toBeGreaterThan(0);
    const audit = await database.db.selectFrom('audit_log').select('action').execute();
    expect(audit.map((a) => a.action)).toContain('alert.raised');
  });
});
