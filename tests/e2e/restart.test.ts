import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { readinessSchema } from '../../contract/health';
import { openDatabase } from '../../server/db/database';
import { startServer } from './support/server-process';

async function withDataDir<T>(
  dataDir: string,
  use: (db: Awaited<ReturnType<typeof openDatabase>>['db']) => Promise<T>,
): Promise<T> {
  const handle = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });
  try {
    return await use(handle.db);
  } finally {
    await handle.close();
  }
}

/** Waits until the server's database is open and migrated (`/readyz` says so before the data has loaded). */
async function migrated(baseUrl: string): Promise<void> {
  await expect
    .poll(
      async () => readinessSchema.parse(await (await fetch(`${baseUrl}/readyz`)).json()).checks.database,
      { timeout: 120_000, interval: 250 },
    )
    .toBe('ok');
}

describe('stopping and starting the server', () => {
  // Both starts are stopped once their database is migrated, while the demo data may still load: a stop in the
  // middle of the load closes as cleanly as one after it (first-start.test.ts waits for a whole load).
  it('closes cleanly on SIGTERM to npm start, within 10 s, and keeps the data for the next start', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'storico-restart-'));
    const first = await startServer({}, dataDir, '/healthz');
    await migrated(first.baseUrl);
    const stoppingAt = Date.now();
    expect(await first.stop()).toBe(0);
    expect(Date.now() - stoppingAt).toBeLessThan(10_000);
    await expect(fetch(`${first.baseUrl}/healthz`)).rejects.toThrow();

    await withDataDir(dataDir, (db) =>
      db.insertInto('audit_log').values({ action: 'restart-marker', target: 'kept' }).execute(),
    );

    const second = await startServer({}, dataDir, '/healthz');
    await migrated(second.baseUrl);
    const health = await fetch(`${second.baseUrl}/healthz`);
    expect(health.status).toBe(200);
    expect(await second.stop()).toBe(0);

    await withDataDir(dataDir, async (db) => {
      const marker = await db
        .selectFrom('audit_log')
        .select('target')
        .where('action', '=', 'restart-marker')
        .execute();
      expect(marker).toEqual([{ target: 'kept' }]);
      const migrations = await sql<{ n: number }>`select count(*)::int as n from kysely_migration`.execute(
        db,
      );
      expect(migrations.rows[0]?.n).toBeGreaterThan(0);
    });
  });
});
