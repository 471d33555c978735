/**
 * How fast an approved rollback is applied: a sandbox CRM over HTTP (the Salesforce connector, as in production),
 * one agent's burst of edits to `BENCH_ROLLBACK_RECORDS` contacts (default 500) synced, then the rollback of that
 * window applied by the worker's runner in batches of ROLLBACK_BATCH_SIZE (default 50), on PGlite (and PostgreSQL
 * when TEST_DATABASE_URL is set). Prints the records rolled back per second and the CRM writes it took.
 */
import { AuditService } from '../server/audit-log/audit.service';
import { hashPassword } from '../server/identity/passwords';
import { SalesforceConnector } from '../server/crm/salesforce/salesforce-connector';
import { runSandboxBurst } from '../server/crm/sandbox-burst';
import { startSandboxCrm } from '../sandbox-crm/sandbox-crm';
import { RollbackRunner } from '../server/rollbacks/rollback-runner';
import { recordsChangedInWindow } from '../server/rollbacks/rollback-scope';
import { decideRollback, findRollback, insertRollback } from '../server/rollbacks/rollbacks.repository';
import { runSync } from '../server/sync/crm-sync';
import { ensureRoles } from '../server/users/bootstrap';
import { findRoleByName } from '../server/identity/roles.repository';
import { insertUser } from '../server/identity/users.repository';
import { createTestDatabase, testDbKinds, type TestDbKind } from '../tests/support/test-database';

const RECORDS = Number(process.env.BENCH_ROLLBACK_RECORDS ?? 500);
const BATCH = Number(process.env.ROLLBACK_BATCH_SIZE ?? 50);

async function run(kind: TestDbKind): Promise<void> {
  const sandbox = await startSandboxCrm({ port: 0, counts: { users: 5, accounts: RECORDS + 20, cases: 10 } });
  const database = await createTestDatabase(kind);
  try {
    const db = database.db;
    const crm = new SalesforceConnector({
      loginUrl: sandbox.url,
      clientId: 'sandbox',
      clientSecret: 'sandbox',
    });
    await runSync(db, crm);
    const agent = sandbox.records.all('User').find((u) => u.Id !== sandbox.integrationUserId)!;
    const from = new Date(sandbox.records.now());
    runSandboxBurst(sandbox.records, { username: String(agent.Username), count: RECORDS });
    const to = new Date(sandbox.records.now());
    await runSync(db, crm);

    // The request as a USER_RANA user creates it and a reviewer approves it (the API's checks are not measured).
    await ensureRoles(db, 'STORICO');
    const role = (await findRoleByName(db, 'USER_RANA'))!;
    const creatorId = await insertUser(db, {
      username: 'bench-rana',
      email: 'bench-rana@example.it',
      password_hash: await hashPassword('Bench-password-1!'),
      role_id: role.id,
      created_at: new Date(),
      updated_at: new Date(),
    });
    const records = await recordsChangedInWindow(db, 'account', { agent: agent.Id, from, to });
    const id = await insertRollback(db, {
      sfUserId: agent.Id,
      object: 'Account',
      rangeFrom: from.toISOString(),
      rangeTo: to.toISOString(),
      windowFrom: from,
      windowTo: to,
      fields: null,
      alertId: null,
      creatorId,
      createdAt: new Date(),
      records: records.map((r) => ({
        recordId: r.recordId,
        targetRevisionId: r.targetRevisionId,
        laterChanged: false,
      })),
    });
    await decideRollback(db, { id, reviewerId: creatorId, approved: true, at: new Date() });

    const runner = new RollbackRunner({
      db,
      crm,
      audit: new AuditService(db),
      now: () => new Date(),
      batchSize: BATCH,
      outcomeWaitMs: 600_000,
    });
    const patches = sandbox.stats.patches;
    const started = performance.now();
    await runner.runUntilIdle();
    const seconds = (performance.now() - started) / 1000;
    const done = (await findRollback(db, id, null))!;
    const applied = done.counts.restored + done.counts.skipped + done.counts.refused;
    console.log(
      `${kind.padEnd(8)} rollback of ${applied} contacts in batches of ${BATCH}: ${seconds.toFixed(1)} s, ` +
        `${(applied / seconds).toFixed(1)} records/s (${done.counts.restored} restored, ` +
        `${done.counts.skipped} skipped, ${done.counts.refused} refused; ${sandbox.stats.patches - patches} PATCHes)`,
    );
  } finally {
    await database.close();
    await sandbox.close();
  }
}

for (const kind of testDbKinds()) await run(kind);
