/**
 * What the mass-change watch adds to a sync: 10,000 changed contacts stored the way the sync stores them (pages of
 * 2,000), then one watch run over them, on PGlite (and PostgreSQL when TEST_DATABASE_URL is set). Two shapes:
 * every agent in a burst (alerts raised, top fields computed) and the same changes spread over the day (none).
 * Prints the sync's time, the watch's time and the share the watch adds. `BENCH_CHANGES` changes the count.
 */
import { AuditService } from '../server/audit-log/audit.service';
import { toSfDateTime } from '../server/crm/salesforce-dates';
import { storeSnapshots } from '../server/store/revision-store';
import { runMassChangeWatch } from '../server/watch/mass-change-watch';
import { contactSnapshot } from '../tests/support/revision-fixtures';
import { createTestDatabase, testDbKinds, type TestDbKind } from '../tests/support/test-database';

const CHANGES = Number(process.env.BENCH_CHANGES ?? 10_000);
const AGENTS = 20;
const PAGE = 2000;

/** `CHANGES` contacts, the i-th changed by agent i % AGENTS at `start + i * stepMs`, with an earlier version each. */
function snapshots(start: number, stepMs: number, version: number) {
  return Array.from({ length: CHANGES }, (_, i) => {
    const at = toSfDateTime(start + i * stepMs);
    return contactSnapshot(`bench-${i}`, `005BENCH${i % AGENTS}`, {
      LastModifiedById: `005BENCH${i % AGENTS}`,
      LastModifiedDate: at,
      SystemModstamp: at,
      Phone: `+39 06 ${version}${i}`,
      PersonEmail: `p${version}.${i}@example.it`,
    });
  });
}

async function run(kind: TestDbKind, shape: 'burst' | 'spread'): Promise<void> {
  // A migrated scratch database of its own, dropped again at the end.
  const database = await createTestDatabase(kind);
  try {
    const now = Date.now();
    // The records' earlier versions: an import of last month, so each change has a version before it.
    const earlier = snapshots(now - 20 * 86_400_000, 1000, 0);
    for (let i = 0; i < earlier.length; i += PAGE)
      await storeSnapshots(database.db, 'Account', earlier.slice(i, i + PAGE), 'import');

    // Burst: the 10,000 changes within 50 minutes; spread: over the last 23 hours.
    const span = shape === 'burst' ? 50 * 60_000 : 23 * 3_600_000;
    const changes = snapshots(now - span, span / CHANGES, 1);
    const syncStarted = performance.now();
    for (let i = 0; i < changes.length; i += PAGE)
      await storeSnapshots(database.db, 'Account', changes.slice(i, i + PAGE), 'sync');
    const syncMs = performance.now() - syncStarted;

    const watchStarted = performance.now();
    const report = await runMassChangeWatch({
      db: database.db,
      thresholds: { minRecords: 50, share: 0.05, shareMin: 10, windowMinutes: 60 },
      audit: new AuditService(database.db),
      productCode: 'STORICO',
      mailer: null,
      publicUrl: 'http://localhost:8080',
    });
    const watchMs = performance.now() - watchStarted;
    console.log(
      `${kind.padEnd(8)} ${shape.padEnd(6)} sync of ${CHANGES} changes ${syncMs.toFixed(0)} ms, ` +
        `watch ${watchMs.toFixed(0)} ms (+${((watchMs / syncMs) * 100).toFixed(1)}%), ` +
        `${report.raised.length} alerts raised`,
    );
  } finally {
    await database.close();
  }
}

for (const kind of testDbKinds()) {
  await run(kind, 'burst');
  await run(kind, 'spread');
}
