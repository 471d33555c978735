import type { FastifyInstance } from 'fastify';
import { USER_RANA } from '../contract/roles';
import { buildApp } from '../server/app';
import { SessionService } from '../server/auth/sessions';
import { loadConfig } from '../server/config';
import type { Db } from '../server/db/database';
import { ReadinessState } from '../server/health/readiness';
import { ensureRoles } from '../server/users/bootstrap';
import { findRoleByName } from '../server/users/roles.repository';
import { insertUser } from '../server/users/users.repository';

/**
 * The real app on a migrated database, without listening (benchmarks call it through inject), and the bearer
 * header of a signed-in user that may search, compare and restore.
 */
export async function benchApp(
  db: Db,
): Promise<{ app: FastifyInstance; headers: { authorization: string } }> {
  const config = loadConfig({
    DEMO: '1',
    DATA_DIR: '/tmp/storico-bench',
    JWT_SECRET: 'bench-jwt-secret-that-is-long-enough-for-hs256',
    SECRETS_KEY: '0'.repeat(64),
    LOG_LEVEL: 'silent',
  });
  await ensureRoles(db, config.productCode);
  const sessions = new SessionService(db, config.jwtSecret);
  const readiness = new ReadinessState();
  readiness.databaseReady();
  readiness.syncStatus('disabled');
  const app = await buildApp({ config, db, readiness, sessions, logger: false });
  await app.ready();
  const role = await findRoleByName(db, USER_RANA);
  const userId = await insertUser(db, {
    username: 'bench',
    email: 'bench@example.test',
    password_hash: 'not-used',
    role_id: role!.id,
    updated_at: new Date(),
  });
  const token = await sessions.issue({ id: userId, username: 'bench', role: USER_RANA }, null);
  return { app, headers: { authorization: `Bearer ${token}` } };
}
