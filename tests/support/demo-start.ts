import { expect } from 'vitest';
import { AuditService } from '../../server/audit-log/audit.service';
import { startBackground } from '../../server/app/background';
import type { Config } from '../../server/config/config';
import type { DemoCounts } from '../../sandbox-crm';
import type { DatabaseHandle } from '../../server/db/database';
import { ReadinessState } from '../../server/http/readiness';
import { prepareCrm, type PreparedCrm } from '../../server/sync/crm-runtime';
import { silentLogger } from '../../server/config/logger';

/**
 * A demo start as the server makes it, without the HTTP app: the sandbox CRM, the history import, the first sync
 * and the watch after it; answers once the server would be ready, with everything in the background stopped.
 */
export async function startDemoOnce(
  config: Config,
  database: DatabaseHandle,
  demoCounts: Partial<DemoCounts>,
): Promise<PreparedCrm> {
  const readiness = new ReadinessState();
  readiness.databaseReady();
  const crm = await prepareCrm(config, database, { demoCounts });
  const services = { audit: new AuditService(database.db), mailer: null, restoreMail: null };
  const background = startBackground({ config, database, crm, services, readiness, logger: silentLogger });
  await expect.poll(() => readiness.snapshot().ready, { timeout: 30_000, interval: 100 }).toBe(true);
  await background.stop();
  await crm.close();
  return crm;
}
